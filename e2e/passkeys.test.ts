/**
 * Passkeys through the demo app's modal in Chromium, with its virtual authenticator (CDP WebAuthn:
 * CTAP2, internal, resident keys, user verification): sign up, log in on a new page with the same
 * (synced) passkey, link a second passkey, unlink it, and the sixth refused.
 *
 * The demo runs on http://localhost:<port> (`crossSite`): WebAuthn needs a domain for its RP ID, and
 * 127.0.0.1 is not one.
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  addVirtualAuthenticator,
  demoState,
  id,
  modalClosed,
  openLogin,
  type Stack,
  startStack,
  text,
  type VirtualAuthenticator,
} from '@latchkey/test/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Screenshots of the passkey screens, beside the other modal screenshots (gitignored). */
const screenshots = join(import.meta.dirname, '../artifacts/screenshots');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(screenshots, `${name}.png`), animations: 'disabled' });
}

describe('passkeys in the browser', () => {
  let stack: Stack;
  let appId: string;
  const contexts: BrowserContext[] = [];
  let first: { page: Page; authenticator: VirtualAuthenticator; errors: string[] };
  let second: { page: Page; authenticator: VirtualAuthenticator; errors: string[] };
  let userId = '';

  beforeAll(async () => {
    stack = await startStack({}, {}, { crossSite: true });
    appId = await stack.createApp({
      email_auth: true,
      passkey_auth: true,
      passkeys_for_signup_enabled: true,
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await stack?.close();
  });

  async function newPage() {
    const { context, page, errors } = await stack.newPage();
    contexts.push(context);
    const authenticator = await addVirtualAuthenticator(page);
    return { page, authenticator, errors };
  }

  const passkeyCount = async (page: Page) =>
    Number(await page.locator(id('demo-passkeys')).getAttribute('data-count'));

  /** 'Link passkey' in the demo, from a fresh authenticator (another device). */
  async function linkPasskey(page: Page, authenticator: VirtualAuthenticator) {
    await authenticator.replace();
    await page.locator(id('demo-link-passkey')).click();
    await page.locator(id('lk-screen-passkey-status')).waitFor({ state: 'visible' });
  }

  test("signs up with a new passkey: 'I have a passkey', 'Create new account'", async () => {
    first = await newPage();
    const { page, authenticator } = first;
    await page.goto(stack.demoUrl(appId));
    await openLogin(page);
    const button = page.locator(id('lk-login-method-passkey'));
    expect((await button.textContent())?.trim()).toBe('I have a passkey');
    await button.click();
    await page.locator(id('lk-screen-passkey-choice')).waitFor({ state: 'visible' });
    expect(await text(page, 'lk-screen-passkey-choice')).toContain('Log in or create a new account?');
    expect(await text(page, 'lk-passkey-login')).toBe('Log in with a passkey');
    await shoot(page, 'passkey-choice');
    await page.locator(id('lk-passkey-signup')).click();
    await expect.poll(() => text(page, 'lk-passkey-status')).toMatch(/^(Waiting for passkey|Success)$/);
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
    userId = await text(page, 'demo-user-id');
    expect(userId).toMatch(/^did:privy:/);
    expect(await text(page, 'demo-linked-accounts')).toBe('passkey');
    await expect
      .poll(() => text(page, 'demo-last-event'))
      .toBe('login complete: method=passkey new=true already=false');
    expect(await passkeyCount(page)).toBe(1);
    // The credential lives in the authenticator, discoverable, made for the demo's host.
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(await page.locator(id('demo-passkey')).getAttribute('data-credential-id')).toBe(
      Buffer.from(credential!.credentialId, 'base64').toString('base64url'),
    );
  });

  test("logs in on a new page with the same passkey: 'Log in with a passkey'", async () => {
    second = await newPage();
    const { page, authenticator } = second;
    // The passkey synced to this device: the same credential, counter and all.
    for (const credential of await first.authenticator.credentials())
      await authenticator.addCredential(credential);
    await page.goto(stack.demoUrl(appId));
    expect((await demoState(page)).authenticated).toBe(false);
    await openLogin(page);
    await page.locator(id('lk-login-method-passkey')).click();
    await page.locator(id('lk-passkey-login')).click();
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
    expect(await text(page, 'demo-user-id')).toBe(userId);
    await expect
      .poll(() => text(page, 'demo-last-event'))
      .toBe('login complete: method=passkey new=false already=false');
  });

  test('links a second passkey, then unlinks it', async () => {
    const { page, authenticator } = second;
    await linkPasskey(page, authenticator);
    await modalClosed(page);
    await expect.poll(() => passkeyCount(page)).toBe(2);
    await expect.poll(() => text(page, 'demo-last-event')).toBe('link complete: method=passkey');
    const [newest] = await authenticator.credentials();
    // The demo names it (`linkPasskey({ name })`): the modal's ceremony gives the browser that name.
    expect(newest?.userName).toBe('Demo passkey (modal)');
    const newestId = Buffer.from(newest!.credentialId, 'base64').toString('base64url');

    await page.locator(id(`demo-unlink-passkey-${newestId}`)).click();
    await expect.poll(() => passkeyCount(page)).toBe(1);
    await expect.poll(() => text(page, 'demo-last-event')).toBe('unlinkPasskey done');
    // The unlinked passkey is the server's no more: a login with it is refused on the status screen.
    await page.locator(id('demo-logout')).click();
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    await openLogin(page);
    await page.locator(id('lk-login-method-passkey')).click();
    await page.locator(id('lk-passkey-login')).click();
    await expect.poll(() => text(page, 'lk-passkey-status')).toBe('Something went wrong');
    expect(await text(page, 'lk-passkey-error')).toBe('Unknown passkey.');
    expect(await page.locator(id('lk-passkey-retry')).isVisible()).toBe(true);
  });

  test('refuses a sixth passkey', async () => {
    const { page, authenticator } = first;
    await page.reload();
    expect((await demoState(page)).authenticated).toBe(true);
    for (let count = 2; count <= 5; count++) {
      await linkPasskey(page, authenticator);
      await modalClosed(page);
      await expect.poll(() => passkeyCount(page)).toBe(count);
    }
    await linkPasskey(page, authenticator);
    await expect.poll(() => text(page, 'lk-passkey-status')).toBe('Something went wrong');
    expect(await text(page, 'lk-passkey-error')).toBe('User already has an account of type passkey linked.');
    await shoot(page, 'passkey-status-error');
    // Refused before the ceremony: the fresh authenticator made nothing.
    expect(await authenticator.credentials()).toEqual([]);
    await page.locator(id('lk-close')).click();
    await modalClosed(page);
    expect(await passkeyCount(page)).toBe(5);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });

  test("says 'Continue with passkey' when passkey is the only method, and hides passkeys without WebAuthn", async () => {
    const { page } = await newPage();
    await page.goto(`${stack.demoUrl(appId)}&loginMethods=passkey`);
    await openLogin(page);
    expect(await text(page, 'lk-login-method-passkey')).toBe('Continue with passkey');
    await shoot(page, 'passkey-landing-only-method');

    const { context, page: bare } = await stack.newPage();
    contexts.push(context);
    // A browser without WebAuthn.
    await bare.addInitScript(() => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
    });
    await bare.goto(stack.demoUrl(appId));
    await openLogin(bare);
    expect(await bare.locator(id('lk-email-input')).isVisible()).toBe(true);
    expect(await bare.locator(id('lk-login-method-passkey')).count()).toBe(0);
  });

  test('signs up, links and logs in without the modal (the headless hooks), and hears a refused prompt', async () => {
    const { page, authenticator } = await newPage();
    await page.goto(stack.demoUrl(appId));
    await demoState(page);
    await page.locator(id('demo-passkey-signup-headless')).click();
    await expect.poll(() => text(page, 'demo-passkey-outcome')).toBe('signupWithPasskey done: new=true');
    expect(await text(page, 'demo-passkey-status')).toBe('done');
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
    expect(await page.locator(id('lk-modal')).isVisible()).toBe(false);

    await authenticator.replace();
    await page.locator(id('demo-link-passkey-headless')).click();
    await expect.poll(() => text(page, 'demo-passkey-outcome')).toBe('linkWithPasskey done');
    await expect.poll(() => passkeyCount(page)).toBe(2);
    // The demo names the new passkey (`linkWithPasskey({ name })`): the browser stores that name.
    expect((await authenticator.credentials()).map((c) => c.userName)).toEqual(['Demo passkey 2']);

    await page.locator(id('demo-logout')).click();
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    // The demo offers only the passkeys it remembers (`loginWithPasskey({ credentialIds })`): with an id
    // this device does not hold, the browser has nothing to offer.
    const remembered = await page.evaluate(() => localStorage.getItem('demo-passkey-ids'));
    expect(JSON.parse(remembered ?? '[]')).toHaveLength(2);
    await page.evaluate(() =>
      localStorage.setItem('demo-passkey-ids', JSON.stringify(['bm8tc3VjaC1wYXNza2V5'])),
    );
    await page.locator(id('demo-passkey-login-headless')).click();
    await expect
      .poll(() => text(page, 'demo-passkey-outcome'))
      .toBe('loginWithPasskey error: passkey_not_allowed');
    await page.evaluate((ids) => localStorage.setItem('demo-passkey-ids', ids ?? ''), remembered);
    await page.locator(id('demo-passkey-login-headless')).click();
    await expect.poll(() => text(page, 'demo-passkey-outcome')).toBe('loginWithPasskey done: new=false');
    await page.locator(id('demo-logout')).click();
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    // The user fails the authenticator's check: the browser refuses, the hook says why.
    await authenticator.setUserVerified(false);
    await page.locator(id('demo-passkey-login-headless')).click();
    await expect
      .poll(() => text(page, 'demo-passkey-outcome'))
      .toBe('loginWithPasskey error: passkey_not_allowed');
    expect(await text(page, 'demo-passkey-status')).toBe('error');
    await authenticator.setUserVerified(true);
    await page.locator(id('demo-passkey-login-headless')).click();
    await expect.poll(() => text(page, 'demo-passkey-outcome')).toBe('loginWithPasskey done: new=false');
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
  });
});
