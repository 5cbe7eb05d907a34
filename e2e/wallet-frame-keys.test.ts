/**
 * The keys the wallet frame keeps between signatures (docs/security.md, 5), in Chromium against the
 * real server, seen from the network: while the frame keeps a wallet's auth share and keys, signatures
 * fetch nothing; after a lock, after the idle window the host set in the frame's URL, and after a
 * logout, the next signature must fetch the share again (the logged-out one is refused).
 */

import { frameApi, frameEvents, frameQuery } from '@latchkey/protocol';
import type { Stack } from '@latchkey/test/e2e';
import {
  ask,
  failure,
  type HostPages,
  loginFromPage,
  mountFrame,
  personalSign,
  startHostPages,
} from '@latchkey/test/e2e';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

describe('the wallet frame’s kept keys in the browser', () => {
  let pages: HostPages;
  let stack: Stack;
  let appId: string;

  beforeAll(async () => {
    pages = await startHostPages();
    ({ stack, appId } = pages);
  });
  afterAll(async () => {
    await pages?.close();
  });

  test('signs without fetching the share until a lock, the idle window or a logout', async () => {
    const { page } = await pages.newDevice();
    const token = await loginFromPage(stack, page, appId, 'kept.keys@example.com');
    // The share releases the frame asks the server for: each one means the keys are rebuilt.
    const fetches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`${frameApi.prefix}${frameApi.authShare}`))
        fetches.push(request.url());
    });
    await mountFrame(page, `${pages.frameUrl}?${frameQuery.keyIdleSeconds}=2`);
    const { address } = (await ask(
      page,
      frameEvents.walletCreate,
      { accessToken: token, recoveryMethod: 'privy' },
      60_000,
    )) as { address: `0x${string}` };
    const sign = async (message: string) => {
      const signature = await personalSign(page, token, address, message);
      expect(await verifyMessage({ address, message, signature })).toBe(true);
    };

    await sign('first');
    const kept = fetches.length;
    await sign('second');
    await sign('third');
    expect(fetches).toHaveLength(kept);

    await ask(page, frameEvents.walletsLock, {});
    await sign('after a lock');
    expect(fetches).toHaveLength(kept + 1);
    await sign('kept again');
    expect(fetches).toHaveLength(kept + 1);

    // Two seconds without a signature: the frame let the share and keys go.
    await page.waitForTimeout(2_500);
    await sign('after the idle window');
    expect(fetches).toHaveLength(kept + 2);

    // A logout the frame is not told of (another tab): within about 1 s the server's session event
    // stream says `ended`, the frame forgets everything, and nothing kept is used again.
    const logout = await page.evaluate(
      async ({ url, appId, token }) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'privy-app-id': appId,
              authorization: `Bearer ${token}`,
            },
            body: '{}',
          })
        ).status,
      { url: `${stack.server.url}/api/v1/sessions/logout`, appId, token },
    );
    expect(logout).toBe(200);
    await page.waitForTimeout(1_100);
    const rpc = {
      accessToken: token,
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: ['after the logout', address] },
    };
    // Everything was already forgotten: the signature asks the server for the share, which refuses it.
    expect(await failure(page, frameEvents.walletsRpc, rpc)).toBeDefined();
    expect(fetches).toHaveLength(kept + 3);
    expect(await failure(page, frameEvents.walletsRpc, rpc)).toBeDefined();
    expect(fetches).toHaveLength(kept + 4);
  });

  test('a lock in one tab (the SDK’s logout) wipes what the frame in another tab keeps', async () => {
    const { context, page } = await pages.newDevice();
    const token = await loginFromPage(stack, page, appId, 'kept.keys.tabs@example.com');
    await mountFrame(page, pages.frameUrl);
    const { address } = (await ask(
      page,
      frameEvents.walletCreate,
      { accessToken: token, recoveryMethod: 'privy' },
      60_000,
    )) as { address: `0x${string}` };
    // A second tab of the same browser profile, with its own frame, signing with its own kept keys.
    const other = await context.newPage();
    await other.goto(page.url());
    await mountFrame(other, pages.frameUrl);
    const fetches: string[] = [];
    other.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`${frameApi.prefix}${frameApi.authShare}`))
        fetches.push(request.url());
    });
    await personalSign(other, token, address, 'first');
    // (One release may take two requests: a new page's first DPoP proof learns the server's nonce.)
    const kept = fetches.length;
    await personalSign(other, token, address, 'kept');
    expect(fetches).toHaveLength(kept);
    await ask(page, frameEvents.walletsLock, {});
    await expect
      .poll(async () => {
        await personalSign(other, token, address, 'after the other tab’s lock');
        return fetches.length;
      })
      .toBe(kept + 1);
  });
});
