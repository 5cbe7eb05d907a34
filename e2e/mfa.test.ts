/**
 * Multi-factor in the browser, through the demo app's MFA panel and the modal, against the real
 * server, the real wallet frame and Chromium: an authenticator app enrolled from the code its QR code
 * carries (otpauth computes the codes), a message signed through 'Verify your identity' with a wrong
 * code then the right one, four wrong codes ending an operation, SMS enrolled through the Twilio
 * stand-in, a factor removed, and a passkey factor (Chromium's virtual authenticator) that a key
 * export stops behind.
 *
 * The authenticator codes are computed on the server's clock, moved a 30-second step before each
 * verification (each step verifies once, and enrolment spends the first). The passkey factor runs on a
 * same-site stack (see its `beforeAll`).
 */

import { demoSignMessage } from '@latchkey/demo/testing';
import {
  addVirtualAuthenticator,
  codeFromSms,
  emailLoginCreatingWallets,
  enterCode,
  id,
  modalClosed,
  pageHtml,
  type Stack,
  startStack,
  text,
  wrongCode,
} from '@latchkey/test/e2e';
import { totpCode, totpSecretOf } from '@latchkey/test/server';
import type { Frame, Page } from 'playwright-core';
import { recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Wallet creation and signing run in the frame with server round trips. */
const walletTimeout = 60_000;

describe('MFA in the browser', () => {
  let stack: Stack;
  let appId: string;
  let page: Page;
  let secret = '';
  let wallet = '';
  /** Every MFA token the server handed out (to the wallet frame): none may reach the host page. */
  const mfaTokens: string[] = [];
  /** Every message the host window (the demo page, not its frames) received. */
  const hostMessages: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({
      email_auth: true,
      passkey_auth: true,
      mfa_methods: ['sms', 'totp', 'passkey'],
      embedded_wallet_config: { ethereum: { create_on_login: 'users-without-wallets' } },
    });
    ({ page } = await stack.newPage());
    page.on('response', async (response) => {
      if (!/\/api\/v1\/mfa\/[a-z_]+\/verify$/.test(new URL(response.url()).pathname)) return;
      const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
      if (typeof body?.token === 'string') mfaTokens.push(body.token);
    });
    await page.exposeBinding('lkRecordHostMessage', (_source, data: string) => {
      hostMessages.push(data);
    });
    // Runs before the demo's own scripts, in every frame; only the top window records.
    await page.addInitScript(() => {
      if (window.top !== window) return;
      const record = (window as unknown as { lkRecordHostMessage(d: string): void }).lkRecordHostMessage;
      window.addEventListener(
        'message',
        (event) => {
          let data: string;
          try {
            data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
          } catch {
            data = String(event.data);
          }
          void record(data);
        },
        true,
      );
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The authenticator app's code for the next 30-second step of the server's clock. */
  const nextTotp = () => {
    stack.server.advance(30);
    return totpCode(secret, stack.server.ctx.now());
  };
  const verifyScreen = () => page.locator(id('lk-screen-mfa-verify'));
  const mfaError = () => text(page, 'lk-mfa-error');

  test("enrols an authenticator app: 'Transaction Protection', the QR code's secret, its code", async () => {
    await page.goto(stack.demoUrl(appId));
    await emailLoginCreatingWallets(page, stack.smtp, 'mfa.totp@example.com', walletTimeout);
    await expect.poll(() => text(page, 'demo-embedded-ethereum-0')).toMatch(/^0x[0-9a-fA-F]{40}$/);
    wallet = await text(page, 'demo-embedded-ethereum-0');

    await page.locator(id('demo-mfa-enroll')).click();
    await page.locator(id('lk-screen-mfa-enroll-intro')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-mfa-enroll-intro')).toContain('Transaction Protection');
    expect(await page.locator(id('lk-mfa-intro-not-now')).textContent()).toBe('Not now');
    await page.locator(id('lk-mfa-intro-continue')).click();
    await page.locator(id('lk-screen-mfa-enroll-methods')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-mfa-enroll-methods')).toContain('Choose a verification method');
    expect(
      await page.locator(`${id('lk-screen-mfa-enroll-methods')} ${id('lk-mfa-enabled-totp')}`).count(),
    ).toBe(0);

    await page.locator(id('lk-mfa-enroll-totp')).click();
    const qr = page.locator(id('lk-mfa-totp-qr'));
    await expect.poll(() => qr.getAttribute('data-value')).toMatch(/^otpauth:\/\/totp\//);
    expect(await qr.getAttribute('width')).toBe('240');
    secret = totpSecretOf((await qr.getAttribute('data-value'))!);
    // The setup key under the QR code is the same secret.
    expect(await text(page, 'lk-mfa-totp-secret')).toBe(secret);
    await page.locator(id('lk-mfa-totp-continue')).click();
    await page.locator(id('lk-screen-mfa-enroll-totp-code')).waitFor({ state: 'visible' });
    await enterCode(page, totpCode(secret, stack.server.ctx.now()));
    await page.locator(id('lk-screen-mfa-enrolled')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-mfa-enrolled')).toContain('Authenticator app added');
    await page.locator(id('lk-mfa-done')).click();
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-mfa-methods')).toBe('totp');
  });

  test("signs a message through 'Verify your identity': a wrong code, then the right one", async () => {
    await page.locator(id('demo-sign-message')).click();
    // Bringing the wallet onto the page releases its auth share, which the server now gates: the
    // frame answers missing_or_invalid_mfa and 'Verify your identity' opens, the factor preselected.
    await verifyScreen().waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await verifyScreen().getAttribute('data-method')).toBe('totp');
    expect(await text(page, 'lk-screen-mfa-verify')).toContain('Enter verification code');
    expect(await text(page, 'lk-mfa-code-text')).toBe(
      'To continue, please enter the 6-digit code generated from your authenticator app',
    );
    // One factor: no 'Choose another method'; 'Cancel' is there.
    expect(await page.locator(id('lk-mfa-choose-another')).count()).toBe(0);
    expect(await page.locator(id('lk-mfa-cancel')).textContent()).toBe('Cancel');

    const right = nextTotp();
    await enterCode(page, wrongCode(right));
    await expect.poll(mfaError).toBe('The code you entered is not valid');
    expect(await page.locator(id('lk-mfa-error')).getAttribute('data-blocking')).toBeNull();
    // The boxes empty again after the shake; the right code goes through.
    await expect.poll(() => page.locator(id('lk-code-digit-0')).inputValue(), { timeout: 5000 }).toBe('');
    await enterCode(page, right);
    // Then the signature's own screen: the frame holds the token, nothing more is asked.
    await page.locator(id('lk-screen-sign-message')).waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-sign-submit')).click();
    await expect.poll(() => text(page, 'demo-sign-result'), { timeout: walletTimeout }).toMatch(/^0x/);
    const signature = (await text(page, 'demo-sign-result')) as `0x${string}`;
    expect(await recoverMessageAddress({ message: demoSignMessage, signature })).toBe(wallet);
    await modalClosed(page);
  });

  test('4 wrong codes end the operation (no confirmation screen: the verification opens on its own)', async () => {
    // The frame forgets its token: the next signature needs a code again.
    await page.locator(id('demo-mfa-clear')).click();
    await page.locator(id('demo-mfa-sign')).click();
    await verifyScreen().waitFor({ state: 'visible', timeout: walletTimeout });
    const right = nextTotp();
    for (let attempt = 1; attempt <= 4; attempt++) {
      await page.locator(id('lk-code-digit-0')).waitFor({ state: 'visible' });
      await expect.poll(() => page.locator(id('lk-code-digit-0')).inputValue(), { timeout: 5000 }).toBe('');
      const wrong = String((Number(right) + attempt) % 1_000_000).padStart(6, '0');
      await enterCode(page, wrong);
      if (attempt < 4) await expect.poll(mfaError).toBe('The code you entered is not valid');
    }
    await expect
      .poll(mfaError)
      .toBe(
        'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
      );
    expect(await page.locator(id('lk-mfa-error')).getAttribute('data-blocking')).toBe('true');
    // Blocking: the code boxes are gone.
    expect(await page.locator(id('lk-code-digit-0')).count()).toBe(0);
    await expect.poll(() => text(page, 'demo-mfa-error')).toBe('Max MFA verification attempts reached');
    expect(await text(page, 'demo-mfa-signature')).toBe('');
    await page.locator(id('lk-close')).click();
    await modalClosed(page);
    // The server's budget of wrong authenticator codes (5 per 10 minutes) starts over.
    stack.server.advance(600);
  });

  test('enrols SMS through the Twilio stand-in (verifying with the authenticator first)', async () => {
    const phone = '+12015550142';
    await page.locator(id('demo-mfa-enroll')).click();
    await page.locator(id('lk-screen-mfa-enroll-methods')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-mfa-enabled-totp')).toBe('Enabled');
    await page.locator(id('lk-mfa-enroll-sms')).click();
    // Adding a factor to a user who has one: 'Verify your identity' first.
    await verifyScreen().waitFor({ state: 'visible', timeout: walletTimeout });
    await enterCode(page, nextTotp());
    await page.locator(id('lk-screen-mfa-enroll-sms')).waitFor({ state: 'visible', timeout: walletTimeout });
    const before = stack.twilio.messages.filter((m) => m.to === phone).length;
    await page.locator(id('lk-phone-input')).fill('2015550142');
    await page.locator(id('lk-phone-submit')).click();
    await page
      .locator(id('lk-screen-mfa-enroll-sms-code'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await enterCode(page, await codeFromSms(stack.twilio, phone, before));
    await page.locator(id('lk-screen-mfa-enrolled')).waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(page, 'lk-screen-mfa-enrolled')).toContain('SMS verification added');
    await page.locator(id('lk-mfa-done')).click();
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-mfa-methods')).toBe('totp, sms');
  });

  test("removes a factor: 'Verify your identity' (two factors: 'Choose another method'), then the confirmation", async () => {
    await page.locator(id('demo-mfa-enroll')).click();
    await page.locator(id('lk-screen-mfa-enroll-methods')).waitFor({ state: 'visible' });
    await page.locator(id('lk-mfa-remove-sms')).click();
    await verifyScreen().waitFor({ state: 'visible', timeout: walletTimeout });
    // The first enrolled factor is preselected; the other one is a choice away.
    expect(await verifyScreen().getAttribute('data-method')).toBe('totp');
    await page.locator(id('lk-mfa-choose-another')).click();
    await expect.poll(() => verifyScreen().getAttribute('data-step')).toBe('choose');
    expect(await text(page, 'lk-screen-mfa-verify')).toContain('Verify your identity');
    expect(await text(page, 'lk-mfa-method-sms')).toBe('SMS');
    await page.locator(id('lk-mfa-method-totp')).click();
    await enterCode(page, nextTotp());
    await page.locator(id('lk-screen-mfa-remove')).waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(page, 'lk-screen-mfa-remove')).toContain('Remove SMS verification?');
    await page.locator(id('lk-mfa-remove-confirm')).click();
    await page
      .locator(id('lk-screen-mfa-enroll-methods'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await expect.poll(() => page.locator(id('lk-mfa-enabled-sms')).count()).toBe(0);
    await expect.poll(() => text(page, 'demo-mfa-methods')).toBe('totp');
    await page.locator(id('lk-close')).click();
    await modalClosed(page);
  });

  test('an app with its own MFA UI (useRegisterMfaListener) gets the prompt instead of the modal', async () => {
    await page.locator(id('demo-mfa-own-ui')).check();
    await page.locator(id('demo-mfa-clear')).click();
    await page.locator(id('demo-mfa-sign')).click();
    await expect
      .poll(() => text(page, 'demo-mfa-own-status'), { timeout: walletTimeout })
      .toBe('code required');
    expect(await page.locator(id('lk-modal')).isVisible()).toBe(false);
    const right = nextTotp();
    await page.locator(id('demo-mfa-own-code')).fill(wrongCode(right));
    await page.locator(id('demo-mfa-own-submit')).click();
    await expect.poll(() => text(page, 'demo-mfa-own-status')).toBe('wrong code');
    await page.locator(id('demo-mfa-own-code')).fill(right);
    await page.locator(id('demo-mfa-own-submit')).click();
    await expect.poll(() => text(page, 'demo-mfa-signature'), { timeout: walletTimeout }).toMatch(/^0x/);
    expect(await page.locator(id('lk-modal')).isVisible()).toBe(false);
    await page.locator(id('demo-mfa-own-ui')).uncheck();
  });

  test('the MFA tokens never reached the host page: not its messages, DOM or storage', async () => {
    // One per successful verification above (the signature, SMS enrolment, removal, own UI): the
    // frame verified every code itself.
    expect(mfaTokens).toHaveLength(4);
    expect(hostMessages.length).toBeGreaterThan(0);
    const page_ = {
      // The modal's shadow root included.
      html: await pageHtml(page),
      storage: await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      ),
    };
    for (const token of mfaTokens) {
      expect(hostMessages.some((m) => m.includes(token))).toBe(false);
      expect(page_.html).not.toContain(token);
      expect(page_.storage).not.toContain(token);
    }
    expect(hostMessages.some((m) => m.includes('latchkey-mfa-token'))).toBe(false);
  });
});

describe('a passkey factor in the browser', () => {
  let stack: Stack;
  let appId: string;

  beforeAll(async () => {
    // Same site (app.latchkey.test and auth.latchkey.test): WebAuthn needs a domain for its RP ID, and
    // the export frame reads the device share the wallet frame keeps in the frame origin's storage,
    // which a browser blocks for a frame of another site.
    stack = await startStack({}, {}, { sameSite: 'latchkey.test' });
    appId = await stack.createApp({
      email_auth: true,
      passkey_auth: true,
      mfa_methods: ['sms', 'totp', 'passkey'],
      embedded_wallet_config: { ethereum: { create_on_login: 'users-without-wallets' } },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('a passkey factor (virtual authenticator), and a key export behind it', async () => {
    const { page: other } = await stack.newPage();
    const authenticator = await addVirtualAuthenticator(other);
    await other.goto(stack.demoUrl(appId));
    await emailLoginCreatingWallets(other, stack.smtp, 'mfa.passkey@example.com', walletTimeout);
    await expect.poll(() => text(other, 'demo-embedded-ethereum-0')).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const address = await text(other, 'demo-embedded-ethereum-0');

    // Enrolment: 'Set up passkey verification', 'Add new passkey' (a passkey made here), Continue.
    await other.locator(id('demo-mfa-enroll')).click();
    await other.locator(id('lk-mfa-intro-continue')).click();
    await other.locator(id('lk-mfa-enroll-passkey')).click();
    await other.locator(id('lk-screen-mfa-enroll-passkey')).waitFor({ state: 'visible' });
    expect(await text(other, 'lk-screen-mfa-enroll-passkey')).toContain('Set up passkey verification');
    await other.locator(id('lk-mfa-passkey-add')).click();
    await expect.poll(() => other.locator(id('lk-mfa-passkey')).count(), { timeout: walletTimeout }).toBe(1);
    expect(await text(other, 'lk-mfa-passkeys')).toContain('Your passkeys');
    const [credential] = await authenticator.credentials();
    const credentialId = Buffer.from(credential!.credentialId, 'base64').toString('base64url');
    expect(await other.locator(id(`lk-mfa-passkey-${credentialId}`)).isChecked()).toBe(true);
    await other.locator(id('lk-mfa-passkey-save')).click();
    await other.locator(id('lk-screen-mfa-enrolled')).waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(other, 'lk-screen-mfa-enrolled')).toContain('Passkeys updated');
    await other.locator(id('lk-mfa-done')).click();
    await modalClosed(other);
    await expect.poll(() => text(other, 'demo-mfa-methods')).toBe('passkey');

    // Export: the frame's share release is gated; the passkey is asked for at once and verifies.
    const signCount = credential!.signCount;
    await other.locator(id('demo-export-ethereum')).click();
    await other.locator(id('lk-screen-export-wallet')).waitFor({ state: 'visible', timeout: walletTimeout });
    const frame = await exportPage(other);
    await frame.locator(id('lk-export-reveal-key')).click();
    const value = frame.locator(id('lk-export-key'));
    await value.waitFor({ state: 'visible', timeout: walletTimeout });
    const privateKey = ((await value.textContent()) ?? '').trim() as `0x${string}`;
    expect(privateKeyToAccount(privateKey).address).toBe(address);
    // The passkey signed the verification (once: the export frame borrowed the token the frame held).
    const [after] = await authenticator.credentials();
    expect(after!.signCount).toBe(signCount + 1);
    await other.locator(id('lk-close')).click();
    await modalClosed(other);
  });
});

/** The export frame's page, once it has loaded. */
async function exportPage(page: Page): Promise<Frame> {
  await page.locator(id('lk-export-frame')).waitFor({ state: 'visible' });
  let frame: Frame | undefined;
  await expect
    .poll(() => {
      frame = page.frames().find((f) => f.url().includes('/embedded-wallets/export'));
      return frame ? frame.locator(id('lk-export-reveal-key')).count() : 0;
    })
    .toBe(1);
  return frame!;
}
