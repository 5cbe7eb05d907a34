/**
 * The modal's icons in Chromium (issue 16): the landing screen's rows and the shell's buttons draw
 * inline SVG icons (hidden from assistive technology) instead of text characters; the app's logo fits
 * the 360 px dialog and a logo URL that fails leaves no broken image; the wallet picker shows the
 * marks of the known wallets that are not installed next to an installed wallet's own icon.
 */
import { id, openLogin, openWalletLogin, type Stack, startStack, walletRow } from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installEip6963Wallets } from './wallets/eip6963-wallet.ts';

/** A logo far wider than the modal, served by the test (the route below) as the app's `logo_url`. */
const logoUrl = 'https://logo.latchkey.test/wide-logo.svg';
const wideLogo =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"><rect width="1200" height="300" fill="#5b4fe9"/></svg>';

describe('modal icons in Chromium', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Each element's SVG icons, as `aria-hidden` values (one entry per icon). */
  const iconsOf = (page: Page, selector: string) =>
    page
      .locator(selector)
      .evaluateAll((elements) =>
        elements.map((e) => [...e.querySelectorAll('svg')].map((svg) => svg.getAttribute('aria-hidden'))),
      );

  test('every landing row and the close button show an icon; the logo fits the dialog', async () => {
    const appId = await stack.createApp({
      email_auth: true,
      sms_auth: true,
      wallet_auth: true,
      google_oauth: true,
      logo_url: logoUrl,
    });
    const { context, page } = await stack.newPage();
    try {
      await context.route(logoUrl, (route) =>
        route.fulfill({ contentType: 'image/svg+xml', body: wideLogo }),
      );
      await page.goto(stack.demoUrl(appId));
      await openLogin(page);
      const rows = await iconsOf(
        page,
        `${id('lk-screen-landing')} .lk-input-row, ${id('lk-screen-landing')} .lk-btn`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const icons of rows) expect(icons.length).toBeGreaterThanOrEqual(1);
      expect(rows.flat().every((hidden) => hidden === 'true')).toBe(true);
      for (const button of ['lk-close']) {
        const markup = await page
          .locator(id(button))
          .evaluate((e) => ({ text: e.textContent, label: e.ariaLabel }));
        expect(markup).toEqual({ text: '', label: 'Close' });
        expect(await page.locator(`${id(button)} svg`).count()).toBe(1);
      }
      // The logo loads and is drawn inside the dialog, no taller than its 140 px box.
      const logo = page.locator(id('lk-logo'));
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(1200);
      const [logoBox, modalBox] = await Promise.all([
        logo.boundingBox(),
        page.locator(id('lk-modal')).boundingBox(),
      ]);
      expect(logoBox && modalBox).toBeTruthy();
      expect(logoBox!.x).toBeGreaterThanOrEqual(modalBox!.x);
      expect(logoBox!.x + logoBox!.width).toBeLessThanOrEqual(modalBox!.x + modalBox!.width);
      expect(logoBox!.height).toBeLessThanOrEqual(140);
    } finally {
      await context.close();
    }
  });

  test('a logo URL that fails to load leaves no broken image', async () => {
    const appId = await stack.createApp({ email_auth: true, logo_url: logoUrl });
    const { context, page } = await stack.newPage();
    try {
      await context.route(logoUrl, (route) => route.fulfill({ status: 404, body: 'not found' }));
      await page.goto(stack.demoUrl(appId));
      await openLogin(page);
      await expect.poll(() => page.locator(id('lk-logo')).count()).toBe(0);
      expect(await page.locator(`${id('lk-screen-landing')} img`).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("the wallet picker: marks for MetaMask and Phantom when not installed, an installed wallet's own icon", async () => {
    const appId = await stack.createApp({ email_auth: true, wallet_auth: true, solana_wallet_auth: true });
    const { context, page } = await stack.newPage();
    try {
      await installEip6963Wallets(context, [{ name: 'Test Wallet', rdns: 'dev.latchkey.testwallet' }]);
      await page.goto(stack.demoUrl(appId));
      await openWalletLogin(page);
      await expect.poll(() => walletRow(page, 'Test Wallet').count()).toBe(1);
      expect(await walletRow(page, 'Test Wallet').locator('img.lk-wallet-icon').count()).toBe(1);
      for (const name of ['MetaMask', 'Phantom']) {
        const mark = walletRow(page, name).locator(`${id('lk-wallet-mark')} svg.lk-mark`);
        expect(await mark.count(), name).toBe(1);
        const box = await mark.boundingBox();
        expect(box && Math.round(box.width), name).toBe(28);
      }
      // The install screen shows the wallet's mark too, and Back is an icon button.
      await walletRow(page, 'MetaMask').click();
      await page.locator(id('lk-screen-wallet-install')).waitFor({ state: 'visible' });
      expect(await page.locator(`${id('lk-screen-wallet-install')} svg.lk-mark`).count()).toBe(1);
      expect(await page.locator(`${id('lk-back')} svg`).count()).toBe(1);
      expect(await page.locator(id('lk-back')).getAttribute('aria-label')).toBe('Back');
    } finally {
      await context.close();
    }
  });
});
