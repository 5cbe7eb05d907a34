/**
 * A normal session leaves the browser console clean: an email login that creates the embedded
 * wallet (the app's `create_on_login`), a signed message, ETH sent on the local chain (hardhat, the
 * wallet funded by the demo as under `npm start`), and a logout, with no console error or warning,
 * no uncaught error, no failed request and no HTTP answer of 400 or more, in the page or in any of
 * its frames (the wallet frame's DPoP nonce and device enrollment included).
 */

import { frameRoutes } from '@latchkey/protocol';
import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import { emailLoginCreatingWallets, id, modalClosed, type Stack, startStack, text } from '@latchkey/test/e2e';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const walletTimeout = 60_000;

describe('a normal demo session logs nothing wrong in the console', () => {
  let stack: Stack;
  let evm: EvmNode;
  let appId: string;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  /** Console errors and warnings, failed requests and HTTP errors, from the page and its frames. */
  const problems: string[] = [];
  let address: `0x${string}`;

  beforeAll(async () => {
    [stack, evm] = await Promise.all([startStack(), startEvmNode()]);
    appId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: { ethereum: { create_on_login: 'users-without-wallets' } },
    });
    ({ context, page, errors: pageErrors } = await stack.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console ${message.type()}: ${message.text()} (${message.location().url})`);
    });
    // The context sees the requests of every frame (the wallet frame is on the server's origin).
    context.on('requestfailed', (request) => {
      // The frame closes its session event stream itself (a lock, a logout, a new token): an abort
      // of that stream is the frame's doing, not a failure (the console shows nothing for it).
      const closedStream =
        request.failure()?.errorText === 'net::ERR_ABORTED' &&
        new URL(request.url()).pathname === frameRoutes.frameSessionEvents.path;
      if (!closedStream)
        problems.push(
          `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`,
        );
    });
    context.on('response', (response) => {
      if (response.status() >= 400)
        problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await Promise.all([stack?.close(), evm?.stop()]);
  });

  test('login: the wallet is created at login and funded on the local chain', async () => {
    const query = new URLSearchParams({ evmRpcUrl: evm.url, fundLocal: '1' });
    await page.goto(`${stack.demoUrl(appId)}&${query}`);
    await emailLoginCreatingWallets(page, stack.smtp, 'clean.console@example.com', walletTimeout);
    await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible' });
    address = (await text(page, 'demo-embedded-ethereum-0')) as `0x${string}`;
    await page
      .locator(`${id(`demo-funds-ethereum-${address}`)}[data-status="funded"]`)
      .waitFor({ timeout: walletTimeout });
    expect(problems).toEqual([]);
  });

  test('sign a message', async () => {
    await page.locator(id('demo-sign-message')).click();
    await page.locator(id('lk-screen-sign-message')).waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-sign-submit')).click();
    await expect.poll(() => text(page, 'demo-sign-result'), { timeout: walletTimeout }).toMatch(/^0x/);
    await modalClosed(page);
    expect(problems).toEqual([]);
  });

  test('send ETH on the local chain: the balance shown follows', async () => {
    const before = await text(page, `demo-funds-ethereum-${address}`);
    const recipient = `0x${Buffer.from(ed25519.utils.randomSecretKey().slice(0, 20)).toString('hex')}`;
    await page.locator(id('demo-send-to')).fill(recipient);
    await page.locator(id('demo-send-value')).fill('1000000000000000000');
    await page.locator(id('demo-send-eth')).click();
    await page
      .locator(id('lk-screen-confirm-transaction'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-tx-approve')).click();
    await page
      .locator(id('lk-screen-transaction-receipt'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-receipt-done')).click();
    await modalClosed(page);
    await expect
      .poll(() => text(page, 'demo-tx-hash'), { timeout: walletTimeout })
      .toMatch(/^0x[0-9a-f]{64}$/);
    // 10 ETH less 1 ETH and the fee: the demo reads the balance again after the send.
    expect(before).toMatch(/^Balance 10 ETH /);
    await expect.poll(() => text(page, `demo-funds-ethereum-${address}`)).toMatch(/^Balance 8\.99\d* ETH /);
    expect(problems).toEqual([]);
  });

  test('log out', async () => {
    await page.locator(id('demo-logout')).click();
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
