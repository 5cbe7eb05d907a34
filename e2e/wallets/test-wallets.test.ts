/**
 * The test wallets themselves, without the SDK: a plain page of the demo's origin discovers them the
 * way a dapp does (EIP-6963 events, Wallet Standard register / app-ready) and uses them; the
 * signatures they return verify in Node with viem and @noble/curves.
 */

import { launchChromium, type StaticServer, startStaticServer } from '@latchkey/test/browser';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { Browser } from 'playwright-core';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { installEip6963Wallets } from './eip6963-wallet.ts';
import { installWalletStandardWallets } from './wallet-standard-wallet.ts';

describe('test wallets', () => {
  let browser: Browser;
  let site: StaticServer;

  beforeAll(async () => {
    site = await startStaticServer(inject('demoDist'));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  test('EIP-6963 wallets announce themselves and sign with their viem account', async () => {
    const context = await browser.newContext();
    try {
      const [wallet, other] = await installEip6963Wallets(context, [
        { name: 'Test Wallet' },
        { name: 'Other Wallet', rdns: 'dev.latchkey.other' },
      ]);
      const page = await context.newPage();
      await page.goto(`${site.url}/terms.html`);
      const message = 'localhost wants you to sign in with your Ethereum account:\nhello ✓';
      const result = await page.evaluate(async (message) => {
        type Provider = { request(a: { method: string; params?: unknown }): Promise<unknown> } & {
          on(e: string, l: (d: unknown) => void): void;
        };
        const found: {
          info: { name: string; rdns: string; uuid: string; icon: string };
          provider: Provider;
        }[] = [];
        window.addEventListener('eip6963:announceProvider', (event) =>
          found.push((event as CustomEvent).detail),
        );
        window.dispatchEvent(new Event('eip6963:requestProvider'));
        const { provider } = found.find((f) => f.info.name === 'Test Wallet')!;
        const events: unknown[] = [];
        provider.on('accountsChanged', (accounts) => events.push(['accountsChanged', accounts]));
        provider.on('chainChanged', (chainId) => events.push(['chainChanged', chainId]));
        const error = (p: Promise<unknown>) =>
          p.then(
            () => null,
            (e: { code: number }) => e.code,
          );
        const before = await provider.request({ method: 'eth_accounts' });
        const unauthorized = await error(
          provider.request({ method: 'personal_sign', params: ['0x00', '0x0'] }),
        );
        const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
        const hex = `0x${[...new TextEncoder().encode(message)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
        const signature = await provider.request({ method: 'personal_sign', params: [hex, address] });
        const unknownChain = await error(
          provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }),
        );
        await provider.request({
          method: 'wallet_addEthereumChain',
          params: [{ chainId: '0x7a69', chainName: 'Local', rpcUrls: ['http://127.0.0.1:8545'] }],
        });
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
        const chainId = await provider.request({ method: 'eth_chainId' });
        const unsupported = await error(provider.request({ method: 'eth_sendTransaction', params: [] }));
        await new Promise((resolve) => setTimeout(resolve, 50));
        return {
          infos: found.map((f) => f.info),
          before,
          unauthorized,
          address,
          signature,
          unknownChain,
          chainId,
          unsupported,
          events,
        };
      }, message);

      // Announced once at load (before the listener, so not seen) and once per request.
      expect(result.infos.map((i) => [i.name, i.rdns])).toEqual([
        ['Test Wallet', 'dev.latchkey.testwallet'],
        ['Other Wallet', 'dev.latchkey.other'],
      ]);
      expect(result.infos[0]!.icon).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(result.infos[0]!.uuid).toBe(wallet!.uuid);
      expect(result.before).toEqual([]);
      expect(result.unauthorized).toBe(4100);
      expect(result.address).toBe(wallet!.address);
      expect(
        await verifyMessage({
          address: wallet!.address,
          message,
          signature: result.signature as `0x${string}`,
        }),
      ).toBe(true);
      expect(wallet!.signedMessages).toEqual([message]);
      expect(result.unknownChain).toBe(4902);
      expect(result.chainId).toBe('0x7a69');
      expect(wallet!.chainId).toBe(31337);
      expect(result.unsupported).toBe(4200);
      expect(result.events).toEqual([
        ['accountsChanged', [wallet!.address]],
        ['chainChanged', '0x7a69'],
      ]);
      expect(other!.connected).toBe(false);

      // A rejection the test asks for: 4001 once, then signing works again.
      wallet!.rejectSignatures(1);
      const codes = await page.evaluate(async (address) => {
        window.dispatchEvent(new Event('eip6963:requestProvider'));
        const found: { info: { name: string }; provider: { request(a: unknown): Promise<unknown> } }[] = [];
        window.addEventListener('eip6963:announceProvider', (e) => found.push((e as CustomEvent).detail));
        window.dispatchEvent(new Event('eip6963:requestProvider'));
        const { provider } = found.find((f) => f.info.name === 'Test Wallet')!;
        const sign = () =>
          provider.request({ method: 'personal_sign', params: ['0x6869', address] }).then(
            () => 'signed',
            (e: { code: number }) => e.code,
          );
        return [await sign(), await sign()];
      }, wallet!.address);
      expect(codes).toEqual([4001, 'signed']);
    } finally {
      await context.close();
    }
  });

  test('Wallet Standard wallets register, connect and sign with their ed25519 key', async () => {
    const context = await browser.newContext();
    try {
      // A listener that is there before the wallet (a dapp loaded first) gets the register event.
      await context.addInitScript(() => {
        const w = window as unknown as { early: unknown[] };
        w.early = [];
        window.addEventListener('wallet-standard:register-wallet', (event) => {
          (event as CustomEvent).detail({ register: (wallet: unknown) => w.early.push(wallet) });
        });
      });
      const [wallet] = await installWalletStandardWallets(context, [{ name: 'Test Solana Wallet' }]);
      const page = await context.newPage();
      await page.goto(`${site.url}/terms.html`);
      const message = 'localhost wants you to sign in with your Solana account:\nhello ✓';
      const result = await page.evaluate(async (message) => {
        type Feature = Record<string, (...args: unknown[]) => Promise<unknown>>;
        type Wallet = {
          version: string;
          name: string;
          icon: string;
          chains: string[];
          accounts: { address: string; publicKey: Uint8Array }[];
          features: Record<string, Feature>;
        };
        const early = (window as unknown as { early: Wallet[] }).early;
        // A dapp loaded after the wallet announces itself with app-ready.
        const late: Wallet[] = [];
        window.dispatchEvent(
          new CustomEvent('wallet-standard:app-ready', { detail: { register: (w: Wallet) => late.push(w) } }),
        );
        const wallet = late[0]!;
        const changes: number[] = [];
        (
          wallet.features['standard:events']!.on as unknown as (
            e: string,
            l: (p: { accounts: [] }) => void,
          ) => void
        )('change', ({ accounts }) => changes.push(accounts.length));
        const before = wallet.accounts.length;
        const silent = (await wallet.features['standard:connect']!.connect!({ silent: true })) as {
          accounts: unknown[];
        };
        const { accounts } = (await wallet.features['standard:connect']!.connect!()) as {
          accounts: Wallet['accounts'];
        };
        const [output] = (await wallet.features['solana:signMessage']!.signMessage!({
          account: accounts[0],
          message: new TextEncoder().encode(message),
        })) as { signature: Uint8Array }[];
        return {
          same: early[0] === wallet,
          version: wallet.version,
          name: wallet.name,
          chains: wallet.chains,
          features: Object.keys(wallet.features).sort(),
          before,
          silent: silent.accounts.length,
          address: accounts[0]!.address,
          publicKey: [...accounts[0]!.publicKey],
          after: wallet.accounts.length,
          changes,
          signature: [...output!.signature],
        };
      }, message);

      expect(result.same).toBe(true);
      expect(result).toMatchObject({
        version: '1.0.0',
        name: 'Test Solana Wallet',
        chains: ['solana:mainnet'],
        features: [
          'solana:signMessage',
          'solana:signTransaction',
          'standard:connect',
          'standard:disconnect',
          'standard:events',
        ],
        before: 0,
        silent: 0,
        address: wallet!.address,
        after: 1,
        changes: [1],
      });
      expect(Uint8Array.from(result.publicKey)).toEqual(wallet!.publicKey);
      expect(
        ed25519.verify(
          Uint8Array.from(result.signature),
          new TextEncoder().encode(message),
          wallet!.publicKey,
        ),
      ).toBe(true);
      expect(wallet!.signedMessages).toEqual([message]);
    } finally {
      await context.close();
    }
  });
});
