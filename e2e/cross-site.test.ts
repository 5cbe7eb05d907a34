/**
 * A cross-site deployment: the demo app on http://localhost, the Latchkey server (and so the wallet
 * frame) on http://127.0.0.1, two sites. The frame is then a third-party frame. A browser that gives
 * it partitioned storage keeps its device share and device key per top-level site: the wallet is
 * created, signs, and still signs after a reload. A browser that blocks third-party storage (this
 * Chromium's default) leaves the frame none: the wallet works for the page's lifetime, the developer
 * is told why, and the next page recovers it.
 */

import { launchChromium } from '@latchkey/test/browser';
import {
  emailLoginCreatingWallets,
  id,
  type Stack,
  signDemoMessage,
  startStack,
  text,
} from '@latchkey/test/e2e';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const walletTimeout = 60_000;

describe('a cross-site deployment: app on localhost, server on 127.0.0.1', () => {
  let stack: Stack;
  let appId: string;

  beforeAll(async () => {
    stack = await startStack({}, {}, { crossSite: true });
    appId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: { ethereum: { create_on_login: 'users-without-wallets' } },
    });
  });
  afterAll(() => stack?.close());

  describe('in a browser that gives the frame partitioned storage', () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const errors: string[] = [];
    let address: `0x${string}`;
    const warnings: string[] = [];

    beforeAll(async () => {
      browser = await launchChromium({ thirdPartyStorage: true });
      context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
    });
    afterAll(() => browser?.close());

    test('logs in, creates the wallet in the third-party frame, and signs', async () => {
      expect(new URL(stack.demo.url).hostname).toBe('localhost');
      expect(new URL(stack.server.url).hostname).toBe('127.0.0.1');
      await page.goto(stack.demoUrl(appId));
      await emailLoginCreatingWallets(page, stack.smtp, 'cross.site@example.com', walletTimeout);
      await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible' });
      address = (await text(page, 'demo-embedded-ethereum-0')) as `0x${string}`;
      // The frame runs on the server's site, inside a page of another site.
      const frameUrl = await page.locator('iframe[src*="/embedded-wallets"]').getAttribute('src');
      expect(new URL(frameUrl!).origin).toBe(stack.server.url);
      await signDemoMessage(page, address, walletTimeout);
      expect(warnings.filter((w) => w.includes('Latchkey'))).toEqual([]);
    });

    test('after a reload the partitioned device share and device key are still there: it signs', async () => {
      const before = await stack.server.ctx.db.selectFrom('wallet_devices').select('jkt').execute();
      await page.reload();
      await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible' });
      await signDemoMessage(page, address, walletTimeout);
      // The same device: no second enrollment, no recovery.
      const after = await stack.server.ctx.db.selectFrom('wallet_devices').select('jkt').execute();
      expect(after).toEqual(before);
      expect(errors).toEqual([]);
    });
  });

  describe('in a browser that blocks third-party storage (this Chromium’s default)', () => {
    let context: BrowserContext;
    let page: Page;
    const warnings: string[] = [];

    beforeAll(async () => {
      ({ context, page } = await stack.newPage());
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
    });
    afterAll(() => context?.close());

    test('the wallet works for the page’s lifetime, and the developer is told why', async () => {
      await page.goto(stack.demoUrl(appId));
      await emailLoginCreatingWallets(page, stack.smtp, 'blocked.storage@example.com', walletTimeout);
      await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible' });
      const address = (await text(page, 'demo-embedded-ethereum-0')) as `0x${string}`;
      await signDemoMessage(page, address, walletTimeout);
      await expect
        .poll(() => warnings.find((w) => w.includes("blocks the wallet frame's storage")))
        .toBeTruthy();
      // The next page is a new device: soon after the login it recovers (privy) and signs again.
      await page.reload();
      await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible' });
      await signDemoMessage(page, address, walletTimeout);
    });
  });
});
