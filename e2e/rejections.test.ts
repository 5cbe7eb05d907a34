/**
 * What the modal shows when the server says no: a wrong code, an address the allowlist does not name,
 * and a plus address when the app disallows them. Each with the spec's screen and text.
 */

import {
  codeFromMail,
  enterCode,
  id,
  modalClosed,
  modalHost,
  openLogin,
  type Stack,
  showEmailInput,
  startStack,
  submitEmail,
  text,
  wrongCode,
} from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

/** The six boxes' values, joined. */
const digits = (page: Page) =>
  page
    .locator(modalHost)
    .evaluate((host) =>
      [0, 1, 2, 3, 4, 5]
        .map(
          (i) =>
            (host.shadowRoot?.querySelector(`[data-testid="lk-code-digit-${i}"]`) as HTMLInputElement | null)
              ?.value ?? '?',
        )
        .join(''),
    );

describe('rejections in the modal', () => {
  let stack: Stack;
  let page: Page;
  let closePage: () => Promise<void>;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterEach(async () => {
    await closePage?.();
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function openDemo(appId: string): Promise<void> {
    const opened = await stack.newPage();
    page = opened.page;
    closePage = () => opened.context.close();
    await page.goto(stack.demoUrl(appId));
    await openLogin(page);
  }

  test('a wrong code shakes the boxes, clears them after 1400 ms, and the right code still works', async () => {
    const appId = await stack.createApp();
    await openDemo(appId);
    const email = 'wrong-code@example.com';
    await submitEmail(page, email);
    const code = await codeFromMail(stack.smtp, email);

    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/passwordless/authenticate'));
    await enterCode(page, wrongCode(code));
    const response = await answered;
    const failedAt = Date.now();
    expect(response.status()).toBe(401);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe('invalid_credentials');

    // Still on the code screen with its text; the boxes shake with the server's message under them
    // (the spec has no string of its own for a wrong code)...
    const boxes = page.locator('fieldset.lk-code');
    await expect.poll(() => boxes.getAttribute('data-status')).toBe('error');
    expect(await boxes.getAttribute('class')).toContain('lk-shake');
    expect(await page.locator(id('lk-code-digit-0')).getAttribute('aria-invalid')).toBe('true');
    expect(await text(page, 'lk-field-error')).toBe(body.error);
    expect(await text(page, 'lk-screen-code')).toContain('Enter confirmation code');
    // ...and then reset: empty boxes, no message (spec: error shakes and resets after 1400 ms).
    await expect.poll(() => digits(page), { timeout: 5000 }).toBe('');
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(1000);
    expect(await boxes.getAttribute('data-status')).toBe('idle');
    expect(await text(page, 'lk-field-error')).toBe('');
    expect(await text(page, 'demo-authenticated')).toBe('false');

    await enterCode(page, code);
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
  });

  test('an address the allowlist does not name gets the allowlist screen with the default texts', async () => {
    const appId = await stack.createApp({ allowlist_enabled: true }, [
      { type: 'email', value: 'invited@example.com' },
    ]);
    await openDemo(appId);
    const email = 'stranger@example.com';
    await submitEmail(page, email);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/passwordless/authenticate'));
    await enterCode(page, await codeFromMail(stack.smtp, email));
    expect(await (await answered).json()).toMatchObject({ code: 'allowlist_rejected' });

    const screen = page.locator(id('lk-screen-allowlist'));
    await screen.waitFor({ state: 'visible' });
    expect(await text(page, 'lk-error-title')).toBe("You don't have access to this app");
    expect(await text(page, 'lk-error-detail')).toBe('Have you been invited?');
    expect(await text(page, 'lk-allowlist-cta')).toBe('Try another account');
    expect(await text(page, 'demo-authenticated')).toBe('false');

    // 'Try another account' goes back to the start of the login.
    await page.locator(id('lk-allowlist-cta')).click();
    await page.locator(id('lk-screen-landing')).waitFor({ state: 'visible' });
  });

  test('the allowlist screen shows the texts the app configured', async () => {
    const appId = await stack.createApp({
      allowlist_enabled: true,
      allowlist_config: {
        error_title: 'Members only',
        error_detail: 'Ask the club for an invitation.',
        cta_text: 'Request access',
        cta_link: 'https://example.com/invite',
      },
    });
    await openDemo(appId);
    const email = 'guest@example.com';
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await page.locator(id('lk-screen-allowlist')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-error-title')).toBe('Members only');
    expect(await text(page, 'lk-error-detail')).toBe('Ask the club for an invitation.');
    expect(await text(page, 'lk-allowlist-cta')).toBe('Request access');
  });

  test("a plus address is refused with the spec's message and Submit disabled", async () => {
    const appId = await stack.createApp({ disable_plus_emails: true });
    await openDemo(appId);
    await showEmailInput(page);
    const input = page.locator(id('lk-email-input'));
    const submit = page.locator(id('lk-email-submit'));

    await input.fill('ada+news@example.com');
    await page.locator(id('lk-field-error')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-field-error')).toBe("Please enter a valid email address without a '+'.");
    expect(await submit.isDisabled()).toBe(true);
    await input.press('Enter');
    await page.waitForTimeout(300);
    expect(await page.locator(id('lk-screen-code')).count()).toBe(0);
    expect(stack.smtp.messages.filter((m) => m.envelopeTo.includes('ada+news@example.com'))).toEqual([]);

    // Without the '+' the same app sends a code.
    await input.fill('ada@example.com');
    expect(await submit.isDisabled()).toBe(false);
    expect(await page.locator(id('lk-field-error')).count()).toBe(0);
    await submit.click();
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    await codeFromMail(stack.smtp, 'ada@example.com');
  });

  test('plus addresses are fine when the app allows them', async () => {
    const appId = await stack.createApp({ disable_plus_emails: false });
    await openDemo(appId);
    await submitEmail(page, 'ada+news@example.com');
    await enterCode(page, await codeFromMail(stack.smtp, 'ada+news@example.com'));
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-user-email')).toBe('ada+news@example.com');
  });
});
