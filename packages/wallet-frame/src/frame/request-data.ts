import {
  type ChainType,
  type EntropyIdVerifier,
  entropyIdVerifiers,
  type FrameRecoveryMethod,
  isChainType,
} from '@latchkey/protocol';
import { FrameError } from './frame-error.ts';

/** Request `data` comes from the host page: every field is checked before it is used. */
export type RequestData = Record<string, unknown>;

// The shared enums (protocol wallets.ts), under the names the frame's modules import.
export type { ChainType, EntropyIdVerifier, FrameRecoveryMethod };

/** The entropy a request names: its id (the first wallet's address) and the chain that address is on. */
export interface EntropyRef {
  entropyId: string;
  verifier: EntropyIdVerifier;
  /** The chain of the entropy's primary address. */
  primaryChain: ChainType;
}

function invalid(message: string): FrameError {
  return new FrameError('invalid_request_arguments', message);
}

export function requestData(data: unknown): RequestData {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw invalid('Missing request data');
  return data as RequestData;
}

/**
 * The user's access token, or null when the request has none: an app in cookie mode sends none, and
 * the frame's own requests then carry the session cookie instead (the server refuses them if there is
 * no session). A token that is there must look like one.
 */
export function accessToken(data: RequestData): string | null {
  const token = data.accessToken;
  if (token === undefined || token === null) return null;
  if (typeof token !== 'string' || token.length === 0 || token.length > 8192)
    throw invalid('Missing access token');
  return token;
}

export function entropyRef(data: RequestData): EntropyRef {
  const { entropyId, entropyIdVerifier } = data;
  if (typeof entropyId !== 'string' || entropyId.length === 0 || entropyId.length > 100)
    throw invalid('Invalid entropyId');
  for (const primaryChain of ['ethereum', 'solana'] as const)
    if (entropyIdVerifier === entropyIdVerifiers[primaryChain])
      return { entropyId, verifier: entropyIdVerifiers[primaryChain], primaryChain };
  throw invalid('Invalid entropyIdVerifier');
}

export function chainType(data: RequestData): ChainType {
  const chain = data.chainType;
  if (isChainType(chain)) return chain;
  throw invalid('Invalid chainType');
}

export function hdWalletIndex(data: RequestData): number {
  const index = data.hdWalletIndex;
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || index >= 0x80000000)
    throw invalid('Invalid hdWalletIndex');
  return index;
}

/** `recoveryMethod` (default `privy`) and, for `user-passcode`, the password it needs. */
export function recoveryChoice(data: RequestData): { method: FrameRecoveryMethod; password: string | null } {
  const method = data.recoveryMethod ?? 'privy';
  if (method === 'privy') return { method, password: null };
  if (method === 'user-passcode') return { method, password: recoveryPassword(data) };
  throw invalid('Unsupported recovery method');
}

/** The user's recovery password; required, since the recovery key is derived from it. */
export function recoveryPassword(data: RequestData): string {
  return password(data.recoveryPassword, 'Missing recovery password');
}

/**
 * The wallet's current password, for moving a password wallet to another method or password: without
 * it, anyone who can message the frame could take the password off the wallet.
 */
export function existingRecoveryPassword(data: RequestData): string {
  const value = data.existingRecoveryPassword;
  if (value === undefined || value === null)
    throw new FrameError('invalid_recovery_pin', 'The current recovery password is required.');
  return password(value, 'Invalid existingRecoveryPassword');
}

function password(value: unknown, message: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) throw invalid(message);
  return value;
}

/** The two ends' addresses compare as the chain does: Ethereum hex is case-insensitive, base58 is not. */
export function sameAddress(chain: ChainType, a: string, b: string): boolean {
  return chain === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b;
}
