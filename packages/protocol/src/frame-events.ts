import type { ChainType, EntropyIdVerifier, FrameRecoveryMethod } from './wallets.ts';

/**
 * The wallet frame's postMessage protocol (WIRE.md §6): the events the frame answers, each with its
 * request `data`, its reply `data` and the error types it may fail with. The host (core) and the
 * frame (wallet-frame) both read the names and the sets below from here.
 */

/** Event names, by what they do. */
export const frameEvents = {
  ready: 'privy:iframe:ready',
  walletCreate: 'privy:wallet:create',
  solanaWalletCreate: 'privy:solana-wallet:create',
  walletsAdd: 'privy:wallets:add',
  walletsConnect: 'privy:wallets:connect',
  walletsRecover: 'privy:wallets:recover',
  walletsSetRecovery: 'privy:wallets:set-recovery',
  walletsRpc: 'privy:wallets:rpc',
  walletsImport: 'privy:wallets:import',
  // Latchkey's own: the modal checks a wallet's password before it asks for a new one, and the SDK
  // enrolls the device right after a login.
  walletsCheckRecoveryPassword: 'privy:wallets:check-recovery-password',
  walletsEnrollDevice: 'privy:wallets:enroll-device',
} as const;

export type FrameEventName = (typeof frameEvents)[keyof typeof frameEvents];

/** Every event name starts so (WIRE.md §6); anything else on the message bus is someone else's. */
export const frameEventPattern = /^privy:.+/;

/**
 * Every error `type` of WIRE.md §6. This frame answers with the first four; the MFA, funds and
 * client ones come from the incumbent's frame, and a client may still meet them.
 */
export type FrameErrorType =
  | 'error'
  | 'invalid_request_arguments'
  | 'wallet_not_on_device'
  | 'invalid_recovery_pin'
  | 'insufficient_funds'
  | 'mfa_timeout'
  | 'missing_or_invalid_mfa'
  | 'mfa_verification_max_attempts_reached'
  | 'client_error';

export interface FrameError<T extends FrameErrorType = FrameErrorType> {
  type: T;
  message: string;
}

/** The user's access token; absent in cookie mode, where the frame's requests carry the session cookie. */
export interface FrameAuthData {
  accessToken?: string;
}

/** The entropy (the user's seed, or an imported key) a request names: its id is its first address. */
export interface FrameEntropyData extends FrameAuthData {
  entropyId: string;
  entropyIdVerifier: EntropyIdVerifier;
}

/** A recovery method and, for `user-passcode`, its password (default `privy`). */
export interface FrameRecoveryData {
  recoveryMethod?: FrameRecoveryMethod;
  recoveryPassword?: string;
}

export interface FrameRpcRequest {
  method: string;
  params?: unknown;
}

type Failing = 'error' | 'invalid_request_arguments';
/** The failures of an event that needs the wallet's shares on this device. */
type OnDevice = Failing | 'wallet_not_on_device';

/** Each event's request data, reply data and error types. */
export interface FrameEventMap {
  'privy:iframe:ready': {
    request: Record<string, never>;
    /** `page`: this browser gives the frame no lasting storage, so the wallet lasts for this page only. */
    response: { storage?: 'page' };
    error: 'error';
  };
  'privy:wallet:create': {
    request: FrameAuthData & FrameRecoveryData;
    response: { address: string };
    error: Failing;
  };
  /** From the user's existing entropy (`ethereumAddress`, its id), else a new one. */
  'privy:solana-wallet:create': {
    request: FrameAuthData & FrameRecoveryData & { ethereumAddress?: string };
    response: { publicKey: string };
    error: OnDevice;
  };
  'privy:wallets:add': {
    request: FrameEntropyData & { chainType: ChainType; hdWalletIndex: number };
    response: { address: string };
    error: OnDevice;
  };
  'privy:wallets:connect': {
    request: FrameEntropyData;
    response: { entropyId: string };
    error: OnDevice;
  };
  'privy:wallets:recover': {
    request: FrameEntropyData & { recoveryPassword?: string };
    response: { entropyId: string };
    error: Failing | 'invalid_recovery_pin';
  };
  /** `existingRecoveryPassword`: the current password, when the wallet has one. */
  'privy:wallets:set-recovery': {
    request: FrameEntropyData & FrameRecoveryData & { existingRecoveryPassword?: string };
    response: {
      entropyId: string;
      entropyIdVerifier: EntropyIdVerifier;
      recoveryMethod: FrameRecoveryMethod;
    };
    error: OnDevice | 'invalid_recovery_pin';
  };
  'privy:wallets:rpc': {
    request: FrameEntropyData & {
      chainType: ChainType;
      hdWalletIndex: number;
      requesterAppId?: string;
      request: FrameRpcRequest;
    };
    response: { address: string; chainType: ChainType; response: { method: string; data: unknown } };
    error: OnDevice;
  };
  'privy:wallets:import': {
    request: FrameAuthData &
      FrameRecoveryData & { privateKey: string; chainType: ChainType; mode: 'on-device' | 'tee' };
    response: { address: string };
    error: Failing;
  };
  'privy:wallets:check-recovery-password': {
    request: FrameEntropyData & { recoveryPassword: string };
    response: Record<string, never>;
    error: Failing | 'invalid_recovery_pin';
  };
  'privy:wallets:enroll-device': {
    request: FrameAuthData;
    response: Record<string, never>;
    error: Failing;
  };
}

export type FrameRequestOf<E extends FrameEventName> = FrameEventMap[E]['request'];
export type FrameResponseOf<E extends FrameEventName> = FrameEventMap[E]['response'];
export type FrameErrorOf<E extends FrameEventName> = FrameEventMap[E]['error'];

/** A request on the bus: `{id, event, data}`; `id` is `id-<counter>` from browsers. */
export interface FrameRequestEnvelope<E extends FrameEventName = FrameEventName> {
  id: string | number;
  event: E;
  data: FrameRequestOf<E>;
}

/** The answer: the request's `id` and `event`, plus `data` or `error`. */
export type FrameReplyEnvelope<E extends FrameEventName = FrameEventName> =
  | { id: string | number; event: E; data: FrameResponseOf<E> }
  | { id: string | number; event: E; error: FrameError<FrameErrorOf<E>> };

/** Events that run key generation, recovery or re-splitting: the host waits 60 s for them, not 15. */
export const longFrameEvents: readonly FrameEventName[] = [
  frameEvents.walletCreate,
  frameEvents.solanaWalletCreate,
  frameEvents.walletsAdd,
  frameEvents.walletsSetRecovery,
  frameEvents.walletsImport,
  frameEvents.walletsRecover,
];

/**
 * Creates the host may send twice while the first is still running (WIRE.md §6): both ends run
 * identical ones once, or two entropies would race.
 */
export const deduplicatedFrameEvents: readonly FrameEventName[] = [
  frameEvents.walletCreate,
  frameEvents.walletsAdd,
  frameEvents.solanaWalletCreate,
];
