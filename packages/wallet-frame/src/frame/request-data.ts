import { FrameError } from './frame-error.ts';

/** Request `data` comes from the host page: every field is checked before it is used. */
export type RequestData = Record<string, unknown>;

export type ChainType = 'ethereum' | 'solana';
export type EntropyIdVerifier = 'ethereum-address-verifier' | 'solana-address-verifier';
export type RecoveryMethod = 'privy' | 'user-passcode';

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

export function accessToken(data: RequestData): string {
  const token = data.accessToken;
  if (typeof token !== 'string' || token.length === 0 || token.length > 8192)
    throw invalid('Missing access token');
  return token;
}

export function entropyRef(data: RequestData): EntropyRef {
  const { entropyId, entropyIdVerifier } = data;
  if (typeof entropyId !== 'string' || entropyId.length === 0 || entropyId.length > 100)
    throw invalid('Invalid entropyId');
  if (entropyIdVerifier === 'ethereum-address-verifier')
    return { entropyId, verifier: entropyIdVerifier, primaryChain: 'ethereum' };
  if (entropyIdVerifier === 'solana-address-verifier')
    return { entropyId, verifier: entropyIdVerifier, primaryChain: 'solana' };
  throw invalid('Invalid entropyIdVerifier');
}

export function chainType(data: RequestData): ChainType {
  const chain = data.chainType;
  if (chain === 'ethereum' || chain === 'solana') return chain;
  throw invalid('Invalid chainType');
}

export function hdWalletIndex(data: RequestData): number {
  const index = data.hdWalletIndex;
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || index >= 0x80000000)
    throw invalid('Invalid hdWalletIndex');
  return index;
}

/** `recoveryMethod` (default `privy`) and, for `user-passcode`, the password it needs. */
export function recoveryChoice(data: RequestData): { method: RecoveryMethod; password: string | null } {
  const method = data.recoveryMethod ?? 'privy';
  if (method === 'privy') return { method, password: null };
  if (method === 'user-passcode') return { method, password: recoveryPassword(data) };
  throw invalid('Unsupported recovery method');
}

/** The user's recovery password; required, since the recovery key is derived from it. */
export function recoveryPassword(data: RequestData): string {
  const password = data.recoveryPassword;
  if (typeof password !== 'string' || password.length === 0 || password.length > 1024)
    throw invalid('Missing recovery password');
  return password;
}

/** The two ends' addresses compare as the chain does: Ethereum hex is case-insensitive, base58 is not. */
export function sameAddress(chain: ChainType, a: string, b: string): boolean {
  return chain === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b;
}
