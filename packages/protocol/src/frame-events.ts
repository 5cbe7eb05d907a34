import type { FarcasterSigner } from './api/farcaster.ts';
import type { MfaMethod } from './api/mfa.ts';
import type { PasskeyAssertion } from './api/passkeys.ts';
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
  // Latchkey's own: wipes the keys the frame keeps between operations (the SDK sends it on logout).
  walletsLock: 'privy:wallets:lock',
  // Multi-factor (WIRE.md §6): the frame verifies codes and keeps the MFA token; the host never sees it.
  mfaVerify: 'privy:mfa:verify',
  mfaInitEnrollment: 'privy:mfa:init-enrollment',
  mfaSubmitEnrollment: 'privy:mfa:submit-enrollment',
  mfaUnenroll: 'privy:mfa:unenroll',
  mfaClear: 'privy:mfa:clear',
  authUnlinkPasskey: 'privy:auth:unlink-passkey',
  // Delegated actions and session signers (spec document 2 §4): the frame seals the delegated wallets'
  // keys to the server, and signs changes to the user's server wallets with its own session key.
  delegatedActionsConsent: 'privy:delegated-actions:consent',
  userSignerSign: 'privy:user-signer:sign',
  // The Farcaster signer (spec document 1 §3–§5): an Ed25519 key the frame derives from the user's
  // wallet, added to the user's fid through a signed key request, and the signatures made with it.
  farcasterInitSigner: 'privy:farcaster:init-signer',
  farcasterSign: 'privy:farcaster:sign',
} as const;

export type FrameEventName = (typeof frameEvents)[keyof typeof frameEvents];

/** Every event name starts so (WIRE.md §6); anything else on the message bus is someone else's. */
export const frameEventPattern = /^privy:.+/;

/**
 * Every error `type` of WIRE.md §6. This frame answers with the first four and
 * `missing_or_invalid_mfa` (the server refused for MFA, or a code did not verify); the host's MFA
 * loop adds `mfa_timeout`, `mfa_verification_max_attempts_reached` and `client_error` ('MFA
 * canceled'); `insufficient_funds` comes from the incumbent's frame, and a client may still meet it.
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

/**
 * What a host merges into any request's `data` once the user has given a code (WIRE.md §6): the frame
 * verifies it with the server before the operation and keeps the MFA token it gets. `mfaCode` is the
 * six digits for `sms` and `totp`, the snake_case WebAuthn assertion (WIRE.md §3.5) for `passkey`;
 * `relyingParty` is the page origin the assertion was made on. The incumbent's SDK sends nulls when it
 * has none.
 */
export interface FrameMfaData {
  mfaMethod?: MfaMethod | null;
  mfaCode?: string | PasskeyAssertion | null;
  relyingParty?: string | null;
}

/** The MFA fields' names, for the code that merges and strips them. */
export const frameMfaFields = ['mfaMethod', 'mfaCode', 'relyingParty'] as const;

export interface FrameRpcRequest {
  method: string;
  params?: unknown;
}

/** Any request may carry the MFA fields, and any may be refused for MFA. */
type Failing = 'error' | 'invalid_request_arguments' | 'missing_or_invalid_mfa';
/** The failures of an event that needs the wallet's shares on this device. */
type OnDevice = Failing | 'wallet_not_on_device';

/** A wallet the user delegates: one of their embedded wallets, by its place in their HD tree. */
export interface FrameDelegatedWallet {
  address: string;
  chainType: ChainType;
  walletIndex: number;
}

/**
 * The secret the delegated wallets come from: the user's entropy (named by its first wallet) or, with
 * `imported`, that imported key (then the one delegated wallet is the root itself).
 */
