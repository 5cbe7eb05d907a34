/**
 * Embedded wallets through @latchkey/react, in the browser, on the real server: the demo on its own
 * origin, the wallet frame on the server's. An email login creates an Ethereum and a Solana wallet
 * ('Creating your wallet', then 'Welcome'); the demo signs with both and the signatures verify; a
 * second browser context (a new device) signs after the automatic recovery of a 'privy' wallet; an
 * app that requires a password runs the four-step password flow, and a new device then asks for
 * the password ('Enter your password', a wrong one refused inline); the demo's 'Set password'
 * secures a 'privy' wallet with a password afterwards; a failed creation logs the user out; the
 * creation hooks make a first wallet behind the password flow, then more from the same seed. The
 * device share is only ever in the frame origin's storage.
 */

import { embeddedDemoMessage } from '@latchkey/demo/testing';
import {
  codeFromMail,
  demoAccessToken,
  enterCode,
  id,
  linkedWallets,
  modalClosed,
  openLogin,
  runPasswordSteps,
  type Stack,
  startStack,
  submitEmail,
  text,
  usersMe,
} from '@latchkey/test/e2e';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Creation and password recovery run PBKDF2 and server round trips in the frame: allow for them. */
const walletTimeout = 60_000;

interface Device {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

describe('embedded wallets in the browser', () => {
  let stack: Stack;
  /** Creates an Ethereum and a Solana wallet for users without wallets. */
  let appId: string;
  /** The same, with a password required on create. */
  let passwordAppId: string;
  /** No creation on login; a password required for the first wallet the user creates. */
  let manualAppId: string;
  const devices: Device[] = [];

  const creation = {
    ethereum: { create_on_login: 'users-without-wallets' },
    solana: { create_on_login: 'users-without-wallets' },
  };

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({ email_auth: true, embedded_wallet_config: creation });
    passwordAppId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: { ...creation, require_user_password_on_create: true },
    });
    manualAppId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: { require_user_password_on_create: true },
    });
  });
  afterAll(async () => {
    for (const device of devices) await device.context.close().catch(() => undefined);
    await stack?.close();
  });

  /** A fresh browser context (a new device) on the demo, recording every modal screen it shows. */
  async function newDevice(app: string): Promise<Device> {
    const device = await stack.newPage();
    devices.push(device);
    await device.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { lkScreens: string[] }).lkScreens = seen;
      // The screens are in the modal's shadow root: watched from the moment its host appears.
      let root: ShadowRoot | null = null;
      const scan = () => {
        for (const screen of root?.querySelectorAll('[data-testid^="lk-screen-"]') ?? []) {
          const name = screen.getAttribute('data-testid')!;
          if (seen.at(-1) !== name) seen.push(name);
        }
      };
      const findHost = new MutationObserver(() => {
        root = document.querySelector('latchkey-modal')?.shadowRoot ?? null;
        if (!root) return;
        findHost.disconnect();
        new MutationObserver(scan).observe(root, { subtree: true, childList: true });
        scan();
      });
      findHost.observe(document, { subtree: true, childList: true });
    });
    await device.page.goto(stack.demoUrl(app));
    return device;
  }

  const screensSeen = (page: Page) =>
    page.evaluate(() => (window as unknown as { lkScreens: string[] }).lkScreens);

  /** Logs in with an email code through the modal; returns once the code is accepted. */
  async function emailLogin(page: Page, email: string): Promise<void> {
    await openLogin(page);
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
  }

  async function wireWallets(page: Page, app: string) {
    const { user } = await usersMe(stack, app, await demoAccessToken(page));
    return linkedWallets(user);
  }

  /**
   * The demo's personal_sign with the first embedded Ethereum wallet. When the provider's
   * confirmation screen is installed, it is approved ('Sign and continue', spec document 1 §2).
   */
  async function signEthereum(page: Page): Promise<`0x${string}`> {
    await page.locator(id('demo-sign-embedded')).click();
    return ethereumSignature(page);
  }

  /** The demo's Ethereum signature once it shows, approving the confirmation screen if one opens. */
  async function ethereumSignature(page: Page): Promise<`0x${string}`> {
    const approve = page.getByRole('button', { name: 'Sign and continue' });
    await expect
      .poll(
        async () => {
          if (await approve.isVisible()) await approve.click();
          return text(page, 'demo-embedded-signature');
        },
        { timeout: walletTimeout },
      )
      .toMatch(/^0x/);
    return (await text(page, 'demo-embedded-signature')) as `0x${string}`;
  }

  /**
   * The demo's Solana signature (base64) once it shows, approving 'Sign message' (the Solana
   * message's screen, spec document 1 §2) when it opens.
   */
  async function solanaSignature(page: Page): Promise<Uint8Array> {
    const approve = page.getByRole('button', { name: 'Sign and continue' });
    await expect
      .poll(
        async () => {
          if (await approve.isVisible()) await approve.click();
          return text(page, 'demo-embedded-solana-signature');
        },
        { timeout: walletTimeout },
      )
      .not.toBe('');
    return base64.decode(await text(page, 'demo-embedded-solana-signature'));
  }

  function walletFrame(page: Page): Frame {
    const frame = page.frames().find((f) => f.url().startsWith(`${stack.server.url}/apps/`));
    if (!frame) throw new Error('the wallet frame is not mounted');
    return frame;
  }

  /** Nothing of the wallet's shares in the demo origin's storage. */
  async function hostHoldsNoShare(page: Page) {
    const host = await page.evaluate(() => ({ ...localStorage, ...sessionStorage }));
    for (const [key, value] of Object.entries(host)) {
      expect(key).not.toContain('device-share');
      expect(value).not.toMatch(/^[A-Za-z0-9+/]{20,}=*$/);
    }
  }

  const email = 'embedded.user@example.com';
  let first: Device;
  let ethereumAddress: `0x${string}`;
  let solanaAddress: string;

  test('an email login creates an Ethereum and a Solana wallet, then says Welcome and closes', async () => {
    first = await newDevice(appId);
    await emailLogin(first.page, email);
    const created = first.page.locator(id('lk-screen-embedded-created'));
    await created.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await created.textContent()).toBe(
      "Welcome to Latchkey e2eYou've successfully created an account.",
    );
    // The success mark is a drawn icon now, not a text glyph.
    expect(await created.locator('svg').count()).toBeGreaterThan(0);
    await modalClosed(first.page);
    const screens = await screensSeen(first.page);
    expect(screens.slice(screens.indexOf('lk-screen-code'))).toEqual([
      'lk-screen-code',
      'lk-screen-embedded-creating',
      'lk-screen-embedded-created',
    ]);
    await expect
      .poll(() => text(first.page, 'demo-last-event'))
      .toContain('login complete: method=email new=true');

    // The demo lists one wallet per chain, and the server holds them as embedded wallets.
    await first.page.locator(id('demo-embedded-solana-0')).waitFor({ state: 'visible' });
    ethereumAddress = (await text(first.page, 'demo-embedded-ethereum-0')) as `0x${string}`;
    solanaAddress = await text(first.page, 'demo-embedded-solana-0');
    const listed = first.page.locator(`${id('demo-embedded-wallets')} li code`);
    expect(await listed.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')))).toEqual([
      'demo-embedded-ethereum-0',
      'demo-embedded-solana-0',
    ]);
    const embedded = { connector_type: 'embedded', wallet_client: 'privy', wallet_client_type: 'privy' };
    const wallets = await wireWallets(first.page, appId);
    wallets.sort((a, b) => String(a.chain_type).localeCompare(String(b.chain_type)));
    expect(wallets).toEqual([
      expect.objectContaining({
        ...embedded,
        address: ethereumAddress,
        chain_type: 'ethereum',
        chain_id: 'eip155:1',
        wallet_index: 0,
        recovery_method: 'privy',
        imported: false,
        delegated: false,
      }),
      expect.objectContaining({
        ...embedded,
        address: solanaAddress,
        chain_type: 'solana',
        public_key: solanaAddress,
        wallet_index: 0,
        recovery_method: 'privy',
      }),
    ]);
    expect(ethereumAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  test('personal_sign through the demo’s provider verifies for the Ethereum address', async () => {
    const signature = await signEthereum(first.page);
    expect(await verifyMessage({ address: ethereumAddress, message: embeddedDemoMessage, signature })).toBe(
      true,
    );
  });

  test('the Solana wallet’s signMessage verifies (ed25519)', async () => {
    await first.page.locator(id('demo-sign-embedded-solana')).click();
    // The Solana message shows on 'Sign message' before it is signed.
    await first.page
      .locator(id('lk-screen-sign-message'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(first.page, 'lk-sign-message-text')).toBe(embeddedDemoMessage);
    const signature = await solanaSignature(first.page);
    await modalClosed(first.page);
    const message = new TextEncoder().encode(embeddedDemoMessage);
    expect(ed25519.verify(signature, message, base58.decode(solanaAddress))).toBe(true);
  });

  test('the device share is in the frame origin’s storage only', async () => {
    const frameStorage = await walletFrame(first.page).evaluate(() => ({ ...localStorage }));
    // One share, stored under both names of the entropy (each chain's primary address).
    expect(Object.keys(frameStorage).sort()).toEqual(
      [
        `latchkey:device-share:${appId}:${ethereumAddress}`,
        `latchkey:device-share:${appId}:${solanaAddress}`,
      ].sort(),
    );
    expect(new Set(Object.values(frameStorage)).size).toBe(1);
    await hostHoldsNoShare(first.page);
  });

  test('a new device logs in without a new wallet and signs after the automatic recovery', async () => {
    const second = await newDevice(appId);
    await emailLogin(second.page, email);
    await modalClosed(second.page);
    expect(await screensSeen(second.page)).not.toContain('lk-screen-embedded-creating');
    await expect.poll(() => text(second.page, 'demo-embedded-ethereum-0')).toBe(ethereumAddress);
    expect(await wireWallets(second.page, appId)).toHaveLength(2);

    const signature = await signEthereum(second.page);
    expect(await verifyMessage({ address: ethereumAddress, message: embeddedDemoMessage, signature })).toBe(
      true,
    );
    // No password was asked for: the 'privy' method recovers by itself.
    expect(await screensSeen(second.page)).not.toContain('lk-screen-recover-password');
    await hostHoldsNoShare(second.page);
    expect(second.errors).toEqual([]);
  });

  test('the login enrolls a new device at once: its first signature, long after, still recovers', async () => {
    const devices = async () =>
      (await stack.server.ctx.db.selectFrom('wallet_devices').select('jkt').execute()).length;
    const before = await devices();
    const late = await newDevice(appId);
    await emailLogin(late.page, email);
    await modalClosed(late.page);
    // The SDK asked the frame to enroll right after the login, before any wallet call.
    await expect.poll(devices, { timeout: walletTimeout }).toBe(before + 1);
    const window = stack.server.ctx.settings.deviceEnrollmentWindowSeconds;
    stack.server.advance(window + 60);
    try {
      const signature = await signEthereum(late.page);
      expect(await verifyMessage({ address: ethereumAddress, message: embeddedDemoMessage, signature })).toBe(
        true,
      );
      expect(late.errors).toEqual([]);
    } finally {
      stack.server.advance(-(window + 60));
    }
  });

  test('a failed creation logs the user out, shows the error screen and reports it', async () => {
    const device = await newDevice(appId);
    // The frame cannot store the new wallet: the server refuses it.
    await device.context.route('**/api/v1/embedded_wallets/frame/create', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"unavailable"}' }),
    );
    await emailLogin(device.page, 'embedded.failure@example.com');
    await device.page.locator(id('lk-screen-error')).waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await screensSeen(device.page)).toContain('lk-screen-embedded-creating');
    await expect.poll(() => text(device.page, 'demo-authenticated')).toBe('false');
    await expect.poll(() => text(device.page, 'demo-last-error')).toMatch(/^login error: /);
    await expect
      .poll(async () => {
        const events = await stack.server.ctx.db
          .selectFrom('analytics_events')
          .select('event_name')
          .where('app_id', '=', appId)
          .execute();
        return events.map((event) => event.event_name);
      })
      .toContain('embedded_wallet_creation_failure_logout');
    // The error's action starts over from the landing screen.
    await device.page.locator(id('lk-error-retry')).click();
    await device.page.locator(id('lk-screen-landing')).waitFor({ state: 'visible' });
  });

  const password = 'Correct-Horse-42';
  const passwordEmail = 'embedded.password@example.com';
  let passwordAddress: `0x${string}`;

  test('an app that requires a password runs the four-step password flow before creating', async () => {
    const device = await newDevice(passwordAppId);
    const { page } = device;
    await emailLogin(page, passwordEmail);
    await page.locator(id('lk-screen-set-password')).waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(page, 'lk-screen-set-password')).toContain('Set your password');
    // Not started by the user: no Cancel.
    expect(await page.locator(id('lk-password-cancel')).count()).toBe(0);

    const input = page.locator(id('lk-password-input'));
    const continueButton = page.locator(id('lk-password-continue'));
    await input.fill('abc');
    expect(await text(page, 'lk-field-error')).toBe('Password must be at least 6 characters');
    expect(await page.locator(id('lk-password-strength')).getAttribute('data-strength')).toBe('');
    expect(await continueButton.isDisabled()).toBe(true);
    await input.fill('abc def~');
    expect(await text(page, 'lk-field-error')).toBe('Invalid characters used ( SPACE ~ )');
    await input.fill('password');
    expect(await page.locator(id('lk-password-strength')).getAttribute('data-strength')).toBe('Weak');
    await input.fill(password);
    expect(await page.locator(id('lk-password-strength')).getAttribute('data-strength')).toBe('Strong');
    expect(await text(page, 'lk-field-error')).toBe('');
    await continueButton.click();

    await page.locator(id('lk-screen-set-password-save')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-set-password-save')).toContain('Save your password');
    expect(await text(page, 'lk-password-value')).toBe(password);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(id('lk-password-download')).click(),
    ]);
    expect(download.suggestedFilename()).toBe('latchkey-e2e-privy-wallet-recovery.txt');
    await page.locator(id('lk-password-continue')).click();

    await page.locator(id('lk-screen-set-password-confirm')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-set-password-confirm')).toContain('Confirm your password');
    await page.locator(id('lk-password-confirm-input')).fill('Correct-Horse-43');
    expect(await text(page, 'lk-field-error')).toBe('Passwords do not match');
    expect(await page.locator(id('lk-password-continue')).isDisabled()).toBe(true);
    await page.locator(id('lk-password-confirm-input')).fill(password);
    await page.locator(id('lk-password-continue')).click();

    await page.locator(id('lk-screen-set-password-acknowledge')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-set-password-acknowledge')).toContain(
      'Confirm you have savedI understand that if I lose my password and device, I will lose access to my account and my assets.',
    );
    expect(await page.locator(id('lk-password-continue')).isDisabled()).toBe(true);
    await page.locator(id('lk-password-acknowledge')).check();
    await page.locator(id('lk-password-continue')).click();

    await page
      .locator(id('lk-screen-embedded-created'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await modalClosed(page);
    const screens = await screensSeen(page);
    expect(screens.slice(screens.indexOf('lk-screen-set-password-acknowledge'))).toEqual([
      'lk-screen-set-password-acknowledge',
      'lk-screen-embedded-creating',
      'lk-screen-embedded-created',
    ]);
    const wallets = await wireWallets(page, passwordAppId);
    expect(wallets.map((w) => [w.chain_type, w.recovery_method]).sort()).toEqual([
      ['ethereum', 'user-passcode'],
      ['solana', 'user-passcode'],
    ]);
    passwordAddress = wallets.find((w) => w.chain_type === 'ethereum')!.address as `0x${string}`;
    await hostHoldsNoShare(page);
    expect(device.errors).toEqual([]);
  });

  test('a new device asks for the password before signing; a wrong one is refused inline', async () => {
    const device = await newDevice(passwordAppId);
    const { page } = device;
    await emailLogin(page, passwordEmail);
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-embedded-ethereum-0')).toBe(passwordAddress);

    await page.locator(id('demo-sign-embedded')).click();
    const recover = page.locator(id('lk-screen-recover-password'));
    await recover.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await recover.textContent()).toContain('Enter your password');
    expect(await recover.textContent()).toContain('Recover your account');
    await page.locator(id('lk-recover-why')).click();
    await page.locator(id('lk-recover-why-body')).waitFor({ state: 'visible' });

    await page.locator(id('lk-recover-password-input')).fill('Correct-Horse-41');
    await page.locator(id('lk-recover-submit')).click();
    await expect
      .poll(() => text(page, 'lk-field-error'), { timeout: walletTimeout })
      .toBe('Incorrect password. Please try again.');
    expect(await text(page, 'demo-embedded-signature')).toBe('');

    await page.locator(id('lk-recover-password-input')).fill(password);
    await page.locator(id('lk-recover-submit')).click();
    await recover.waitFor({ state: 'hidden' });
    const signature = await ethereumSignature(page);
    expect(await verifyMessage({ address: passwordAddress, message: embeddedDemoMessage, signature })).toBe(
      true,
    );
    await hostHoldsNoShare(page);
    expect(device.errors).toEqual([]);
  });

  test('Cancel on a password flow the user started reports user_exited_set_password_flow', async () => {
    const { page } = first;
    await page.locator(id('demo-set-password')).click();
    // This device's share went stale when the second device recovered: it recovers by itself first.
    await page.locator(id('lk-screen-set-password')).waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-password-cancel')).click();
    await modalClosed(page);
    await expect
      .poll(() => text(page, 'demo-last-error'))
      .toBe('setWalletPassword: User exited the set password flow');
    expect(first.errors).toEqual([]);
  });

  test('the demo’s Set password secures a privy wallet; the next new device asks for it', async () => {
    const { page } = first;
    await page.locator(id('demo-set-password')).click();
    await page.locator(id('lk-screen-set-password')).waitFor({ state: 'visible', timeout: walletTimeout });
    // Started by the user: Cancel is offered on every step.
    expect(await page.locator(id('lk-password-cancel')).count()).toBe(1);
    await page.locator(id('lk-password-input')).fill(password);
    await page.locator(id('lk-password-continue')).click();
    await page.locator(id('lk-screen-set-password-save')).waitFor({ state: 'visible' });
    expect(await page.locator(id('lk-password-cancel')).count()).toBe(1);
    await page.locator(id('lk-password-continue')).click();
    await page.locator(id('lk-password-confirm-input')).fill(password);
    await page.locator(id('lk-password-continue')).click();
    await page.locator(id('lk-password-acknowledge')).check();
    await page.locator(id('lk-password-continue')).click();
    const result = page.locator(id('lk-screen-set-password-result'));
    await result.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.textContent()).toContain('Success');
    await expect.poll(() => text(page, 'demo-last-event')).toBe('setWalletPassword done');
    await page.locator(id('lk-password-close')).click();
    await modalClosed(page);
    expect((await wireWallets(page, appId)).map((w) => w.recovery_method)).toEqual([
      'user-passcode',
      'user-passcode',
    ]);

    const third = await newDevice(appId);
    await emailLogin(third.page, email);
    await modalClosed(third.page);
    await third.page.locator(id('demo-sign-embedded-solana')).waitFor({ state: 'visible' });
    await third.page.locator(id('demo-sign-embedded-solana')).click();
    await third.page
      .locator(id('lk-screen-recover-password'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await third.page.locator(id('lk-recover-password-input')).fill(password);
    await third.page.locator(id('lk-recover-submit')).click();
    const signature = await solanaSignature(third.page);
    await modalClosed(third.page);
    const message = new TextEncoder().encode(embeddedDemoMessage);
    expect(ed25519.verify(signature, message, base58.decode(solanaAddress))).toBe(true);
    expect(third.errors).toEqual([]);
  });

  test('a new password starts with the current one: a wrong one is refused inline, then the new one holds', async () => {
    const device = await newDevice(appId);
    const { page } = device;
    await emailLogin(page, email);
    await modalClosed(page);
    // Bring the password wallet onto this device first (the set-password flow would, too).
    await page.locator(id('demo-sign-embedded-solana')).waitFor({ state: 'visible' });
    await page.locator(id('demo-sign-embedded-solana')).click();
    await page
      .locator(id('lk-screen-recover-password'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-recover-password-input')).fill(password);
    await page.locator(id('lk-recover-submit')).click();
    await solanaSignature(page);
    await modalClosed(page);

    await page.locator(id('demo-set-password')).click();
    const current = page.locator(id('lk-screen-current-password'));
    await current.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await current.textContent()).toContain('Enter your password');
    expect(await current.textContent()).toContain('Enter your current password to set a new one.');
    await page.locator(id('lk-recover-password-input')).fill('Not-The-Password-1');
    await page.locator(id('lk-recover-submit')).click();
    await expect
      .poll(() => text(page, 'lk-field-error'), { timeout: walletTimeout })
      .toBe('Incorrect password. Please try again.');
    await page.locator(id('lk-recover-password-input')).fill(password);
    await page.locator(id('lk-recover-submit')).click();
    const newPassword = 'Battery-Staple-77';
    const result = await runPasswordSteps(page, newPassword, walletTimeout);
    expect(await result.getAttribute('data-ok')).toBe('true');
    await page.locator(id('lk-password-close')).click();
    await modalClosed(page);

    // Another new device: the old password opens nothing any more, the new one does.
    const next = await newDevice(appId);
    await emailLogin(next.page, email);
    await modalClosed(next.page);
    await next.page.locator(id('demo-sign-embedded-solana')).waitFor({ state: 'visible' });
    await next.page.locator(id('demo-sign-embedded-solana')).click();
    await next.page
      .locator(id('lk-screen-recover-password'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await next.page.locator(id('lk-recover-password-input')).fill(password);
    await next.page.locator(id('lk-recover-submit')).click();
    await expect
      .poll(() => text(next.page, 'lk-field-error'), { timeout: walletTimeout })
      .toBe('Incorrect password. Please try again.');
    await next.page.locator(id('lk-recover-password-input')).fill(newPassword);
    await next.page.locator(id('lk-recover-submit')).click();
    const signature = await solanaSignature(next.page);
    await modalClosed(next.page);
    const message = new TextEncoder().encode(embeddedDemoMessage);
    expect(ed25519.verify(signature, message, base58.decode(solanaAddress))).toBe(true);
    expect([...device.errors, ...next.errors]).toEqual([]);
  });

  test('the hooks create wallets: the first behind the password flow, then from the same seed', async () => {
    const device = await newDevice(manualAppId);
    const { page } = device;
    await emailLogin(page, 'embedded.manual@example.com');
    await modalClosed(page);
    expect(await screensSeen(page)).not.toContain('lk-screen-embedded-creating');

    // useSolanaWallets().createWallet(): the app requires a password, so the flow runs first.
    await page.locator(id('demo-create-solana')).click();
    await page.locator(id('lk-screen-set-password')).waitFor({ state: 'visible' });
    expect(await page.locator(id('lk-password-cancel')).count()).toBe(1);
    const result = await runPasswordSteps(page, password, walletTimeout);
    expect(await result.getAttribute('data-ok')).toBe('true');
    await page.locator(id('lk-password-close')).click();
    await expect.poll(() => text(page, 'demo-last-event')).toBe('createSolanaWallet done');

    // useCreateWallet(): Ethereum index 0 from the Solana seed (no second password), then index 1.
    await page.locator(id('demo-create-ethereum')).click();
    await expect
      .poll(() => text(page, 'demo-last-event'), { timeout: walletTimeout })
      .toBe('createWallet done');
    await page.locator(id('demo-create-ethereum')).click();
    await expect
      .poll(() => text(page, 'demo-last-error'))
      .toBe('createWallet: User already has an embedded wallet.');
    await page.locator(id('demo-create-additional')).click();
    await expect
      .poll(() => text(page, 'demo-last-event'), { timeout: walletTimeout })
      .toBe('createAdditional done');
    await page.locator(id('demo-embedded-ethereum-1')).waitFor({ state: 'visible' });

    const wallets = await wireWallets(page, manualAppId);
    expect(wallets.map((w) => [w.chain_type, w.wallet_index, w.recovery_method]).sort()).toEqual([
      ['ethereum', 0, 'user-passcode'],
      ['ethereum', 1, 'user-passcode'],
      ['solana', 0, 'user-passcode'],
    ]);
    // All three sign: they come from the one seed on this device.
    const solana = wallets.find((w) => w.chain_type === 'solana')!.address as string;
    expect(await text(page, 'demo-embedded-solana-0')).toBe(solana);
    const signature = await signEthereum(page);
    const ethereum = wallets.find((w) => w.chain_type === 'ethereum' && w.wallet_index === 0)!;
    expect(
      await verifyMessage({
        address: ethereum.address as `0x${string}`,
        message: embeddedDemoMessage,
        signature,
      }),
    ).toBe(true);
    expect(device.errors).toEqual([]);
  });
});
