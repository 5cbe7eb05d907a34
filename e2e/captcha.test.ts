/**
 * The captcha screen in a real browser. The provider's widget script is served by the test in place
 * of Turnstile's (no network here): it hands out a token, which the server then checks with a local
 * double of the provider's `siteverify`.
 */

import {
  codeFromMail,
  demoState,
  enterCode,
  id,
  modalClosed,
  openLogin,
  openWalletLogin,
  pickWallet,
  type Stack,
  showEmailInput,
  startStack,
  text,
} from '@latchkey/test/e2e';
import { type SiteverifyStandIn, startSiteverifyStandIn } from '@latchkey/test/stand-ins';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installEip6963Wallets } from './wallets/eip6963-wallet.ts';

/** A stand-in for Turnstile's explicit-render API: `execute` answers through `callback`. */
const fakeTurnstile = `
  window.turnstile = {
    render(container, options) { window.__captchaOptions = options; return 'widget-1'; },
    execute() {
      const options = window.__captchaOptions;
      setTimeout(() => options.callback('token-for-' + options.sitekey), 50);
    },
    remove() {},
  };`;

describe('captcha before sending a code', () => {
  let stack: Stack;
  let siteverify: SiteverifyStandIn;
  let page: Page;
  const scriptRequests: string[] = [];

  beforeAll(async () => {
    siteverify = await startSiteverifyStandIn();
    stack = await startStack({}, { captchaVerifyUrls: { turnstile: siteverify.url } });
    ({ page } = await stack.newPage());
    await page.route('https://challenges.cloudflare.com/**', (route) => {
      scriptRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeTurnstile });
    });
  });
  afterAll(async () => {
    await stack?.close();
    await siteverify?.close();
  });

  test('runs the widget, sends its token with the code request, and the server verifies it', async () => {
    const appId = await stack.createApp({
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 't:e2e-site',
      captcha_secret_key: 'e2e-secret',
    });
    siteverify.accept('e2e-secret', 'token-for-e2e-site');
    await page.goto(stack.demoUrl(appId));
    await openLogin(page);
    await showEmailInput(page);
    await page.locator(id('lk-email-input')).fill('human@example.com');
    await page.locator(id('lk-email-submit')).click();

    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible', timeout: 15_000 });
    // The widget script loaded lazily, with the key after its 't:' prefix; the server checked the token.
    expect(scriptRequests[0]).toContain('/turnstile/v0/api.js');
    expect(siteverify.calls.at(-1)).toMatchObject({ secret: 'e2e-secret', response: 'token-for-e2e-site' });
    await enterCode(page, await codeFromMail(stack.smtp, 'human@example.com'));
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
  });

  test("a site key without the 't:' prefix shows 'Unsupported captcha site key' and sends nothing", async () => {
    const appId = await stack.createApp({
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 'e2e-site',
      captcha_secret_key: 'e2e-secret',
    });
    const before = siteverify.calls.length;
    const fresh = await stack.newPage();
    await fresh.page.goto(stack.demoUrl(appId));
    await demoState(fresh.page);
    await openLogin(fresh.page);
    await showEmailInput(fresh.page);
    await fresh.page.locator(id('lk-email-input')).fill('robot@example.com');
    await fresh.page.locator(id('lk-email-submit')).click();
    await expect
      .poll(() => fresh.page.locator(id('lk-modal')).textContent(), { timeout: 10_000 })
      .toContain('Unsupported captcha site key');
    expect(siteverify.calls.length).toBe(before);
    await fresh.context.close();
  });
  test('wallet login: each signing attempt runs the widget and sends a fresh token to /siwe/init', async () => {
    const appId = await stack.createApp({
      wallet_auth: true,
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 't:wallet-site',
      captcha_secret_key: 'wallet-secret',
    });
    siteverify.accept('wallet-secret', 'token-for-wallet-site-1');
    siteverify.accept('wallet-secret', 'token-for-wallet-site-2');
    const fresh = await stack.newPage();
    // This widget numbers its tokens, so the test sees that each attempt ran it afresh.
    const numberedTurnstile = fakeTurnstile.replace(
      "'token-for-' + options.sitekey",
      "'token-for-' + options.sitekey + '-' + (window.__captchaRuns = (window.__captchaRuns || 0) + 1)",
    );
    await fresh.page.route('https://challenges.cloudflare.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: numberedTurnstile }),
    );
    const [wallet] = await installEip6963Wallets(fresh.context, [
      { name: 'Captcha Wallet', rdns: 'dev.latchkey.captchawallet' },
    ]);
    const initBodies: Record<string, unknown>[] = [];
    fresh.page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/siwe/init')) initBodies.push(request.postDataJSON());
    });
    // The first signature is refused: Retry must run the widget again (tokens are single-use).
    wallet!.rejectSignatures(1);
    const before = siteverify.calls.length;
    await fresh.page.goto(stack.demoUrl(appId));
    await openWalletLogin(fresh.page);
    await pickWallet(fresh.page, 'Captcha Wallet');
    await fresh.page.locator(id('lk-wallet-retry')).click({ timeout: 15_000 });
    await modalClosed(fresh.page);
    await expect.poll(() => text(fresh.page, 'demo-authenticated')).toBe('true');

    expect(initBodies.map((body) => body.token)).toEqual([
      'token-for-wallet-site-1',
      'token-for-wallet-site-2',
    ]);
    const calls = siteverify.calls.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => call.secret === 'wallet-secret')).toBe(true);
    await fresh.context.close();
  });
});
