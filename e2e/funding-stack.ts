/**
 * What the funding e2e files share: the local chains, the provider stand-ins (which settle a purchase
 * by really sending ETH on the Hardhat node), a server pointed at them, an app that funds on the local
 * chain with both card providers and the exchange, and a demo page whose `funding` config points the
 * client at the stand-ins too (`providerChainIds: { 31337: 8453 }`: the providers sell Base to a wallet
 * on 31337). Each file logs its own user in (its own stack), so the files run at once; the login is
 * the file's first test (the kit's page helpers poll with `expect`, which only a test may).
 */

import { type EvmNode, type SolanaRpc, startEvmNode, startSolanaRpc } from '@latchkey/test/chains';
import { emailLoginCreatingWallets, id, type Stack, startStack, text } from '@latchkey/test/e2e';
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
import { expect } from 'vitest';
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
  /** Set by `login`. */
  ethereumAddress: string;
  /** Set by `login`. */
  solanaAddress: string;
  /** The page's EIP-6963 test wallet, on the local chain with 10 ETH, sending through the node. */
  payer: TestEthWallet;
  /** With `solanaWallet`: the page's Test Solana Wallet (Wallet Standard), 10 SOL on the local SVM. */
  solanaPayer: TestSolanaWallet | null;
  /** An email login that creates the embedded wallets. */
  login(email: string): Promise<void>;
  balanceOf(address: string): Promise<bigint>;
  close(): Promise<void>;
}

export interface FundingStackOptions {
  /** Also registers a Test Solana Wallet in the page, funded on the local Solana RPC. */
  solanaWallet?: boolean;
}

export async function startFundingStack(options: FundingStackOptions = {}): Promise<FundingStack> {
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
  await page.goto(`${stack.demoUrl(appId)}&${query}`);

  const funding: FundingStack = {
    stack,
    evm,
    solana,
    coinbase,
    moonpay,
    relay,
    context,
    page,
    pageErrors,
    ethereumAddress: '',
    solanaAddress: '',
    payer: payer!,
    solanaPayer: solanaPayer ?? null,
    async login(email) {
      await emailLoginCreatingWallets(page, stack.smtp, email, walletTimeout);
      await page.locator(id('demo-fund-ethereum')).waitFor({ state: 'visible' });
      funding.ethereumAddress = await text(page, 'demo-embedded-ethereum-0');
      expect(funding.ethereumAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
      await page.locator(id('demo-embedded-solana-0')).waitFor({ state: 'visible' });
      funding.solanaAddress = await text(page, 'demo-embedded-solana-0');
    },
    balanceOf: async (address) => BigInt((await evm.rpc('eth_getBalance', [address, 'latest'])) as string),
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
  };
  return funding;
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

/** What the demo's fundWallet promise ended with (`resolved {…}` / `rejected …`), once it ended. */
export async function fundResult(page: Page, timeout = 15_000): Promise<string> {
  await expect.poll(() => text(page, 'demo-fund-result'), { timeout }).not.toBe('pending');
  return text(page, 'demo-fund-result');
}
