import type { AuthShareCache } from './auth-shares.ts';
import type { OpenChannel, TokenChannel } from './mfa/token-channel.ts';

/**
 * A lock (the SDK's logout) in one tab's wallet frame locks this app's frames in the user's other tabs
 * too: each keeps shares and keys of its own, and would otherwise hold them until its next session
 * check (up to 1 s after a revocation) or its idle window. A BroadcastChannel reaches only documents of
 * this origin (the server's own pages) in the same storage partition; a stray lock costs a rebuild.
 */
export const lockChannelName = (appId: string): string => `latchkey-wallet-lock:${appId}`;

const lockMessage = 'wallet-lock';

const browserChannel: OpenChannel = (name) => new BroadcastChannel(name) as unknown as TokenChannel;

export interface LockChannel {
  /** Tells the other frame pages to forget what they keep (a channel never hears its own messages). */
  announce(): void;
  close(): void;
}

/** Joins the app's lock channel: another page's lock forgets everything `authShares` holds. */
export function shareLocks(
  authShares: AuthShareCache,
  appId: string,
  open: OpenChannel = browserChannel,
): LockChannel {
  const channel = open(lockChannelName(appId));
  channel.addEventListener('message', ({ data }) => {
    if ((data as { type?: unknown } | null)?.type === lockMessage) authShares.forgetAll();
  });
  return {
    announce: () => channel.postMessage({ type: lockMessage }),
    close: () => channel.close(),
  };
}
