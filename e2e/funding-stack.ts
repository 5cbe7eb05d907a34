/**
 * What the funding e2e files share: the local chains, the provider stand-ins (which settle a purchase
 * by really sending ETH on the Hardhat node), a server pointed at them, an app that funds on the local
 * chain with both card providers and the exchange, and a demo page whose `funding` config points the
 * client at the stand-ins too (`providerChainIds: { 31337: 8453 }`: the providers sell Base to a wallet
 * on 31337). Each file runs in `describeFunding`, which starts its own stack (so the files run at
 * once), logs the file's user in as its first test (the kit's page helpers poll with `expect`, which
 * only a test may), and checks last that the page raised no uncaught error.
 */

import { fundingMessages, fundingTimings } from '@latchkey/core/funding';
import type { FundingConfig } from '@latchkey/protocol';
import { type EvmNode, type SolanaRpc, startEvmNode, startSolanaRpc } from '@latchkey/test/chains';
import {
  emailLoginCreatingWallets,
  id,
  modalClosed,
  pickWallet,
  type Stack,
  startStack,
  text,
} from '@latchkey/test/e2e';
import {
  type CoinbaseOnrampStandIn,
  type MoonpayStandIn,
  newCdpKey,
  type RelayStandIn,
  startCoinbaseOnrampStandIn,
  startMoonpayStandIn,
  startRelayStandIn,
} from '@latchkey/test/stand-ins';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installEip6963Wallets, type TestEthWallet } from './wallets/eip6963-wallet.ts';
import { installWalletStandardWallets, type TestSolanaWallet } from './wallets/wallet-standard-wallet.ts';

export const walletTimeout = 60_000;
/** The app's default_recommended_amount: what the chooser presets and the stand-ins pay out. */
export const fundAmountWei = 10n ** 16n;

export interface FundingStack {
  stack: Stack;
  evm: EvmNode;
  solana: SolanaRpc;
  coinbase: CoinbaseOnrampStandIn;
  moonpay: MoonpayStandIn;
  relay: RelayStandIn;
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  /** Set by `login` / `walletsShown`. */
  ethereumAddress: `0x${string}`;
  /** Set by `login` / `walletsShown`. */
  solanaAddress: string;
  /** The page's EIP-6963 test wallet, on the local chain with 10 ETH, sending through the node. */
  payer: TestEthWallet;
  /** With `solanaWallet`: the page's Test Solana Wallet (Wallet Standard), 10 SOL on the local SVM. */
  solanaPayer: TestSolanaWallet | null;
  /** An email login that creates the embedded wallets (the modal then closes by itself). */
  login(email: string): Promise<void>;
  /** Waits for the demo to list the embedded wallets, and reads their addresses. */
  walletsShown(): Promise<void>;
  balanceOf(address: string): Promise<bigint>;
  /** Sends `wei` to `to` from the node's first (unlocked) account, as any wallet would. */
  sendEth(to: string, wei: bigint): Promise<void>;
  close(): Promise<void>;
}

export interface FundingStackOptions {
  /** Fields of the app's `funding_config` to change. */
  fundingConfig?: Partial<FundingConfig> | undefined;
  /** The page's clock under the test's control (`page.clock`, running from now). */
  clock?: boolean | undefined;
  /** Also registers a Test Solana Wallet in the page, funded on the local Solana RPC. */
  solanaWallet?: boolean | undefined;
}

/**
 * Starts the stack into `into` (so that a suite can hand the object to its tests before the stack
 * exists) and returns it.
 */
