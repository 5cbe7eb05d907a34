/**
 * Issue 31's migration, end to end: e2e/incumbent-api-app/original/ is an app written against the
 * incumbent's React SDK (its own login screen on `useLoginWithEmail`, `useLoginWithSms`,
 * `useLoginWithSiwe`; `useUser`, `useLinkEmail`, `useUnlinkEmail`, `useSignMessage`, `usePrivy`);
 * migrated/ is the same app with only the import path and the provider name changed (the codemod's
 * output, packages/migrate's test checks that). This test builds migrated/ against @latchkey/react and
 * runs it in Chromium against a Latchkey server: each login, the embedded wallet `createOnLogin`
 * creates, linking and unlinking an email, signing with the wallet, logging out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StaticServer, startStaticServer } from '@latchkey/test/browser';
import { codeFromMail, codeFromSms, id, type Stack, startStack, text } from '@latchkey/test/e2e';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const appDir = join(import.meta.dirname, 'incumbent-api-app/migrated');
// Hardhat's third development key: known to everyone, so only fit for a test.
const wallet = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const walletTimeout = 60_000;

/** Builds the migrated app with esbuild, @latchkey/react from the repo's sources. */
async function buildApp(outdir: string): Promise<void> {
  await build({
    entryPoints: [join(appDir, 'main.tsx')],
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    jsx: 'automatic',
    outdir,
    conditions: ['@latchkey/source'],
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  writeFileSync(
    join(outdir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Migrated app</title></head>' +
      '<body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
}

describe('an app written against the incumbent, migrated by renaming its imports', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'lk-incumbent-api-app-'));
  let stack: Stack;
  let site: StaticServer;
  let appId: string;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    await buildApp(outdir);
    stack = await startStack();
    site = await startStaticServer(outdir);
    appId = (
      await stack.server.createApp({
        email_auth: true,
        sms_auth: true,
        wallet_auth: true,
        allowed_domains: [site.url],
        embedded_wallet_config: { ethereum: { create_on_login: 'all-users' } },
      })
    ).app.id;
    ({ page, errors: pageErrors } = await stack.newPage());
    // The page's injected wallet (window.ethereum): its key signs here, in the test.
    await page.exposeBinding('lkWalletSign', (_source, message: string) => wallet.signMessage({ message }));
    await page.addInitScript(
      ({ app, address }) => {
        const w = window as unknown as Record<string, unknown>;
        w.__APP__ = app;
        w.ethereum = {
          async request({ method, params }: { method: string; params?: unknown[] }) {
            if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
            if (method === 'eth_chainId') return '0x1';
            if (method === 'personal_sign') {
              const sign = w.lkWalletSign as (message: string) => Promise<string>;
              return sign(String(params?.[0]));
            }
            throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
          },
        };
      },
      { app: { appId, apiUrl: stack.apiUrl }, address: wallet.address },
    );
  }, 300_000);
  afterAll(async () => {
    await site?.close();
    await stack?.close();
    rmSync(outdir, { recursive: true, force: true });
  });

  const open = async () => {
    await page.goto(site.url);
    await page
      .locator(id('login-screen'))
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\npage: ${await page.content()}\nerrors: ${pageErrors.join('\n')}`);
      });
  };
  const fill = (testId: string, value: string) => page.locator(id(testId)).fill(value);
  const click = (testId: string) => page.locator(id(testId)).click();
  const accountError = async () =>
    (await page.locator(id('account-error')).count()) ? await text(page, 'account-error') : '';
  const logOut = async () => {
    await click('logout');
    await page.locator(id('login-screen')).waitFor();
  };

  test('SMS login; the embedded wallet is created; link an email, sign, unlink the email', async () => {
    await open();
    const phone = '+15555550142';
    await fill('sms-input', phone);
    await click('sms-send');
    await expect.poll(() => text(page, 'sms-state')).toBe('awaiting-code-input');
    await fill('sms-code', await codeFromSms(stack.twilio, phone));
    await click('sms-login');
    await page.locator(id('account-screen')).waitFor();
    expect(await text(page, 'user-id')).toMatch(/^did:privy:/);
    // createOnLogin 'all-users': the wallet follows the headless login, as after a modal login.
    await expect
      .poll(() => text(page, 'wallet-address'), { timeout: walletTimeout })
      .toMatch(/^0x[0-9a-fA-F]{40}$/);
    const address = (await text(page, 'wallet-address')) as `0x${string}`;

    const email = 'migrated.linked@example.com';
    await fill('link-email-input', email);
    await click('link-email-send');
    await expect
      .poll(async () => `${await text(page, 'link-email-state')} ${await accountError()}`)
      .toBe('awaiting-code-input ');
    await fill('link-email-code', await codeFromMail(stack.smtp, email));
    await click('link-email-submit');
    await expect.poll(() => text(page, 'link-email-state')).toBe('done');
    await expect.poll(() => page.locator(id('linked-email')).allTextContents()).toHaveLength(1);
    expect(await page.locator(id('linked-email')).textContent()).toContain(email);

    await fill('sign-input', 'Migrated, not rewritten');
    await click('sign-submit');
    // The confirmation screen, as the incumbent's useSignMessage shows one by default.
    await page.locator(id('lk-sign-message-text')).waitFor({ timeout: walletTimeout });
    expect(await text(page, 'lk-sign-message-text')).toBe('Migrated, not rewritten');
    await click('lk-sign-submit');
    await expect.poll(() => text(page, 'signature'), { timeout: walletTimeout }).toMatch(/^0x[0-9a-f]{130}$/);
    const signature = (await text(page, 'signature')) as `0x${string}`;
    expect(await verifyMessage({ address, message: 'Migrated, not rewritten', signature })).toBe(true);

    await click(`unlink-${email}`);
    await expect.poll(() => page.locator(id('linked-email')).count()).toBe(0);
    expect(await accountError()).toBe('');
    await logOut();
    expect(pageErrors).toEqual([]);
  });

  test('email: sendCode, loginWithCode; a second email cannot be linked, as with the incumbent', async () => {
    await open();
    const email = 'migrated.email@example.com';
    await fill('email-input', email);
    await click('email-send');
    await expect.poll(() => text(page, 'email-state')).toBe('awaiting-code-input');
    await fill('email-code', await codeFromMail(stack.smtp, email));
    await click('email-login');
    await page.locator(id('account-screen')).waitFor();
    await expect.poll(() => page.locator(id('linked-email')).allTextContents()).toEqual([`${email}Unlink`]);
    await fill('link-email-input', 'migrated.second@example.com');
    await click('link-email-send');
    await expect.poll(() => text(page, 'link-email-state')).toBe('error');
    expect(await accountError()).toBe('User already has an email account linked.');
    await logOut();
  });

  test('a wrong email code leaves the login screen with the error state', async () => {
    await open();
    const email = 'migrated.wrong@example.com';
    await fill('email-input', email);
    await click('email-send');
    await codeFromMail(stack.smtp, email);
    await fill('email-code', '000000');
    await click('email-login');
    await expect.poll(() => text(page, 'email-state')).toBe('error');
    expect(await page.locator(id('login-screen')).count()).toBe(1);
  });

  test('SIWE: generateSiweMessage, the app signs with its wallet, loginWithSiwe', async () => {
    await open();
    await click('siwe-login');
    await page.locator(id('account-screen')).waitFor();
    // The user's first wallet is the one it signed in with; its embedded wallet follows.
    expect(await text(page, 'wallet-address')).toBe(wallet.address);
    expect(await page.locator(id('siwe-error')).count()).toBe(0);
    await logOut();
    expect(pageErrors).toEqual([]);
  });
});
