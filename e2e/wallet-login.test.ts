/**
 * Wallet login in the browser (issue 4): test wallets injected into the demo page, their keys kept
 * in this process. An EIP-6963 wallet backed by a viem account logs in with SIWE through the modal,
 * switches chain (adding an unknown one), links a second wallet and unlinks it; a Wallet Standard
 * wallet with an ed25519 key logs in with SIWS, also through 'Select network' for a wallet on both
 * chains; the picker's search filters the list; connect-only mode, refused signatures (Retry, then
 * 'Unable to connect wallet') and a forged signature the server refuses. The server checks every
 * signature: the tests read the user's linked wallets back from GET /users/me.
 */

import {
  demoAccessToken,
  demoState,
  id,
  linkedWallets,
  modalClosed,
  openLogin,
  openWalletLogin,
  pickWallet,
  type Stack,
  startStack,
  stored,
  text,
  usersMe,
  walletRow,
  walletRows,
} from '@latchkey/test/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installEip6963Wallets, type TestEthWallet } from './wallets/eip6963-wallet.ts';
import { installWalletStandardWallets } from './wallets/wallet-standard-wallet.ts';

describe('wallet login in the browser', () => {
  let stack: Stack;
  let appId: string;
  let host: string;

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({ email_auth: true, wallet_auth: true, solana_wallet_auth: true });
    host = new URL(stack.demo.url).host;
  });
  afterAll(async () => {
    await stack?.close();
  });

  describe('Ethereum: SIWE with an EIP-6963 wallet', () => {
    let context: BrowserContext;
    let page: Page;
    let pageErrors: string[];
    let first: TestEthWallet;
    let second: TestEthWallet;

    beforeAll(async () => {
      ({ context, page, errors: pageErrors } = await stack.newPage());
      [first, second] = (await installEip6963Wallets(context, [
        { name: 'Test Wallet', rdns: 'dev.latchkey.testwallet' },
        { name: 'Second Wallet', rdns: 'dev.latchkey.secondwallet' },
      ])) as [TestEthWallet, TestEthWallet];
    });
    afterAll(async () => {
      await context?.close();
    });

    test('logs in through the modal; the server verified the signature of the viem account', async () => {
      await page.goto(stack.demoUrl(appId));
      expect((await demoState(page)).authenticated).toBe(false);
      await openWalletLogin(page);
      expect(await text(page, 'lk-screen-wallets')).toContain('Select your wallet');
      await expect.poll(() => walletRow(page, 'Test Wallet').count()).toBe(1);
      await pickWallet(page, 'Test Wallet', 'ethereum');
      await modalClosed(page);
      await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');

      // The wallet was asked for its account and signed one EIP-4361 message for the demo's origin.
      expect(first.connected).toBe(true);
      expect(first.signedMessages).toHaveLength(1);
      const message = first.signedMessages[0]!;
      expect(
        message.startsWith(`${host} wants you to sign in with your Ethereum account:\n${first.address}\n`),
      ).toBe(true);
      expect(message).toContain(`\nURI: ${stack.demo.url}`);
      expect(message).toContain('\nChain ID: 1\n');
      expect(second.signedMessages).toEqual([]);

      // The server accepted it: the user's wallet is the account's checksummed address.
      const { status, user } = await usersMe(stack, appId, await demoAccessToken(page));
      expect(status).toBe(200);
      expect(linkedWallets(user)).toEqual([
        expect.objectContaining({
          type: 'wallet',
          address: first.account.address,
          chain_type: 'ethereum',
          chain_id: 'eip155:1',
          connector_type: 'injected',
        }),
      ]);
      expect(await text(page, 'demo-user-id')).toBe(user!.id);

      // The demo lists it as linked, both among the user's accounts and the connected wallets.
      await page.locator(id(`demo-linked-wallet-${first.address}`)).waitFor({ state: 'visible' });
      const row = page.locator(id(`demo-wallet-${first.address}`));
      await expect.poll(() => row.getAttribute('data-linked')).toBe('true');
      expect(await text(page, 'demo-wallet-chain')).toBe('eip155:1');
      expect(pageErrors).toEqual([]);
    });

    test('switches chain, adding a chain the wallet does not know first', async () => {
      // Base is known to the wallet: a plain wallet_switchEthereumChain.
      await page.locator(id('demo-chain-id')).fill('8453');
      await page.locator(id('demo-switch-chain')).click();
      await expect.poll(() => text(page, 'demo-wallet-chain')).toBe('eip155:8453');
      expect(first.chainId).toBe(8453);

      // 31337 is not: the wallet answers 4902, the SDK adds the chain and switches again.
      const before = first.requests.length;
      await page.locator(id('demo-chain-id')).fill('31337');
      await page.locator(id('demo-switch-chain')).click();
      await expect.poll(() => text(page, 'demo-wallet-chain')).toBe('eip155:31337');
      expect(first.chainId).toBe(31337);
      expect(first.knownChains.has(31337)).toBe(true);
      const methods = first.requests.slice(before).map((r) => r.method);
      expect(methods.filter((m) => m.startsWith('wallet_'))).toEqual([
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_switchEthereumChain',
      ]);
      const added = first.requests.find((r) => r.method === 'wallet_addEthereumChain')!;
      expect(added.params).toEqual([
        expect.objectContaining({ chainId: '0x7a69', rpcUrls: ['http://127.0.0.1:8545'] }),
      ]);
      expect(await text(page, 'demo-last-error')).toBe('');
    });

    test('links a second wallet, then unlinks it', async () => {
      await page.locator(id('demo-link-wallet')).click();
      await page.locator(id('lk-screen-wallets')).waitFor({ state: 'visible' });
      await pickWallet(page, 'Second Wallet', 'ethereum');
      await modalClosed(page);
      await page.locator(id(`demo-linked-wallet-${second.address}`)).waitFor({ state: 'visible' });
      expect(second.signedMessages).toHaveLength(1);
      expect(
        second.signedMessages[0]!.startsWith(
          `${host} wants you to sign in with your Ethereum account:\n${second.address}\n`,
        ),
      ).toBe(true);

      const token = await demoAccessToken(page);
      const linked = linkedWallets((await usersMe(stack, appId, token)).user).map((a) => a.address);
      expect(linked.sort()).toEqual([first.address, second.address].sort());

      await page.locator(id(`demo-unlink-wallet-${second.address}`)).click();
      await page.locator(id(`demo-linked-wallet-${second.address}`)).waitFor({ state: 'detached' });
      expect(await text(page, 'demo-last-error')).toBe('');
      const after = linkedWallets((await usersMe(stack, appId, token)).user).map((a) => a.address);
      expect(after).toEqual([first.address]);
      await page.locator(id(`demo-linked-wallet-${first.address}`)).waitFor({ state: 'visible' });
      expect(await text(page, 'demo-authenticated')).toBe('true');
      expect(pageErrors).toEqual([]);
    });
  });

  test('Solana: SIWS with a Wallet Standard wallet and an ed25519 key', async () => {
    const { context, page, errors } = await stack.newPage();
    try {
      const [wallet] = await installWalletStandardWallets(context, [{ name: 'Test Solana Wallet' }]);
      await page.goto(stack.demoUrl(appId));
      await openWalletLogin(page);
      await expect.poll(() => walletRow(page, 'Test Solana Wallet').count()).toBe(1);
      await pickWallet(page, 'Test Solana Wallet', 'solana');
      await modalClosed(page);
      await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');

      expect(wallet!.connected).toBe(true);
      expect(wallet!.signedMessages).toHaveLength(1);
      const message = wallet!.signedMessages[0]!;
      expect(
        message.startsWith(`${host} wants you to sign in with your Solana account:\n${wallet!.address}\n`),
      ).toBe(true);
      expect(message).toContain('\nChain ID: mainnet\n');

      const { status, user } = await usersMe(stack, appId, await demoAccessToken(page));
      expect(status).toBe(200);
      expect(linkedWallets(user)).toEqual([
        expect.objectContaining({ type: 'wallet', address: wallet!.address, chain_type: 'solana' }),
      ]);
      await page.locator(id(`demo-linked-wallet-${wallet!.address}`)).waitFor({ state: 'visible' });
      const row = page.locator(id(`demo-wallet-${wallet!.address}`));
      await expect.poll(() => row.getAttribute('data-linked')).toBe('true');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a wallet on both chains asks "Select network"; Solana then signs in with SIWS', async () => {
    const { context, page, errors } = await stack.newPage();
    try {
      const [ethereumSide] = await installEip6963Wallets(context, [
        { name: 'Dual Wallet', rdns: 'dev.latchkey.dual' },
      ]);
      const [solanaSide] = await installWalletStandardWallets(context, [{ name: 'Dual Wallet' }]);
      await page.goto(stack.demoUrl(appId));
      await openWalletLogin(page);
      // One row for the wallet found on both chains.
      await expect.poll(() => walletRow(page, 'Dual Wallet').count()).toBe(1);
      await walletRow(page, 'Dual Wallet').click();
      await page.locator(id('lk-screen-wallet-network')).waitFor({ state: 'visible' });
      expect(await text(page, 'lk-screen-wallet-network')).toContain('Select network');
      await page.locator(id('lk-network-ethereum')).waitFor({ state: 'visible' });
      await page.locator(id('lk-network-solana')).click();
      await modalClosed(page);
      await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');

      expect(solanaSide!.signedMessages).toHaveLength(1);
      expect(ethereumSide!.signedMessages).toEqual([]);
      const { user } = await usersMe(stack, appId, await demoAccessToken(page));
      expect(linkedWallets(user)).toEqual([
        expect.objectContaining({ address: solanaSide!.address, chain_type: 'solana' }),
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('search filters the picker, case-insensitively, with an empty state', async () => {
    const { context, page, errors } = await stack.newPage();
    try {
      const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'].map(
        (n) => `${n} Wallet`,
      );
      await installEip6963Wallets(
        context,
        names.map((name) => ({ name, rdns: `dev.latchkey.${name.split(' ')[0]!.toLowerCase()}` })),
      );
      await page.goto(stack.demoUrl(appId));
      await openWalletLogin(page);
      for (const name of names) await expect.poll(() => walletRow(page, name).count()).toBe(1);

      // Seven wallets: the search bar shows; rows are 56 px high.
      const search = page.locator(id('lk-wallet-search'));
      await search.waitFor({ state: 'visible' });
      expect(await search.getAttribute('placeholder')).toBe('Search wallets');
      expect((await walletRow(page, 'Alpha Wallet').boundingBox())?.height).toBe(56);
      // The list is at most 400 px tall (spec): six 56 px rows with their 8 px gaps are in view at
      // most; the list scrolls to the rest.
      const inView = await walletRows(page).evaluateAll((rows) => {
        let list = rows[0]?.parentElement ?? null;
        while (list && list.scrollHeight <= list.clientHeight) list = list.parentElement;
        if (!list) return { scrolls: false, visible: rows.length };
        const box = list.getBoundingClientRect();
        const visible = rows.filter((row) => {
          const r = row.getBoundingClientRect();
          return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
        }).length;
        return { scrolls: true, visible };
      });
      expect(inView.scrolls).toBe(true);
      expect(inView.visible).toBeGreaterThan(0);
      expect(inView.visible).toBeLessThanOrEqual(6);

      await search.fill('no such wallet');
      await expect.poll(() => text(page, 'lk-wallet-empty')).toBe('No wallets found. Try another search.');
      expect(await walletRows(page).count()).toBe(0);

      await search.fill('ECHO');
      await expect.poll(() => walletRows(page).count()).toBe(1);
      expect(await walletRow(page, 'Echo Wallet').count()).toBe(1);
      expect(await page.locator(id('lk-wallet-empty')).count()).toBe(0);

      await search.fill('wallet');
      for (const name of names) await expect.poll(() => walletRow(page, name).count()).toBe(1);

      await search.fill('');
      for (const name of names) expect(await walletRow(page, name).count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('connect-only: the wallet connects without a login and stays connected across a reload', async () => {
    const { context, page, errors } = await stack.newPage();
    try {
      const [wallet] = await installEip6963Wallets(context, [{ name: 'Test Wallet' }]);
      await page.goto(stack.demoUrl(appId));
      await demoState(page);
      await page.locator(id('demo-connect-wallet')).click();
      await page.locator(id('lk-screen-wallets')).waitFor({ state: 'visible' });
      await pickWallet(page, 'Test Wallet', 'ethereum');
      await modalClosed(page);

      const row = page.locator(id(`demo-wallet-${wallet!.address}`));
      await row.waitFor({ state: 'visible' });
      expect(await row.getAttribute('data-linked')).toBe('false');
      expect(await text(page, 'demo-authenticated')).toBe('false');
      expect(wallet!.connected).toBe(true);
      expect(wallet!.signedMessages).toEqual([]);
      expect(await text(page, 'demo-last-error')).toBe('');
      // Persisted under privy:connections (WIRE.md §1.4 keys) as a plain JSON list, as the incumbent
      // stores it; the reload below relies on it.
      const connections = (await stored(page, 'privy:connections')) as { address?: string }[] | null;
      expect(Array.isArray(connections)).toBe(true);
      expect(connections?.map((c) => c.address?.toLowerCase())).toContain(wallet!.address.toLowerCase());

      await page.reload();
      await demoState(page);
      await page.locator(id(`demo-wallet-${wallet!.address}`)).waitFor({ state: 'visible' });
      expect(await text(page, 'demo-wallet-chain')).toBe('eip155:1');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a refused signature offers Retry twice, then "Unable to connect wallet" and another wallet', async () => {
    const { context, page } = await stack.newPage();
    try {
      const [wallet] = await installEip6963Wallets(context, [{ name: 'Test Wallet' }]);
      wallet!.rejectSignatures(3);
      await page.goto(stack.demoUrl(appId));
      await openWalletLogin(page);
      await pickWallet(page, 'Test Wallet', 'ethereum');
      const retry = page.locator(id('lk-wallet-retry'));
      for (let attempt = 1; attempt <= 2; attempt++) {
        await retry.waitFor({ state: 'visible' });
        expect(wallet!.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(attempt);
        await retry.click();
      }
      await expect.poll(() => text(page, 'lk-wallet-status')).toBe('Unable to connect wallet');
      expect(await retry.count()).toBe(0);
      expect(wallet!.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(3);
      expect(await text(page, 'demo-authenticated')).toBe('false');

      // 'Use a different wallet' goes back to the picker; this time the wallet signs.
      await page.locator(id('lk-wallet-different')).click();
      await page.locator(id('lk-screen-wallets')).waitFor({ state: 'visible' });
      await pickWallet(page, 'Test Wallet', 'ethereum');
      await modalClosed(page);
      await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
      expect(wallet!.signedMessages).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  test('the server refuses a signature that is not from the presented address', async () => {
    const { context, page } = await stack.newPage();
    try {
      const [liar] = await installEip6963Wallets(context, [
        { name: 'Test Wallet', privateKey: generatePrivateKey(), forgeWith: generatePrivateKey() },
      ]);
      const answers: number[] = [];
      page.on('response', (response) => {
        if (response.url() === `${stack.server.url}/api/v1/siwe/authenticate`)
          answers.push(response.status());
      });
      await page.goto(stack.demoUrl(appId));
      await openWalletLogin(page);
      await pickWallet(page, 'Test Wallet', 'ethereum');
      // The modal shows an error: its error screen, or the wallet screen's Retry.
      await page
        .locator(`${id('lk-screen-error')}, ${id('lk-wallet-retry')}`)
        .first()
        .waitFor({ state: 'visible' });
      expect(liar!.signedMessages).toHaveLength(1);
      expect(answers).toHaveLength(1);
      expect(answers[0]).toBeGreaterThanOrEqual(400);
      expect(answers[0]).toBeLessThan(500);
      expect(await text(page, 'demo-authenticated')).toBe('false');
      expect(await stored(page, 'privy:token')).toBeNull();
    } finally {
      await context.close();
    }
  });

  test('without a wallet_auth app the modal offers no wallet login', async () => {
    const emailOnly = await stack.createApp({ email_auth: true });
    const { context, page } = await stack.newPage();
    try {
      await installEip6963Wallets(context);
      await page.goto(stack.demoUrl(emailOnly));
      await openLogin(page);
      expect(await page.locator(id('lk-login-method-wallet')).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