export async function startFundingStack(
  options: FundingStackOptions = {},
  into = {} as FundingStack,
): Promise<FundingStack> {
  const [evm, solana] = await Promise.all([startEvmNode(), startSolanaRpc()]);
  const [coinbase, moonpay, relay] = await Promise.all([
    startCoinbaseOnrampStandIn({ evm, solana }),
    startMoonpayStandIn({ evm, solana }),
    startRelayStandIn({ evm, solana }),
  ]);
  const stack = await startStack({
    funding: {
      coinbaseApiUrl: coinbase.url,
      moonpayWidgetUrl: moonpay.url,
      moonpaySandboxWidgetUrl: moonpay.url,
      priceApiUrl: '',
      priceTtlSeconds: 60,
    },
  });
  const cdpKey = newCdpKey();
  coinbase.addKey(cdpKey);
  const appId = await stack.createApp({
    email_auth: true,
    // The wallet picker lists Solana wallets when the app takes them (both chains then).
    ...(options.solanaWallet ? { wallet_auth: true, solana_wallet_auth: true } : {}),
    embedded_wallet_config: {
      ethereum: { create_on_login: 'users-without-wallets' },
      solana: { create_on_login: 'users-without-wallets' },
    },
    // The local chain is a funding chain once the server has its RPC URL.
    rpc_urls: { 'eip155:31337': evm.url },
    funding_config: {
      methods: ['coinbase-onramp', 'moonpay'],
      options: [
        { method: 'card', provider: 'coinbase' },
        { method: 'card', provider: 'moonpay' },
        { method: 'exchange', provider: 'coinbase' },
        { method: 'wallets', provider: 'external' },
      ],
      default_recommended_amount: '0.01',
      default_recommended_currency: { chain: 'eip155:31337' },
      prompt_funding_on_wallet_creation: false,
      cross_chain_bridging_enabled: true,
      ...options.fundingConfig,
    },
    coinbase_cdp_api_key_name: cdpKey.keyName,
    coinbase_cdp_api_private_key: cdpKey.privateKey,
    moonpay_publishable_key: moonpay.publishableKey,
    moonpay_secret_key: moonpay.secretKey,
  });
  const { context, page, errors: pageErrors } = await stack.newPage();
  // Hardhat sends for the wallet's account once impersonated: the test wallet does not sign transactions.
  const [payer] = await installEip6963Wallets(context, [
    {
      name: 'Test Wallet',
      chainId: 31337,
      knownChains: [1, 8453, 31337],
      async sendTransaction(transaction) {
        await evm.rpc('hardhat_impersonateAccount', [transaction.from]);
        return (await evm.rpc('eth_sendTransaction', [transaction])) as string;
      },
    },
  ]);
  await evm.rpc('hardhat_setBalance', [payer!.address, `0x${(10n ** 19n).toString(16)}`]);
  const [solanaPayer] = options.solanaWallet ? await installWalletStandardWallets(context, [{}]) : [];
  if (solanaPayer) solana.airdrop(solanaPayer.address, 10n ** 10n);
  const query = new URLSearchParams({
    evmRpcUrl: evm.url,
    solanaRpcUrl: solana.url,
    fundingHosts: JSON.stringify({ coinbasePay: coinbase.url, moonpayApi: moonpay.url, relayApi: relay.url }),
    providerChainIds: JSON.stringify({ 31337: 8453 }),
  });
  if (options.clock) await page.clock.install();
  await page.goto(`${stack.demoUrl(appId)}&${query}`);

  const funding: FundingStack = Object.assign(into, {
    stack,
    evm,
    solana,
    coinbase,
    moonpay,
    relay,
    context,
    page,
    pageErrors,
    ethereumAddress: '0x' as const,
    solanaAddress: '',
    payer: payer!,
    solanaPayer: solanaPayer ?? null,
    async login(email: string) {
      await emailLoginCreatingWallets(page, stack.smtp, email, walletTimeout);
      await funding.walletsShown();
    },
    async walletsShown() {
      await page.locator(id('demo-fund-ethereum')).waitFor({ state: 'visible' });
      funding.ethereumAddress = (await text(page, 'demo-embedded-ethereum-0')) as `0x${string}`;
      expect(funding.ethereumAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
      await page.locator(id('demo-embedded-solana-0')).waitFor({ state: 'visible' });
      funding.solanaAddress = await text(page, 'demo-embedded-solana-0');
    },
    balanceOf: async (address: string) =>
      BigInt((await evm.rpc('eth_getBalance', [address, 'latest'])) as string),
    async sendEth(to: string, wei: bigint) {
      const [funder] = (await evm.rpc('eth_accounts')) as string[];
      await evm.rpc('eth_sendTransaction', [{ from: funder, to, value: `0x${wei.toString(16)}` }]);
    },
    async close() {
      await context.close().catch(() => undefined);
      await Promise.all([
        stack.close(),
        evm.stop(),
        solana.close(),
        coinbase.close(),
        moonpay.close(),
        relay.close(),
      ]);
    },
  });
  return funding;
}

export interface DescribeFundingOptions extends FundingStackOptions {
  /**
   * The user the suite's first test logs in (`login`); null: the suite's own first test logs in
   * (a login the app follows with more than the creation screen).
   */
  email: string | null;
}

/**
 * A funding suite on a stack of its own: started before its tests and closed after them; the email
 * login as its first test (unless `email` is null), `body`'s tests, and last, that the page raised no
 * uncaught error. `body` gets the stack's object, whose fields are set once the suite runs: read them
 * in tests and hooks only.
 */
export function describeFunding(
  title: string,
  options: DescribeFundingOptions,
  body: (f: FundingStack) => void,
): void {
  describe(title, () => {
    const f = {} as FundingStack;
    beforeAll(async () => {
      await startFundingStack(options, f);
    });
    afterAll(async () => {
      await f.close?.();
    });
    const { email } = options;
    if (email !== null) {
      test('an email login creates the embedded wallets', async () => {
        await f.login(email);
      });
    }
    body(f);
    test('no uncaught page error', () => {
      expect(f.pageErrors).toEqual([]);
    });
  });
}

/** Connects the page's test wallet `name` through the demo's 'Connect wallet', until the demo lists `address`. */
export async function connectTestWallet(
  page: Page,
  name: string,
  chainType: 'ethereum' | 'solana',
  address: string,
): Promise<void> {
  await page.locator(id('demo-connect-wallet')).click();
  await page.locator(id('lk-screen-wallets')).waitFor({ state: 'visible' });
  await pickWallet(page, name, chainType);
  await modalClosed(page);
  await page.locator(id(`demo-wallet-${address}`)).waitFor({ state: 'visible' });
}

/** Opens the Fund wallet chooser from the demo's panel for the Ethereum wallet, with `options`. */
export async function openFundEthereum(page: Page, options: Record<string, unknown> = {}): Promise<void> {
  await page.locator(id('demo-fund-options')).fill(JSON.stringify(options));
  await page.locator(id('demo-fund-ethereum')).click();
}

/** Opens the chooser for the Solana wallet on the local cluster (named mainnet-beta: the bridge refuses testnets). */
export async function openFundSolana(f: FundingStack, options: Record<string, unknown> = {}): Promise<void> {
  await f.page
    .locator(id('demo-fund-options'))
    .fill(JSON.stringify({ cluster: { name: 'mainnet-beta', rpcUrl: f.solana.url }, ...options }));
  await f.page.locator(id('demo-fund-solana')).click();
}

/**
 * Clicks `option` on the chooser, which opens a card provider's page in a popup, and returns the
 * popup once it shows the stand-in's page at `origin` (its 'Complete purchase' button).
 */
export async function providerPopup(page: Page, option: string, origin: string): Promise<Page> {
  await page.locator(id('lk-screen-fund-chooser')).waitFor({ state: 'visible' });
  const opened = page.waitForEvent('popup');
  await page.locator(id(option)).click();
  const popup = await opened;
  await popup.locator('#complete-purchase').waitFor({ state: 'visible' });
  expect(new URL(popup.url()).origin).toBe(origin);
  return popup;
}

/**
 * The card providers' status reads as the modal makes them: where (a URL with `path` in it), the
 * status screen's `data-status` once a read found the purchase complete, and the chooser's banner
 * once one found it failed. When they come is `fundingTimings`' (spec document 2 §9).
 */
export const providerReads = {
  coinbase: {
    path: '/funding/coinbase_on_ramp/status',
    completed: 'success',
    failureBanner: fundingMessages.coinbaseFailureBanner,
  },
  moonpay: {
    path: '/v1/transactions/ext/',
    completed: 'completed',
    failureBanner: fundingMessages.moonpayFailureBanner,
  },
} as const;
export type CardProvider = keyof typeof providerReads;

/**
 * Moves the page's clock (a stack with `clock: true`) `ms` on, to `provider`'s next status read, and
 * waits for the answer to it. A read the page schedules late comes on its own time instead, so a
 * jump that misses only makes the test wait.
 */
export async function clockToRead(page: Page, provider: CardProvider, ms: number): Promise<void> {
  const read = page.waitForResponse((response) => response.url().includes(providerReads[provider].path));
  await page.clock.fastForward(ms);
  await read;
}

/**
 * The user ends the purchase in the provider's `popup`, and the next status read (`ms` on, on the
 * page's clock) sees it. 'Complete purchase': the stand-in sent the ETH, the status screen shows
 * success and closes by itself after 4 s (the clock jumps there too), `fundWallet` resolves funded.
 * 'Fail purchase': back to the chooser with the provider's failure banner; the popup closes, and
 * closing the modal resolves `fundWallet` unfunded, no ETH sent.
 */
export async function purchaseEnds(
  f: FundingStack,
  provider: CardProvider,
  popup: Page,
  ms: number,
  ending: 'complete' | 'fail' = 'complete',
): Promise<void> {
  const before = await f.balanceOf(f.ethereumAddress);
  await popup.locator(`#${ending}-purchase`).click();
  await clockToRead(f.page, provider, ms);
  if (ending === 'fail') {
    const banner = f.page.locator(id('lk-fund-banner'));
    await banner.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await banner.textContent()).toBe(providerReads[provider].failureBanner);
    expect(await f.page.locator(id('lk-screen-fund-chooser')).isVisible()).toBe(true);
    await popup.close();
    return closeUnfunded(f, before);
  }
  await f.page
    .locator(`${id(`lk-screen-fund-${provider}-status`)}[data-status="${providerReads[provider].completed}"]`)
    .waitFor({ state: 'visible', timeout: 20_000 });
  expect(await f.balanceOf(f.ethereumAddress)).toBe(before + fundAmountWei);
  await f.page.clock.fastForward(fundingTimings.successCloseMs);
  await modalClosed(f.page);
  expect(await fundResult(f.page)).toBe('resolved {"funded":true}');
}

/** Closes the modal (the chooser's ×): `fundWallet` resolves unfunded, and the balance is still `before`. */
export async function closeUnfunded(f: FundingStack, before: bigint): Promise<void> {
  await f.page.locator(id('lk-close')).click();
  await modalClosed(f.page);
  expect(await fundResult(f.page)).toBe('resolved {"funded":false}');
  expect(await f.balanceOf(f.ethereumAddress)).toBe(before);
}

/** What the demo's fundWallet promise ended with (`resolved {…}` / `rejected …`), once it ended. */
export async function fundResult(page: Page, timeout = 15_000): Promise<string> {
  await expect.poll(() => text(page, 'demo-fund-result'), { timeout }).not.toBe('pending');
  return text(page, 'demo-fund-result');
}
