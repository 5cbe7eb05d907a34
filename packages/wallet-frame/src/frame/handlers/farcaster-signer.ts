import { farcasterHashLength, farcasterSign, farcasterSignerGenerations } from '@latchkey/keys';
import {
  entropyIdVerifiers,
  type FarcasterSigner,
  type FrameResponseOf,
  farcasterSignerApi,
} from '@latchkey/protocol';
import { base64urlnopad } from '@scure/base';
import { withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import { accessToken, type EntropyRef, type RequestData } from '../request-data.ts';

/**
 * The Farcaster signer (spec document 1 §3–§5): an Ed25519 key of the wallet's secret, derived in this
 * frame (keys derive-farcaster.ts) and never sent anywhere; the server only ever sees its public half.
 * The host names the secret by its embedded wallet's `address` (the entropy id, as the incumbent's SDK
 * sends it); `hdWalletIndex` is accepted and ignored, since the signer belongs to the secret.
 *
 * A key removed from an fid cannot be added to it again, so a secret's signers come in generations
 * (keys derive-farcaster.ts): the current one is the first the server does not report `revoked`.
 */

const invalid = (message: string) => new FrameError('invalid_request_arguments', message);

/** The secret named by `address`: an Ethereum address, or a Solana one (base58). */
function signerSecret(data: RequestData): EntropyRef {
  const { address } = data;
  if (typeof address !== 'string' || address.length === 0 || address.length > 100)
    throw invalid('Invalid address');
  const primaryChain = address.startsWith('0x') ? 'ethereum' : 'solana';
  return { entropyId: address, verifier: entropyIdVerifiers[primaryChain], primaryChain };
}

const hex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** The server's reply, checked: only one of the three statuses, with the public key that was sent. */
function signerReply(reply: Partial<FarcasterSigner>, publicKey: string): FarcasterSigner {
  const known =
    reply.status === 'pending_approval' || reply.status === 'approved' || reply.status === 'revoked';
  if (!known || reply.public_key?.toLowerCase() !== publicKey)
    throw new FrameError('error', 'Unexpected server reply.');
  return reply as FarcasterSigner;
}

/** The public keys (`0x` + 64 hex) of the secret's signer generations, in order. */
function signerKeys(ctx: FrameContext, token: string | null, ref: EntropyRef): Promise<string[]> {
  return withEntropy(ctx, token, ref, (secret) =>
    Array.from({ length: farcasterSignerGenerations }, (_, generation) =>
      hex(secret.farcasterSigner(generation).publicKey),
    ),
  );
}

const noSignerLeft = () => new FrameError('error', 'Every Farcaster signer of this wallet was revoked.');

/**
 * `privy:farcaster:init-signer` → the server's signer status: the signer's public key is derived from
 * the wallet's secret (shares rebuilt as for a signature), then the server asks the Farcaster app to
 * add it to the user's fid (`/farcaster/signer/init`), or answers where an earlier request stands;
 * a revoked signer gives way to the next generation's.
 */
export async function farcasterInitSigner(
  ctx: FrameContext,
  data: RequestData,
): Promise<FrameResponseOf<'privy:farcaster:init-signer'>> {
  const token = accessToken(data);
  const keys = await signerKeys(ctx, token, signerSecret(data));
  for (const publicKey of keys) {
    const reply = await ctx.api.call(
      farcasterSignerApi.farcasterSignerInit,
      token,
      { ed25519_public_key: publicKey },
      { proof: false },
    );
    const signer = signerReply(reply, publicKey);
    if (signer.status !== 'revoked') return signer;
  }
  throw noSignerLeft();
}

/** The generation the user approved: the first one not revoked, which must be approved for `fid`. */
async function approvedGeneration(
  ctx: FrameContext,
  token: string | null,
  keys: string[],
  fid: number,
): Promise<number> {
  const notApproved = () => new FrameError('error', 'The Farcaster signer is not approved.');
  for (const [generation, publicKey] of keys.entries()) {
    const reply = await ctx.api
      .call(
        farcasterSignerApi.farcasterSignerStatus,
        token,
        { ed25519_public_key: publicKey },
        { proof: false },
      )
      .catch((error: unknown) => {
        // A key never asked for (the first, or the one after a revoked signer) is not approved.
        throw error instanceof FrameError && error.status === 404 ? notApproved() : error;
      });
    const signer = signerReply(reply, publicKey);
    if (signer.status === 'revoked') continue;
    if (signer.status === 'approved' && signer.fid === fid) return generation;
    throw notApproved();
  }
  throw noSignerLeft();
}

/**
 * `privy:farcaster:sign` → `{signature}` (base64url, unpadded): the user's approved signer signs a
 * Farcaster message hash, 20 bytes (base64url in `payload.hash`); anything longer or shorter is
 * refused before any share is fetched, so the host gets no signing oracle over other data with this
 * key. The server is asked which generation is approved for `fid`; an unapproved signer signs nothing.
 */
export async function farcasterSignMessage(
  ctx: FrameContext,
  data: RequestData,
): Promise<FrameResponseOf<'privy:farcaster:sign'>> {
  const token = accessToken(data);
  const ref = signerSecret(data);
  const hash = messageHash(data.payload);
  const fid = fidOf(data.fid);
  const generation = await approvedGeneration(ctx, token, await signerKeys(ctx, token, ref), fid);
  const signature = await withEntropy(ctx, token, ref, (secret) =>
    farcasterSign(secret.farcasterSigner(generation), hash),
  );
  return { signature: base64urlnopad.encode(signature) };
}

/** The user's fid: the incumbent sends a BigInt (a decimal string once serialized). */
function fidOf(value: unknown): number {
  const fid =
    typeof value === 'bigint' || (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value))
      ? Number(value)
      : value;
  if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0) throw invalid('Invalid fid');
  return fid;
}

function messageHash(payload: unknown): Uint8Array {
  const encoded = (payload as { hash?: unknown } | null | undefined)?.hash;
  if (typeof encoded !== 'string' || encoded.length > 64) throw invalid('Invalid payload.hash');
  let hash: Uint8Array;
  try {
    // Padded or not, as encoders differ; answered unpadded, as Node's and the incumbent's are.
    hash = base64urlnopad.decode(encoded.replace(/=+$/, ''));
  } catch {
    throw invalid('Invalid payload.hash');
  }
  if (hash.length !== farcasterHashLength) throw invalid(`payload.hash must be ${farcasterHashLength} bytes`);
  return hash;
}
