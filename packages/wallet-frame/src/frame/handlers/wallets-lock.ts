import { forgetUserSigner } from '../delegation/user-signer.ts';
import type { FrameContext } from '../frame-context.ts';

/**
 * `privy:wallets:lock` → `{}`: wipes every wallet key and auth share this page holds, and the session's
 * confirmation, and has this app's frames in the user's other tabs do the same (lock-channel.ts). The SDK sends it when the user logs out, so signing stops at once, before the server
 * has even heard of the logout; an app may send it any time (the next operation rebuilds the keys and
 * asks the server again). Needs no token: a stray lock costs one rebuild, never access.
 */
export async function walletsLock(ctx: FrameContext): Promise<Record<string, never>> {
  ctx.authShares.forgetAll();
  // The user's signing key for the session goes too (the server ends it with the session anyway).
  forgetUserSigner(ctx);
  ctx.locks?.announce();
  return {};
}