export interface FrameDelegationRoot {
  address: string;
  chainType: ChainType;
  imported: boolean;
}

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
  /**
   * Wipes the wallet keys and auth shares the frame holds between operations: the next operation
   * rebuilds them, after the server has confirmed the session again. No token needed.
   */
  'privy:wallets:lock': {
    request: Record<string, never>;
    response: Record<string, never>;
    error: Failing;
  };
  /** Verifies the MFA fields the request carries and keeps the token (WIRE.md §6). */
  'privy:mfa:verify': {
    request: FrameAuthData;
    response: Record<string, never>;
    error: Failing;
  };
  /** sms: the server texts an enrolment code to `phoneNumber`; totp: a new secret for the QR code. */
  'privy:mfa:init-enrollment': {
    request: FrameAuthData & ({ method: 'sms'; phoneNumber: string } | { method: 'totp' });
    response: { method: MfaMethod; secret?: string; authUrl?: string };
    error: Failing;
  };
  /** passkey: the passkeys (of the user's linked ones) that verify from now on, the others removed. */
  'privy:mfa:submit-enrollment': {
    request: FrameAuthData &
      (
        | { method: 'sms'; phoneNumber: string; code: string }
        | { method: 'totp'; code: string }
        | { method: 'passkey'; credentialIds: string[]; removeForLogin?: boolean }
      );
    response: Record<string, never>;
    error: Failing;
  };
  'privy:mfa:unenroll': {
    request: FrameAuthData & { method: MfaMethod; removeForLogin?: boolean };
    response: Record<string, never>;
    error: Failing;
  };
  /** Drops the frame's MFA token (logout, or an app that wants a fresh verification). No token needed. */
  'privy:mfa:clear': {
    request: { userId?: string };
    response: Record<string, never>;
    error: Failing;
  };
  /** Unlinks a passkey, also as a factor with `removeAsMfa` (removing a factor needs the MFA token). */
  'privy:auth:unlink-passkey': {
    request: FrameAuthData & { credentialId: string; removeAsMfa?: boolean };
    response: Record<string, never>;
    error: Failing;
  };
  /**
   * The user's consent to delegated actions: the frame rebuilds the root's secret (a fresh share
   * release, gated by MFA like an export), seals each delegated wallet's private key (never the seed)
   * to a one-time key of the server's and uploads them (protocol api/delegated-actions.ts).
   */
  'privy:delegated-actions:consent': {
    request: FrameAuthData & { rootWallet: FrameDelegationRoot; delegatedWallets: FrameDelegatedWallet[] };
    response: { success: true };
    error: OnDevice;
  };
  /**
   * Signs `message` (base64 of a canonical authorization payload, WIRE.md §7.4) with the frame's own
   * P-256 key, registered as the user's authorization key for the session. Only a change of a wallet's
   * `additional_signers` is signed: the host page gets no general signing oracle for the user's key.
   * `signature`: base64 of the DER ECDSA-P256-SHA256 signature.
   */
  'privy:user-signer:sign': {
    request: FrameAuthData & { message: string; requesterAppId?: string };
    response: { signature: string };
    error: Failing;
  };
  /**
   * Derives the Farcaster signer of the on-device wallet at `address` (its entropy's, whichever
   * index) and asks the server to have it added to the user's fid (`/farcaster/signer/init`); the
   * reply is the server's. The key never leaves the frame: only its public half is sent.
   */
  'privy:farcaster:init-signer': {
    request: FrameAuthData & { address: string; hdWalletIndex?: number | null };
    response: FarcasterSigner;
    error: OnDevice;
  };
  /**
   * Signs a Farcaster message hash (`payload.hash`, base64url of the 20-byte BLAKE3 digest) with
   * that signer: `signature` is base64url of the 64-byte Ed25519 signature. `fid` is the user's.
   */
  'privy:farcaster:sign': {
    request: FrameAuthData & {
      address: string;
      hdWalletIndex?: number | null;
      payload: { hash: string };
      fid: bigint | number | string;
    };
    response: { signature: string };
    error: OnDevice;
  };
}

/** An event's request data, with the MFA fields any request may carry (WIRE.md §6). */
export type FrameRequestOf<E extends FrameEventName> = FrameEventMap[E]['request'] & FrameMfaData;
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
 * Events the host never wraps in its MFA loop (asking the user for a code and sending the request
 * again with the MFA fields when the frame answers `missing_or_invalid_mfa`): the handshake, the
 * device's enrolment (it touches no share), `lock` and `clear`. Every other event may reach a gated part of
 * the server (share release, the per-signature session check, adding or removing a factor).
 */
export const mfaFreeFrameEvents: readonly FrameEventName[] = [
  frameEvents.ready,
  frameEvents.walletsEnrollDevice,
  frameEvents.walletsLock,
  frameEvents.mfaClear,
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
