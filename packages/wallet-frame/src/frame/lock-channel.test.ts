import { describe, expect, it } from 'vitest';
import { AuthShareCache } from './auth-shares.ts';
import { HdSecret } from './hd-secret.ts';
import { lockChannelName, shareLocks } from './lock-channel.ts';
import type { TokenChannel } from './mfa/token-channel.ts';

/** Two tabs' frame pages: each its own share cache with a kept secret, on Node's real BroadcastChannel. */
function tab(appId: string) {
  const authShares = new AuthShareCache();
  const held = { entropyId: 'e', sessionId: 's', share: new Uint8Array([1, 2, 3]), verifiedDeviceShare: 'd' };
  const secret = new HdSecret(new Uint8Array(16).fill(7), new Uint8Array(64).fill(9));
  authShares.keys.keep('e', held, 'd', secret);
  const locks = shareLocks(
    authShares,
    appId,
    (name) => new BroadcastChannel(name) as unknown as TokenChannel,
  );
  return { authShares, secret, locks };
}

const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the lock channel between tabs', () => {
  it('a lock announced in one tab wipes what the app’s frames in other tabs keep, not its own twice', async () => {
    const one = tab('app-1');
    const two = tab('app-1');
    const otherApp = tab('app-2');
    one.authShares.forgetAll();
    one.locks.announce();
    await delivered();
    expect(two.secret.wiped).toBe(true);
    expect(two.secret.seed.every((byte) => byte === 0)).toBe(true);
    expect(two.authShares.keys.size).toBe(0);
    expect(otherApp.secret.wiped).toBe(false);
    for (const t of [one, two, otherApp]) t.locks.close();
  });

  it('ignores other messages on the channel', async () => {
    const two = tab('app-3');
    const stranger = new BroadcastChannel(lockChannelName('app-3'));
    stranger.postMessage({ type: 'something-else' });
    stranger.postMessage(null);
    await delivered();
    expect(two.secret.wiped).toBe(false);
    stranger.close();
    two.locks.close();
  });
});
