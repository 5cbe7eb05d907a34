import type { LinkedAccount } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import {
  eth0,
  failure,
  type Handler,
  notOnDevice,
  walletAccount,
  world,
} from '../../../test/embedded-world.ts';
import { createEmbeddedWallets, type EmbeddedSession } from '../embedded-wallets.ts';

describe('with cookie sessions', () => {
  /** The same world, but the session is in the server's HttpOnly cookies: no token in this page. */
  function cookieWorld(accounts: LinkedAccount[] = [], handlers: Record<string, Handler> = {}) {
    const w = world(accounts, handlers);
    const session: EmbeddedSession = {
      get user() {
        return w.session.user;
      },
      cookieSessions: true,
      getAccessToken: async () => null,
      refreshAfterChange: () => w.session.refreshAfterChange(),
    };
    return { ...w, session };
  }

  it('asks the frame without an access token while the user is logged in (the frame uses the cookies)', async () => {
    let onDevice = false;
    const w = cookieWorld([], {
      'privy:wallet:create': () => {
        onDevice = true;
        return { address: eth0 };
      },
      'privy:wallets:rpc': () =>
        onDevice ? { response: { method: 'personal_sign', data: '0xsig' } } : notOnDevice(),
      'privy:wallets:recover': () => {
        onDevice = true;
        return { entropyId: eth0 };
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    await wallets.createEthereumWallet();
    w.link(walletAccount('ethereum', eth0, 0));
    await w.session.refreshAfterChange();
    onDevice = false;
    expect(await wallets.rpc(eth0, 'ethereum', { method: 'personal_sign', params: ['0x68', eth0] })).toBe(
      '0xsig',
    );
    expect(w.events()).toEqual([
      'privy:wallet:create',
      'privy:wallets:rpc',
      'privy:wallets:recover',
      'privy:wallets:rpc',
    ]);
    expect(w.requests[0]!.data).toEqual({ recoveryMethod: 'privy' });
    for (const { data } of w.requests) expect(data).not.toHaveProperty('accessToken');
  });

  it('still needs a logged-in user, before asking the frame', async () => {
    const w = cookieWorld([walletAccount('ethereum', eth0, 0)]);
    w.logout();
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    expect(await failure(wallets.createSolanaWallet())).toMatchObject({ type: 'must_be_authenticated' });
    expect(w.requests).toEqual([]);
  });
});
