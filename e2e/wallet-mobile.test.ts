/**
 * Wallets on a phone: a suggested wallet that this browser does not have (MetaMask, Phantom) sends
 * the page to the wallet's app through its universal link, with 'Still here?' after 1 s offering
 * the link again, a copy of it and the store listing. The link reopens the page in the wallet's
 * in-app browser with privy_connector / privy_wallet_client (and privy_connect_only), and the
 * page opened that way selects the wallet there by itself: the tests open the captured link's page
 * in a browser where a test wallet of that client type is injected, and it logs in (or connects).
 * A desktop browser keeps the install screen.
 */

import {
  demoAccessToken,
  demoState,
  id,
  linkedWallets,
  modalClosed,
  openWalletLogin,
  type Stack,
  startStack,
  text,
  usersMe,
  walletRow,
} from '@latchkey/test/e2e';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installEip6963Wallets } from './wallets/eip6963-wallet.ts';

const phoneViewport = { width: 390, height: 844 };
const iPhone: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
};
const pixel: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
};

/**
 * Stops every navigation to `pattern` (the wallet's universal link) and records its URL and time.
 * 'aborted' (net::ERR_ABORTED) leaves the page as it is, as a phone does when the app takes over.
 */
async function interceptAppLinks(page: Page, pattern: string) {
  const requests: { url: string; at: number }[] = [];
  await page.route(pattern, async (route) => {
    requests.push({ url: route.request().url(), at: Date.now() });
    await route.abort('aborted');
  });
  return requests;
}

