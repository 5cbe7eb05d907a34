import { demoSignMessage } from '@latchkey/demo/testing';
import type { Locator, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { expect } from 'vitest';
import type { SmtpListener } from '../stand-ins/smtp-listener.ts';
import type { TwilioStandIn } from '../stand-ins/twilio-stand-in.ts';

/** `[data-testid=…]` for the SDK's `lk-*` and the demo's `demo-*` test ids. */
export const id = (testId: string) => `[data-testid="${testId}"]`;

/**
 * The modal's host element: `<latchkey-modal>`, whose open shadow root holds the dialog. Playwright's
 * CSS, role and text locators pierce it (XPath does not); code evaluated in the page reaches the
 * dialog through `host.shadowRoot`, e.g. `page.locator(modalHost).evaluate((host) => …)`.
 */
export const modalHost = 'latchkey-modal';

/**
 * The page's HTML with the modal's shadow roots in it (`outerHTML` stops at a shadow root): what a
 * test reads when it checks that a secret never reached the page's DOM.
 */
export function pageHtml(page: Page): Promise<string> {
  return page.evaluate((tag) => {
    const roots = [...document.querySelectorAll(tag)].flatMap((host) =>
      host.shadowRoot ? [host.shadowRoot] : [],
    );
    return document.documentElement.getHTML({ shadowRoots: roots });
  }, modalHost);
}

/** Text of a test id, '' when absent; for `expect.poll`. */
export async function text(page: Page, testId: string): Promise<string> {
  const locator = page.locator(id(testId));
  return (await locator.count()) > 0 ? ((await locator.first().textContent()) ?? '').trim() : '';
}

/** A value the SDK keeps in localStorage (stored JSON-encoded, as the incumbent does), or null. */
export async function stored(page: Page, key: string): Promise<unknown> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Waits for the demo to be ready and reports whether it is logged in. */
export async function demoState(page: Page): Promise<{ authenticated: boolean; userId: string }> {
  await expect.poll(() => text(page, 'demo-ready'), { timeout: 15_000 }).toBe('true');
  return {
    authenticated: (await text(page, 'demo-authenticated')) === 'true',
    userId: await text(page, 'demo-user-id'),
  };
}

/** Clicks the demo's 'Log in' and waits for the modal's landing screen. */
export async function openLogin(page: Page): Promise<void> {
  await demoState(page);
  await page.locator(id('demo-login')).click();
  await page.locator(id('lk-modal')).waitFor({ state: 'visible' });
  await page.locator(id('lk-screen-landing')).waitFor({ state: 'visible' });
}

/** Shows the email input: inline on the landing screen, else behind the email method button. */
export async function showEmailInput(page: Page): Promise<void> {
  const input = page.locator(id('lk-email-input'));
  // The landing screen may still be loading its chunk: wait for either form of the method.
  await page
    .locator(`${id('lk-email-input')}, ${id('lk-login-method-email')}`)
    .first()
    .waitFor();
  if (!(await input.isVisible())) await page.locator(id('lk-login-method-email')).click();
  await input.waitFor({ state: 'visible' });
}

/** Types an address on the landing screen and submits it; waits for the code screen. */
export async function submitEmail(page: Page, email: string): Promise<void> {
  await showEmailInput(page);
  await page.locator(id('lk-email-input')).fill(email);
  await page.locator(id('lk-email-submit')).click();
  await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
}

/** Opens the phone screen, types a national number (default country) and submits it. */
export async function submitPhone(page: Page, nationalNumber: string): Promise<void> {
  const input = page.locator(id('lk-phone-input'));
  if (!(await input.isVisible())) await page.locator(id('lk-login-method-sms')).click();
  await input.waitFor({ state: 'visible' });
  await input.fill(nationalNumber);
  await page.locator(id('lk-phone-submit')).click();
}

/** Types a code into the six boxes, starting at the first (the boxes advance by themselves). */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.locator(id('lk-code-digit-0')).click();
  await page.keyboard.type(code, { delay: 20 });
}

/** The code in the newest mail to `email` the SMTP listener received. */
export async function codeFromMail(smtp: SmtpListener, email: string): Promise<string> {
  const mail = await smtp.nextMessageTo(email, 10_000);
  const code = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail to ${email}: ${mail.text}`);
  return code;
}

/** The code in the newest SMS the Twilio stand-in accepted for `to` (E.164). */
export async function codeFromSms(twilio: TwilioStandIn, to: string, after = 0): Promise<string> {
  let body = '';
  await expect
    .poll(
      () => {
        const messages = twilio.messages.filter((m) => m.to === to);
        body = messages.length > after ? messages[messages.length - 1]!.body : '';
        return body;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`No 6-digit code in the SMS to ${to}: ${body}`);
  return code;
}

/** A 6-digit code that is not `code` (every digit shifted by one). */
export function wrongCode(code: string): string {
  return code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
}

/** Waits until the modal is gone (success closes it by itself). */
export async function modalClosed(page: Page): Promise<void> {
  await page.locator(id('lk-modal')).waitFor({ state: 'hidden', timeout: 10_000 });
}

/**
 * An email login from the demo's 'Log in' in an app that creates embedded wallets on login: waits
 * for the creation screen (created in the frame and on the server: up to `timeoutMs`) and for the
 * modal to close.
 */
export async function emailLoginCreatingWallets(
  page: Page,
  smtp: SmtpListener,
  email: string,
  timeoutMs = 60_000,
): Promise<void> {
  await openLogin(page);
  await submitEmail(page, email);
  await enterCode(page, await codeFromMail(smtp, email));
  await page.locator(id('lk-screen-embedded-created')).waitFor({ state: 'visible', timeout: timeoutMs });
  await modalClosed(page);
}

/** The payload of a JWT, decoded without checking it (the test reads `exp`). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error(`Not a JWT: ${token.slice(0, 20)}…`);
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/**
 * Signs the demo's message through its 'Sign message' panel (the modal's sign screen) with the wallet
 * at `address`, checks the signature, and waits for the modal to close.
 */
export async function signDemoMessage(page: Page, address: `0x${string}`, timeoutMs = 60_000): Promise<void> {
  await page.locator(id('demo-sign-message')).click();
  await page.locator(id('lk-screen-sign-message')).waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator(id('lk-sign-submit')).click();
  await expect.poll(() => text(page, 'demo-sign-result'), { timeout: timeoutMs }).toMatch(/^0x/);
  const signature = (await text(page, 'demo-sign-result')) as `0x${string}`;
  expect(await verifyMessage({ address, message: demoSignMessage, signature })).toBe(true);
  await modalClosed(page);
}

/** The modal's four password steps for `password` (set, save, confirm, acknowledge), then its result. */
export async function runPasswordSteps(page: Page, password: string, timeoutMs = 60_000): Promise<Locator> {
  await page.locator(id('lk-screen-set-password')).waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator(id('lk-password-input')).fill(password);
  await page.locator(id('lk-password-continue')).click();
  await page.locator(id('lk-password-continue')).click();
  await page.locator(id('lk-password-confirm-input')).fill(password);
  await page.locator(id('lk-password-continue')).click();
  await page.locator(id('lk-password-acknowledge')).check();
  await page.locator(id('lk-password-continue')).click();
  const result = page.locator(id('lk-screen-set-password-result'));
  await result.waitFor({ state: 'visible', timeout: timeoutMs });
  return result;
}
