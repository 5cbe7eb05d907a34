import { type FarcasterSigner, farcasterSignerApi, type User } from '@latchkey/protocol';
import { base64urlnopad, hex } from '@scure/base';
import { embeddedEntropy } from '../embedded/accounts.ts';
import type { EmbeddedWallets } from '../embedded/embedded-wallets.ts';
import { LatchkeyClientError } from '../errors.ts';
import type { HttpClient } from '../http/createHttpClient.ts';

/*
 * The Farcaster signer (spec document 1 §3–§5, document 2 §2): an Ed25519 key the wallet frame
 * derives from the user's embedded wallet, which the user adds to their fid by approving the app's
 * signed key request in the Farcaster app; then Farcaster messages (casts, likes, follows) are
 * signed with it in the frame. Loaded on first use (`@latchkey/core/farcaster-signer`).
 */

/** Spec document 1 §4 and document 2 §9: read every 2 s for 5 min; approved closes after 1.4 s. */
export const farcasterSignerTimings = { pollMs: 2000, timeoutMs: 300_000, closeMs: 1400 } as const;

/** The incumbent's messages (react-auth), for the same situations. */
export const farcasterSignerMessages = {
  noAccessToken: 'Must have valid access token to connect with Farcaster',
  noEmbeddedWallet: 'Must have an embedded wallet to use Farcaster signers',
  noFarcasterAccount: 'Must have Farcaster account to use Farcaster signers',
  noSignerPublicKey: 'Must have a Farcaster signer public key to sign',
  rejected: 'The request was rejected. Please try again.',
  timedOut: 'The request timed out. Try again.',
  canceled: 'The Farcaster signer request was canceled',
} as const;

/** What the signer flows use of the client (`LatchkeyClient` has all of it). */
export interface FarcasterSignerClient {
  http: Pick<HttpClient, 'call'>;
  getState(): { user: User | null };
  refreshSession(): Promise<User | null>;
  embeddedWallets(): Promise<Pick<EmbeddedWallets, 'connect' | 'initFarcasterSigner' | 'signFarcasterHash'>>;
}

/** Whose signer: the secret it comes from (named by the entropy id, as the frame stores it) and the fid. */
export interface FarcasterSignerTarget {
  address: string;
  fid: number;
  /** The signer already on the user's Farcaster account (`signer_public_key`), if any. */
  signerPublicKey: string | null;
}

/**
 * The user's Farcaster signer target, with the incumbent's refusals: no user, no embedded wallet
 * (the signer comes from its secret), no Farcaster account.
 */
export function farcasterSignerTarget(user: User | null): FarcasterSignerTarget {
  if (!user) throw new LatchkeyClientError('must_be_authenticated', farcasterSignerMessages.noAccessToken);
  const entropy = embeddedEntropy(user);
  if (!entropy)
    throw new LatchkeyClientError('embedded_wallet_not_found', farcasterSignerMessages.noEmbeddedWallet);
  const account = user.linked_accounts.find((a) => a.type === 'farcaster') as
    | { fid?: unknown; signer_public_key?: unknown }
    | undefined;
  if (typeof account?.fid !== 'number')
    throw new LatchkeyClientError('farcaster_account_not_found', farcasterSignerMessages.noFarcasterAccount);
  const signerPublicKey = typeof account.signer_public_key === 'string' ? account.signer_public_key : null;
  return { address: entropy.entropyId, fid: account.fid, signerPublicKey };
}

export interface InitFarcasterSignerOptions {
  /**
   * Brings the wallet onto this device first. Default: `connect` (a 'privy' wallet recovers by
   * itself); the modal passes its own, which asks for a password wallet's password.
   */
  onDevice?: ((address: string) => Promise<void>) | undefined;
}

/**
 * Asks the server, through the frame, to have the user's signer added to their fid: a pending
 * request carries `signer_approval_url` (the QR code, or the phone's link, to the Farcaster app).
 * An approved signer refreshes the user, whose Farcaster account then shows its public key.
 */
export async function initFarcasterSigner(
  client: FarcasterSignerClient,
  { onDevice }: InitFarcasterSignerOptions = {},
): Promise<FarcasterSigner> {
  const { address } = farcasterSignerTarget(client.getState().user);
  const frame = await client.embeddedWallets();
  if (onDevice) await onDevice(address);
  else await frame.connect({ address });
  const signer = await frame.initFarcasterSigner(address);
  if (signer.status === 'approved') await client.refreshSession();
  return signer;
}

/** Where the signer stands (`POST /api/v1/farcaster/signer/status`). */
export function readFarcasterSignerStatus(
  client: Pick<FarcasterSignerClient, 'http'>,
  publicKey: string,
): Promise<FarcasterSigner> {
  return client.http.call(farcasterSignerApi.farcasterSignerStatus, { ed25519_public_key: publicKey });
}

export interface WatchFarcasterSignerParameters {
  publicKey: string;
  /** Resolves after `ms`; the modal passes its timers so a closed modal stops the watch. */
  wait(ms: number): Promise<void>;
  /** False once the watch should stop (the modal closed). */
  active(): boolean;
  now?: () => number;
}

/**
 * Reads the signer every 2 s until the user approved it, for 5 min at most; then refreshes the user.
 *
 * @throws `farcaster_signer_rejected` once revoked, `farcaster_signer_timeout` after 5 min,
 *   `farcaster_signer_canceled` once `active()` is false.
 */
export async function watchFarcasterSigner(
  client: FarcasterSignerClient,
  { publicKey, wait, active, now = Date.now }: WatchFarcasterSignerParameters,
): Promise<FarcasterSigner> {
  const deadline = now() + farcasterSignerTimings.timeoutMs;
  for (;;) {
    await wait(farcasterSignerTimings.pollMs);
    if (!active())
      throw new LatchkeyClientError('farcaster_signer_canceled', farcasterSignerMessages.canceled);
    const signer = await readFarcasterSignerStatus(client, publicKey);
    if (signer.status === 'approved') {
      await client.refreshSession();
      return signer;
    }
    if (signer.status === 'revoked')
      throw new LatchkeyClientError('farcaster_signer_rejected', farcasterSignerMessages.rejected);
    if (now() + farcasterSignerTimings.pollMs > deadline)
      throw new LatchkeyClientError('farcaster_signer_timeout', farcasterSignerMessages.timedOut);
  }
}

/** The signer's public key (32 bytes), as `@farcaster/core`'s external signers want it. */
export function getFarcasterSignerPublicKey(user: User | null): Uint8Array {
  const { signerPublicKey } = farcasterSignerTarget(user);
  if (!signerPublicKey)
    throw new LatchkeyClientError('farcaster_signer_not_found', farcasterSignerMessages.noSignerPublicKey);
  return hex.decode(signerPublicKey.replace(/^0x/, '').toLowerCase());
}

/**
 * Signs a Farcaster message hash (20 bytes, `@farcaster/core`'s `signMessageHash`) with the user's
 * approved signer, in the frame; the 64-byte Ed25519 signature.
 */
export async function signFarcasterMessage(
  client: FarcasterSignerClient,
  hash: Uint8Array,
): Promise<Uint8Array> {
  const { address, fid, signerPublicKey } = farcasterSignerTarget(client.getState().user);
  if (!signerPublicKey)
    throw new LatchkeyClientError('farcaster_signer_not_found', farcasterSignerMessages.noSignerPublicKey);
  const frame = await client.embeddedWallets();
  await frame.connect({ address });
  const signature = await frame.signFarcasterHash({ address, fid, hash: base64urlnopad.encode(hash) });
  return base64urlnopad.decode(signature.replace(/=+$/, ''));
}