describe('wallets on a phone', () => {
  let stack: Stack;
  let appId: string;
  let metamaskLink = '';
  let phantomLink = '';

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({ email_auth: true, wallet_auth: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('iPhone: MetaMask opens in its app; after 1 s "Still here?" with the link, a copy and the App Store', async () => {
    const { context, page, errors } = await stack.newPage(phoneViewport, iPhone);
    try {
      const demoUrl = stack.demoUrl(appId);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.demo.url });
      const requests = await interceptAppLinks(page, 'https://metamask.app.link/**');
      await page.goto(demoUrl);
      await openWalletLogin(page);
      await walletRow(page, 'MetaMask').click();

      const screen = page.locator(id('lk-screen-wallet-redirect'));
      await screen.waitFor({ state: 'visible' });
      expect(await page.locator(`${id('lk-screen-wallet-redirect')} h2`).textContent()).toBe(
        'Redirecting to MetaMask Mobile Wallet',
      );
      expect(await text(page, 'lk-screen-wallet-redirect')).toContain('Go to MetaMask to continue');

      // One navigation to MetaMask's in-app browser link, carrying the page and the deep-link
      // parameters (the page address without its scheme, as MetaMask takes it).
      metamaskLink = `https://metamask.app.link/dapp/${demoUrl.replace(/^http:\/\//, '')}&privy_connector=injected&privy_wallet_client=metamask`;
      await expect.poll(() => requests.length).toBe(1);
      expect(requests[0]!.url).toBe(metamaskLink);

      // 'Still here?' one second after the redirect.
      const stillHere = page.locator(id('lk-wallet-still-here'));
      await stillHere.waitFor({ state: 'visible' });
      const elapsed = Date.now() - requests[0]!.at;
      expect(elapsed).toBeGreaterThanOrEqual(800);
      expect(elapsed).toBeLessThan(5000);
      expect(await stillHere.textContent()).toBe('Still here?');
      expect(await screen.getAttribute('data-status')).toBe('still-here');

      const store = page.locator(id('lk-wallet-app-store'));
      expect((await store.textContent())?.trim()).toBe('Go to App Store');
      expect(await store.getAttribute('href')).toBe('https://apps.apple.com/app/id1438144202');

      const copy = page.locator(id('lk-wallet-copy-link'));
      expect((await copy.textContent())?.trim()).toBe('Copy link');
      await copy.click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(metamaskLink);

      // 'Open in app' goes to the same link again; the page stays.
      const open = page.locator(id('lk-wallet-open-in-app'));
      expect((await open.textContent())?.trim()).toBe('Open in app');
      await open.click();
      await expect.poll(() => requests.length).toBe(2);
      expect(requests[1]!.url).toBe(metamaskLink);
      await screen.waitFor({ state: 'visible' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('Android, connect-only: Phantom opens in its app with privy_connect_only; Google Play listing', async () => {
    const { context, page, errors } = await stack.newPage(phoneViewport, pixel);
    try {
      const demoUrl = stack.demoUrl(appId);
      const requests = await interceptAppLinks(page, 'https://phantom.app/**');
      await page.goto(demoUrl);
      await demoState(page);
      await page.locator(id('demo-connect-wallet')).click();
      await page.locator(id('lk-screen-wallets')).waitFor({ state: 'visible' });
      await walletRow(page, 'Phantom').click();
      await page.locator(id('lk-screen-wallet-redirect')).waitFor({ state: 'visible' });
      expect(await text(page, 'lk-screen-wallet-redirect')).toContain('Redirecting to Phantom Mobile Wallet');

      const reopened = `${demoUrl}&privy_connector=injected&privy_wallet_client=phantom&privy_connect_only=true`;
      phantomLink = `https://phantom.app/ul/browse/${encodeURIComponent(reopened)}?ref=${encodeURIComponent(stack.demo.url)}`;
      await expect.poll(() => requests.length).toBe(1);
      expect(requests[0]!.url).toBe(phantomLink);

      const store = page.locator(id('lk-wallet-app-store'));
      await store.waitFor({ state: 'visible' });
      expect((await store.textContent())?.trim()).toBe('Go to Google Play');
      expect(await store.getAttribute('href')).toBe(
        'https://play.google.com/store/apps/details?id=app.phantom',
      );
      expect(await page.locator(id('lk-wallet-open-in-app')).getAttribute('href')).toBe(phantomLink);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('desktop: a wallet not installed still shows the install screen, without any redirect', async () => {
    const { context, page, errors } = await stack.newPage();
    try {
      const requests = await interceptAppLinks(page, 'https://metamask.app.link/**');
      await page.goto(stack.demoUrl(appId));
      await openWalletLogin(page);
      await walletRow(page, 'MetaMask').click();
      await page.locator(id('lk-screen-wallet-install')).waitFor({ state: 'visible' });
      const shown = await text(page, 'lk-screen-wallet-install');
      expect(shown).toContain('Open or install MetaMask');
      expect(shown).toContain('Create a MetaMask wallet');
      expect(await page.locator(id('lk-wallet-install-link')).getAttribute('href')).toBe(
        'https://metamask.io/download/',
      );
      expect(await page.locator(id('lk-screen-wallet-redirect')).count()).toBe(0);
      expect(requests).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("MetaMask's link reopens the page in its browser: MetaMask is selected by itself and logs in", async () => {
    expect(metamaskLink).not.toBe('');
    // The in-app browser: MetaMask injected, the page from the link (MetaMask adds the scheme).
    const { context, page, errors } = await stack.newPage(phoneViewport, iPhone);
    try {
      const [wallet] = await installEip6963Wallets(context, [{ name: 'MetaMask', rdns: 'io.metamask' }]);
      await page.goto(`http://${metamaskLink.slice('https://metamask.app.link/dapp/'.length)}`);
      // No click: the deep link opens the modal and selects MetaMask, which signs in.
      await expect.poll(() => wallet!.signedMessages.length, { timeout: 15_000 }).toBe(1);
      await modalClosed(page);
      await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
      const { user } = await usersMe(stack, appId, await demoAccessToken(page));
      expect(linkedWallets(user)).toEqual([expect.objectContaining({ address: wallet!.address })]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("Phantom's connect-only link reopens the page: Phantom is selected and connects without a login", async () => {
    expect(phantomLink).not.toBe('');
    const { context, page, errors } = await stack.newPage(phoneViewport, pixel);
    try {
      const [wallet] = await installEip6963Wallets(context, [{ name: 'Phantom', rdns: 'app.phantom' }]);
      const path = new URL(phantomLink).pathname.slice('/ul/browse/'.length);
      await page.goto(decodeURIComponent(path));
      await page.locator(id(`demo-wallet-${wallet!.address}`)).waitFor({ state: 'visible' });
      await modalClosed(page);
      expect(wallet!.connected).toBe(true);
      expect(wallet!.signedMessages).toEqual([]);
      expect(await text(page, 'demo-authenticated')).toBe('false');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
