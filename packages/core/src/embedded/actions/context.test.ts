import { describe, expect, it } from 'vitest';
import { eth0, walletAccount, world } from '../../../test/embedded-world.ts';
import { createEmbeddedWallets } from '../embedded-wallets.ts';
import { EmbeddedWalletError } from '../errors.ts';
import type { FrameProxy } from '../frame-proxy.ts';

describe('the frame proxy behind the API', () => {
  it('drops a frame that never got ready, and mounts a fresh one on the next call', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:wallets:connect': () => ({ entropyId: eth0 }),
    });
    let made = 0;
    const broken: FrameProxy = {
      ready: Promise.reject(
        new EmbeddedWalletError('embedded_wallet_webview_not_loaded', 'Failed to connect to wallet proxy'),
      ),
      request: () =>
        Promise.reject(
          new EmbeddedWalletError('embedded_wallet_webview_not_loaded', 'Failed to connect to wallet proxy'),
        ),
      destroy: () => undefined,
    };
    broken.ready.catch(() => undefined);
    const wallets = createEmbeddedWallets({
      session: w.session,
      proxy: () => (made++ === 0 ? broken : w.proxy),
    });
    await expect(wallets.connect()).rejects.toMatchObject({ message: 'Failed to connect to wallet proxy' });
    await expect(wallets.connect()).resolves.toEqual({ entropyId: eth0 });
    expect(made).toBe(2);
  });
});
