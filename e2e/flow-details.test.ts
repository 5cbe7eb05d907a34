/**
 * Flow details (issue 16, Build 4) in real Chromium against the real server, its SMTP listener and
 * the Twilio stand-in: Back keeps what was typed, a code locked after its attempts says so and offers
 * 'Resend code', the rate-limit screen says when to try again, and an update to an email another user
 * holds offers 'Use a different email' instead of a Retry that can only fail.
 *
 * Rate limits are on for this file's server (the stack turns them off by default); each test uses its
 * own addresses, so the per-address budgets do not meet. The waits (a 10-minute lock, a 10-minute
 * send budget) pass on the page's clock (`page.clock`) and, for the code lock, the server's
 * (`stack.server.advance`); the rate limiter keeps real time, so its wait is only counted down.
 */

import {
  codeFromMail,
  codeFromSms,
  enterCode,
  id,
  modalClosed,
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

describe('flow details', () => {
  let stack: Stack;
  let appId: string;
  let page: Page;
  let closePage: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    stack = await startStack({ rateLimitsEnabled: true });
    appId = await stack.createApp({ email_auth: true, sms_auth: true });
  });
  afterEach(async () => {
    await closePage?.();
    closePage = undefined;
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The demo on a fresh page; its clock under the test's control when `clock` (from now, running). */
  async function openDemo(options: { clock?: boolean } = {}): Promise<void> {
    const opened = await stack.newPage();
    page = opened.page;
    closePage = () => opened.context.close();
    if (options.clock) await page.clock.install();
    await page.goto(stack.demoUrl(appId));
  }

  const inputValue = (testId: string) => page.locator(id(testId)).inputValue();
  const back = () => page.locator(id('lk-back')).click();

  /** An account holding `email`, made through the API as another browser would. */
  async function signUp(email: string): Promise<void> {
    const headers = { 'content-type': 'application/json', 'privy-app-id': appId, origin: stack.demo.url };
    const post = (path: string, body: unknown) =>
      fetch(`${stack.server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await post('/api/v1/passwordless/init', { email })).status).toBe(200);
    const code = await codeFromMail(stack.smtp, email);
    expect((await post('/api/v1/passwordless/authenticate', { email, code })).status).toBe(200);
  }

  test('Back from the code screen keeps the email and the phone number typed, and the country', async () => {
    await openDemo();
    await openLogin(page);
    // As typed, capitals and all (the flow sends it normalised).
    const typed = 'Back.Keeps@Example.com';
    await submitEmail(page, typed);
    await back();
    await showEmailInput(page);
    expect(await inputValue('lk-email-input')).toBe(typed);

    // The phone screen: another country than the default, a number, its code screen, and back.
    if (await page.locator(id('lk-screen-email')).isVisible()) await back();
    await page.locator(id('lk-login-method-sms')).click();
    const country = page.locator(id('lk-country-select'));
    await expect.poll(() => country.locator('option').count()).toBeGreaterThan(100);
    // The closed selector shows the code and dial code in full; the list names the countries.
    const face = page.locator(id('lk-country-face'));
    expect(await face.textContent()).toBe('US +1');
    expect(await country.locator('option[value="US"]').textContent()).toBe('United States +1');
    expect(await page.locator(id('lk-phone-input')).getAttribute('placeholder')).toBe('Phone number');
    await country.selectOption('CA');
    expect(await face.textContent()).toBe('CA +1');
    await page.locator(id('lk-phone-input')).fill('506 234 5678');
    await page.locator(id('lk-phone-submit')).click();
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    await codeFromSms(stack.twilio, '+15062345678');
    await back();
    await page.locator(id('lk-screen-phone')).waitFor({ state: 'visible' });
    expect(await inputValue('lk-phone-input')).toBe('506 234 5678');
    expect(await country.inputValue()).toBe('CA');
    // A new login starts empty: the flow keeps the text for one request only.
    await page.locator(id('lk-close')).click();
    await modalClosed(page);
    await openLogin(page);
    await showEmailInput(page);
    expect(await inputValue('lk-email-input')).toBe('');
  });

  test('after 5 wrong codes the code screen says the code is locked, and Resend code unlocks it', async () => {
    await openDemo({ clock: true });
    await openLogin(page);
    const email = 'locked-out@example.com';
    await submitEmail(page, email);
    const code = await codeFromMail(stack.smtp, email);
    const boxes = page.locator('fieldset.lk-code');
    const attempt = async (digits: string) => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/passwordless/authenticate'));
      await enterCode(page, digits);
      return answered;
    };
    for (let i = 0; i < 5; i++) {
      expect((await attempt(wrongCode(code))).status()).toBe(401);
      // The boxes shake, then empty for the next try (1400 ms).
      await expect.poll(() => boxes.getAttribute('data-status')).toBe('error');
      await page.clock.runFor(1500);
      await expect.poll(() => boxes.getAttribute('data-status')).toBe('idle');
    }
    expect(await text(page, 'lk-code-locked')).toBe('');

    // The right code now: the server refuses it with the lock (429 and its end), not a wrong code.
    const refused = await attempt(code);
    expect(refused.status()).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests' });
    // Ten minutes from the first wrong code (a few seconds ago on the server's real clock).
    const retryAfter = Number(await refused.headerValue('retry-after'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);

    const locked = page.locator(id('lk-code-locked'));
    await locked.waitFor({ state: 'visible' });
    expect(await text(page, 'lk-code-locked')).toContain('Too many incorrect attempts');
    expect(await text(page, 'lk-code-locked-wait')).toBe('Request a new code in 10 minutes.');
    // No 'Code sent' badge, no resend countdown; the boxes are disabled, Resend waits for the lock.
    expect(await page.locator(id('lk-code-sent')).count()).toBe(0);
    expect(await page.locator(id('lk-resend-countdown')).count()).toBe(0);
    expect(await page.locator(id('lk-code-digit-0')).isDisabled()).toBe(true);
    const resend = page.locator(id('lk-resend-code'));
    expect(await resend.isDisabled()).toBe(true);
    expect(await text(page, 'lk-field-error')).toBe('');

    // The countdown is live.
    await page.clock.fastForward('01:00');
    await expect.poll(() => text(page, 'lk-code-locked-wait')).toBe('Request a new code in 9 minutes.');
    await page.clock.fastForward('08:30');
    // Under a minute left (how much depends on the seconds the wrong codes took): counted in seconds.
    await expect
      .poll(() => text(page, 'lk-code-locked-wait'))
      .toMatch(/^Request a new code in \d\d? seconds\.$/);

    // The lock ends (on the server's clock too): 'Resend code' sends a fresh code and unlocks entry.
    stack.server.advance(600);
    await page.clock.fastForward('00:31');
    await expect.poll(() => text(page, 'lk-code-locked-wait')).toBe('Request a new code to try again.');
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.click();
    await locked.waitFor({ state: 'detached' });
    await page.locator(id('lk-code-sent')).waitFor({ state: 'visible' });
    expect(await page.locator(id('lk-code-digit-0')).isDisabled()).toBe(false);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
  });

  test('the rate-limit screen counts down to when the server takes a code again, then goes back', async () => {
    await openDemo({ clock: true });
    await openLogin(page);
    const email = 'too-often@example.com';
    // Three codes per address per 10 minutes; Back keeps the address, so each resend is one click.
    await submitEmail(page, email);
    for (let i = 0; i < 2; i++) {
      await back();
      await page.locator(id('lk-email-submit')).click();
      await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    }
    await back();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/passwordless/init'));
    await page.locator(id('lk-email-submit')).click();
    const limited = await answered;
    expect(limited.status()).toBe(429);
    const retryAfter = Number(await limited.headerValue('retry-after'));
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);

    await page.locator(id('lk-screen-error')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-error-title')).toBe('Request failed');
    expect(await text(page, 'lk-error-detail')).toBe('Too many attempts.');
    expect(await text(page, 'lk-error-wait')).toBe(`Try again in ${Math.ceil(retryAfter / 60)} minutes`);
    // While the wait runs the button is a plain Close, never a dead 'Try again later'.
    const button = page.locator(id('lk-error-retry'));
    expect(await button.textContent()).toBe('Close');
    expect(await button.getAttribute('data-action')).toBe('close');

    // Live: down to seconds, then over.
    await page.clock.fastForward((retryAfter - 30) * 1000);
    await expect.poll(() => text(page, 'lk-error-wait')).toMatch(/^Try again in \d\d? seconds$/);
    await page.clock.fastForward(31_000);
    await expect.poll(() => button.textContent()).toBe('Try again');
    expect(await text(page, 'lk-error-wait')).toBe('');
    // 'Try again' returns to where the user was: the email field, the address still there.
    await button.click();
    await showEmailInput(page);
    expect(await inputValue('lk-email-input')).toBe(email);
  });

  test('the rate-limit screen closes the modal from its Close while the wait runs', async () => {
    await openDemo();
    await openLogin(page);
    const email = 'close-early@example.com';
    await submitEmail(page, email);
    for (let i = 0; i < 3; i++) {
      await back();
      await page.locator(id('lk-email-submit')).click();
    }
    await page.locator(id('lk-screen-error')).waitFor({ state: 'visible' });
    await page.locator(id('lk-error-retry')).click();
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-last-error')).toContain('exited_auth_flow');
  });

  test('updating to an email another user holds offers "Use a different email", its text selected', async () => {
    await signUp('holder@example.com');
    await openDemo();
    await openLogin(page);
    await submitEmail(page, 'mover@example.com');
    await enterCode(page, await codeFromMail(stack.smtp, 'mover@example.com'));
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-user-email')).toBe('mover@example.com');

    await page.locator(id('demo-update-email')).click();
    await page.locator(id('lk-screen-update-email')).waitFor({ state: 'visible' });
    const taken = 'Holder@example.com';
    await page.locator(id('lk-email-input')).fill(taken);
    await page.locator(id('lk-email-submit')).click();
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    // Back from the code screen of an update keeps the address too.
    await back();
    expect(await inputValue('lk-email-input')).toBe(taken);
    await page.locator(id('lk-email-submit')).click();
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    await codeFromMail(stack.smtp, 'holder@example.com');
    await enterCode(page, await codeFromMail(stack.smtp, 'holder@example.com'));

    await page.locator(id('lk-screen-error')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-error-title')).toBe('Authentication failed');
    expect(await text(page, 'lk-error-detail')).toBe('This account has already been linked to another user.');
    const button = page.locator(id('lk-error-retry'));
    expect(await button.textContent()).toBe('Use a different email');
    await button.click();

    // Back on the field (past the code screen), focused, the address selected: typing replaces it
    // (Chromium gives an email input no selectionStart to read, so the typing tells).
    await page.locator(id('lk-screen-update-email')).waitFor({ state: 'visible' });
    const input = page.locator(id('lk-email-input'));
    expect(await input.inputValue()).toBe(taken);
    await expect
      .poll(() => input.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el))
      .toBe(true);
    const next = 'moved@example.com';
    await page.keyboard.type(next);
    expect(await input.inputValue()).toBe(next);
    await page.locator(id('lk-email-submit')).click();
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    await enterCode(page, await codeFromMail(stack.smtp, next));
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-user-email')).toBe(next);
  });
});
