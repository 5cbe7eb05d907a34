import type { FarcasterSigner } from '@latchkey/protocol';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { frameAuth } from './frameAuth.ts';

/**
 * `privy:farcaster:init-signer`: the frame derives the Farcaster signer of the secret named by
 * `address` (the user's entropy id) and asks the server to have it added to the user's fid.
 */
export async function initFarcasterSigner(
  ctx: EmbeddedWalletsContext,
  address: string,
): Promise<FarcasterSigner> {
  return frameCall(ctx, 'privy:farcaster:init-signer', {
    ...(await frameAuth(ctx)),
    address,
    hdWalletIndex: null,
  });
}

/**
 * `privy:farcaster:sign`: that signer's Ed25519 signature (base64url) over a Farcaster message hash
 * (base64url of its 20 bytes); `fid` is the user's.
 */
export async function signFarcasterHash(
  ctx: EmbeddedWalletsContext,
  request: { address: string; hash: string; fid: number },
): Promise<string> {
  const { signature } = await frameCall(ctx, 'privy:farcaster:sign', {
    ...(await frameAuth(ctx)),
    address: request.address,
    hdWalletIndex: null,
    payload: { hash: request.hash },
    fid: request.fid,
  });
  return signature;
}
