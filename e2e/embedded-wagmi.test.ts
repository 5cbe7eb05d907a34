/**
 * wagmi's React hooks on an embedded wallet, in the browser: the demo's wagmi panel connects the
 * user's embedded Ethereum wallet with `embeddedWallet` from `@latchkey/core/wagmi` (its provider
 * from `useWallets()`), reads the account and chain, switches chain, signs a message and sends a
 * transaction on a real EVM node (hardhat), each signature through Latchkey's confirmation screen;
 * a logout disconnects wagmi.
 */

import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import { emailLoginCreatingWallets, id, modalClosed, type Stack, startStack, text } from '@latchkey/test/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const walletTimeout = 60_000;
const message = 'Signed through wagmi';

describe('wagmi on an embedded wallet in the browser', () => {
  let stack: Stack;
  let evm: EvmNode;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let address: `0x${string}`;
  let appId: string;

  beforeAll(async () => {
    [stack, evm] = await Promise.all([startStack(), startEvmNode()]);
    ({ context, page, errors: pageErrors } = await stack.newPage());
    appId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: { ethereum: { create_on_login: 'users-without-wallets' } },
    });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await Promise.all([stack?.close(), evm?.stop()]);
  });

  test('an email login creates the embedded wallet (funded on the node)', async () => {
    await page.goto(`${stack.demoUrl(appId)}&${new URLSearchParams({ evmRpcUrl: evm.url })}`);
    const email = 'wagmi.user@example.com';
    await emailLoginCreatingWallets(page, stack.smtp, email, walletTimeout);
    await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible' });
    address = (await text(page, 'demo-embedded-ethereum-0')) as `0x${string}`;
    const [funder] = (await evm.rpc('eth_accounts')) as string[];
    await evm.rpc('eth_sendTransaction', [{ from: funder, to: address, value: '0xde0b6b3a7640000' }]);
  });

  test('connects the embedded wallet: its account, on the chain asked for', async () => {
    await page.locator(id('demo-wagmi-open')).click();
    const connect = page.locator(id('demo-wagmi-connect'));
    await connect.waitFor({ state: 'visible' });
    await expect.poll(() => connect.isEnabled()).toBe(true);
    await connect.click();
    await expect.poll(() => text(page, 'demo-wagmi-status'), { timeout: walletTimeout }).toBe('connected');
    expect(await text(page, 'demo-wagmi-address')).toBe(address);
    expect(await text(page, 'demo-wagmi-chain')).toBe('31337');
  });

  test('useSwitchChain: wallet_switchEthereumChain, and chainChanged moves wagmi', async () => {
    await page.locator(id('demo-wagmi-switch-base')).click();
    await expect.poll(() => text(page, 'demo-wagmi-chain')).toBe('8453');
    await page.locator(id('demo-wagmi-switch-local')).click();
    await expect.poll(() => text(page, 'demo-wagmi-chain')).toBe('31337');
    expect(await text(page, 'demo-wagmi-error')).toBe('');
  });

  test('useSignMessage: "Sign message" shows the text; the signature verifies', async () => {
    await page.locator(id('demo-wagmi-sign')).click();
    await page.locator(id('lk-screen-sign-message')).waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(page, 'lk-sign-message-text')).toBe(message);
    await page.locator(id('lk-sign-submit')).click();
    await expect.poll(() => text(page, 'demo-wagmi-signature'), { timeout: walletTimeout }).toMatch(/^0x/);
    const signature = (await text(page, 'demo-wagmi-signature')) as `0x${string}`;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
    await modalClosed(page);
  });

  test('useSendTransaction: the confirm screen, then the transaction lands on the node', async () => {
    const recipient = `0x${'42'.repeat(20)}`;
    await page.locator(id('demo-wagmi-to')).fill(recipient);
    await page.locator(id('demo-wagmi-send')).click();
    await page
      .locator(id('lk-screen-confirm-transaction'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(page, 'lk-tx-send')).toBe('Send0.001 ETH');
    await page.locator(id('lk-tx-approve')).click();
    await expect.poll(() => text(page, 'demo-wagmi-receipt'), { timeout: walletTimeout }).toBe('success');
    const hash = await text(page, 'demo-wagmi-hash');
    const sent = (await evm.rpc('eth_getTransactionByHash', [hash])) as {
      from: string;
      to: string;
      value: string;
    };
    expect({ from: sent.from.toLowerCase(), to: sent.to, value: BigInt(sent.value) }).toEqual({
      from: address.toLowerCase(),
      to: recipient,
      value: 1_000_000_000_000_000n,
    });
    await modalClosed(page);
  });

  test('a logout disconnects wagmi (accountsChanged [] / disconnect)', async () => {
    await page.locator(id('demo-logout')).click();
    await expect.poll(() => text(page, 'demo-wagmi-status'), { timeout: walletTimeout }).toBe('disconnected');
    expect(await text(page, 'demo-wagmi-address')).toBe('');
  });

  test('the page raised no errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
