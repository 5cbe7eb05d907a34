/**
 * SMS login through the modal, the code read from what the Twilio stand-in received; then the demo's
 * account buttons: link an email (code from the SMTP listener), unlink it, update the phone number,
 * accept terms.
 */

import {
  codeFromMail,
  codeFromSms,
  demoState,
  enterCode,
  id,
  modalClosed,
  openLogin,
  type Stack,
  startStack,
  submitPhone,
  text,
} from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

describe('SMS login in the browser', () => {
  let stack: Stack;
  let page: Page;
  let appId: string;
  /** libphonenumber's example US number: valid for the default country. */
  const national = '2015550123';
  const e164 = '+12015550123';

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({ email_auth: true, sms_auth: true });
    ({ page } = await stack.newPage());
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('logs in with the code the Twilio stand-in received', async () => {
    await page.goto(stack.demoUrl(appId));
    await openLogin(page);
    await submitPhone(page, national);
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-code')).toContain('Enter confirmation code');

    const code = await codeFromSms(stack.twilio, e164);
    const request = stack.twilio.requests.at(-1)!;
    expect(request.form).toMatchObject({ To: e164, From: '+15005550006' });
    await enterCode(page, code);

    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
    expect((await text(page, 'demo-user-phone')).replace(/\D/g, '')).toBe(e164.replace(/\D/g, ''));
    expect(await text(page, 'demo-user-email')).toBe('');
    expect(await text(page, 'demo-linked-accounts')).toBe('phone');
  });

  test('links an email through "Connect your email", then unlinks it', async () => {
    const email = 'grace@example.com';
    await page.locator(id('demo-link-email')).click();
    await page.locator(id('lk-screen-link-email')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-link-email')).toContain('Connect your email');
    await page.locator(id('lk-email-input')).fill(email);
    await page.locator(id('lk-email-submit')).click();
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-user-email')).toBe(email);
    expect((await text(page, 'demo-linked-accounts')).split(', ').sort()).toEqual(['email', 'phone']);

    await page.locator(id('demo-unlink-email')).click();
    await expect.poll(() => text(page, 'demo-user-email')).toBe('');
    expect(await text(page, 'demo-linked-accounts')).toBe('phone');
    expect(await text(page, 'demo-last-error')).toBe('');
  });

  test('updates the phone number through "Update your phone number"', async () => {
    const newNational = '2015550188';
    const newE164 = '+12015550188';
    await page.locator(id('demo-update-phone')).click();
    await page.locator(id('lk-screen-update-phone')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-update-phone')).toContain('Update your phone number');
    await page.locator(id('lk-phone-input')).fill(newNational);
    await page.locator(id('lk-phone-submit')).click();
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    await enterCode(page, await codeFromSms(stack.twilio, newE164));
    await modalClosed(page);
    await expect
      .poll(async () => (await text(page, 'demo-user-phone')).replace(/\D/g, ''))
      .toBe(newE164.replace(/\D/g, ''));
    expect(await text(page, 'demo-linked-accounts')).toBe('phone');
    expect(await text(page, 'demo-last-error')).toBe('');
  });

  test('accepts terms, and the server keeps it', async () => {
    expect(await text(page, 'demo-user-terms')).toBe('false');
    await page.locator(id('demo-accept-terms')).click();
    await expect.poll(() => text(page, 'demo-user-terms')).toBe('true');
    await page.reload();
    expect((await demoState(page)).authenticated).toBe(true);
    await expect.poll(() => text(page, 'demo-user-terms')).toBe('true');
  });
});
