/**
 * Importing a private key through @latchkey/react (`useImportWallet`) in the demo app, secured with
 * a password: the imported wallet lists and signs through 'Sign message' (the signature verifies
 * for the key's address); on a second device the first signature asks 'Enter your password' for
 * that wallet, recovers it, and signs. A wallet imported without a password recovers by itself.
 */

import { embeddedDemoMessage } from '@latchkey/demo/testing';
import {
  codeFromMail,
  enterCode,
  id,
  modalClosed,
  openLogin,
  type Stack,
  startStack,
  submitEmail,
  text,
} from '@latchkey/test/e2e';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import type { BrowserContext, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// Hardhat's second development key: known to everyone, so only fit for a test.
const privateKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const address = privateKeyToAddress(privateKey);
const password = 'Imported-Key-77';
const walletTimeout = 60_000;

describe('importing a private key with the React SDK', () => {
  let stack: Stack;
  let appId: string;
  const contexts: BrowserContext[] = [];
  const errors: string[][] = [];
  const email = 'react.importer@example.com';

  beforeAll(async () => {
    stack = await startStack();
    // No wallet is created at login: the user's only embedded wallets are the imported ones.
    appId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: {
        ethereum: { create_on_login: 'off' },
        solana: { create_on_login: 'off' },
        user_owned_recovery_options: ['user-passcode'],
      },
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await stack?.close();
  });

  /** A fresh browser context (another device) with the demo, logged in by email. */
  async function device(): Promise<Page> {
    const { context, page, errors: pageErrors } = await stack.newPage();
    contexts.push(context);
    errors.push(pageErrors);
    await page.goto(stack.demoUrl(appId));
    await openLogin(page);
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    return page;
  }

  /** Signs with the demo's latest imported wallet through 'Sign message'. */
  async function signImported(page: Page) {
    await page.locator(id('demo-import-sign')).click();
    const screen = page.locator(id('lk-screen-sign-message'));
    await screen.waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-sign-submit')).click();
    await expect.poll(() => text(page, 'demo-imported-signature'), { timeout: walletTimeout }).toMatch(/^0x/);
    await modalClosed(page);
    return (await text(page, 'demo-imported-signature')) as `0x${string}`;
  }

  let first: Page;

  test('imports the key with a password; the wallet is listed as imported and its signature verifies', async () => {
    first = await device();
    await first.locator(id('demo-import-key')).fill(privateKey);
    await first.locator(id('demo-import-password')).fill(password);
    await first.locator(id('demo-import')).click();
    await expect.poll(() => text(first, 'demo-imported-address'), { timeout: walletTimeout }).toBe(address);
    expect(await text(first, 'demo-last-event')).toBe('importWallet done');
    const signature = await signImported(first);
    expect(await verifyMessage({ address, message: embeddedDemoMessage, signature })).toBe(true);
  });

  test("a second device: the first signature asks 'Enter your password' for that wallet, then signs", async () => {
    const second = await device();
    await expect.poll(() => text(second, 'demo-imported-address')).toBe(address);
    await second.locator(id('demo-import-sign')).click();
    const recover = second.locator(id('lk-screen-recover-password'));
    await recover.waitFor({ state: 'visible', timeout: walletTimeout });
    // A wrong password is refused inline; the right one recovers the wallet.
    await second.locator(id('lk-recover-password-input')).fill('Not-The-Password-1');
    await second.locator(id('lk-recover-submit')).click();
    await expect
      .poll(() => recover.textContent(), { timeout: walletTimeout })
      .toContain('Incorrect password. Please try again.');
    await second.locator(id('lk-recover-password-input')).fill(password);
    await second.locator(id('lk-recover-submit')).click();
    await second.locator(id('lk-screen-sign-message')).waitFor({ state: 'visible', timeout: walletTimeout });
    await second.locator(id('lk-sign-submit')).click();
    await expect
      .poll(() => text(second, 'demo-imported-signature'), { timeout: walletTimeout })
      .toMatch(/^0x/);
    const signature = (await text(second, 'demo-imported-signature')) as `0x${string}`;
    expect(await verifyMessage({ address, message: embeddedDemoMessage, signature })).toBe(true);
    await modalClosed(second);
  });

  test('a Solana keypair imported without a password signs on a new device without asking', async () => {
    const seed = ed25519.utils.randomSecretKey();
    const publicKey = ed25519.getPublicKey(seed);
    const solanaAddress = base58.encode(publicKey);
    await first.locator(id('demo-import-chain')).selectOption('solana');
    await first.locator(id('demo-import-key')).fill(base58.encode(new Uint8Array([...seed, ...publicKey])));
    await first.locator(id('demo-import-password')).fill('');
    await first.locator(id('demo-import')).click();
    await expect
      .poll(() => text(first, 'demo-imported-address'), { timeout: walletTimeout })
      .toBe(solanaAddress);

    const third = await device();
    await expect.poll(() => text(third, 'demo-imported-address')).toBe(solanaAddress);
    await third.locator(id('demo-import-sign')).click();
    await third.locator(id('lk-screen-sign-message')).waitFor({ state: 'visible', timeout: walletTimeout });
    await third.locator(id('lk-sign-submit')).click();
    await expect.poll(() => text(third, 'demo-imported-signature'), { timeout: walletTimeout }).not.toBe('');
    const signature = base64.decode(await text(third, 'demo-imported-signature'));
    expect(ed25519.verify(signature, new TextEncoder().encode(embeddedDemoMessage), publicKey)).toBe(true);
    await modalClosed(third);
  });

  test('the pages raised no errors', () => {
    expect(errors.flat()).toEqual([]);
  });
});
