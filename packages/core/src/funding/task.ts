import type { MoonpaySignRequest } from '@latchkey/protocol';
import type { FundingAsset, FundingChain } from './asset.ts';
import type { FundingPopup } from './coinbase-flow.ts';
import type { DefaultFundingMethod } from './default-method.ts';
import type { FundingHosts } from './hosts.ts';
import type { FundingProvider } from './options.ts';

/**
 * The fund-wallet modal's request (spec document 2 §3 funding request): what the hook
 * (`useFundWallet`) resolves before the modal opens (the chain's name, coin and balance reader), so
 * the modal's flow only runs the screens; and where the screens reach the providers.
 */

/** The host's `uiConfig` (spec document 2 §3): '' blanks a text, undefined keeps the default. */
export interface FundWalletUiConfig {
  landing?: { title?: string | undefined } | undefined;
  receiveFundsTitle?: string | undefined;
  receiveFundsSubtitle?: string | undefined;
}

/** The hook's promise behind a `fund-wallet` request: resolved once, when the modal closes. */
export interface FundWalletTask {
  /** The wallet being funded. */
  address: string;
  chain: FundingChain;
  asset: FundingAsset;
  /** The amount to preset, in the asset's units ('0.1'), as the on-ramps are asked to buy it. */
  amount: string;
  /** The asset's ticker and decimals, and the chain's name ('Make sure to send funds on {network}.'). */
  symbol: string;
  decimals: number;
  network: string;
  /**
   * SOL to a Solana wallet from a connected Ethereum wallet, through the bridge (the app's
   * `cross_chain_bridging_enabled`): the host's EVM chains the paying wallet may hold a balance on.
   */
  bridgeChains?: readonly { id: number; name: string; rpcUrl: string }[] | undefined;
  /**
   * A Solana wallet's cluster RPC URL: where a connected Solana wallet's transfer to it is sent
   * (Transfer from wallet, Solana to Solana) and confirmed.
   */
  solanaRpcUrl?: string | undefined;
  /**
   * An Ethereum wallet funded from a connected Solana wallet through the bridge (the app's
   * `cross_chain_bridging_enabled`): the Solana RPC URL the payment is sent through (the bridge
   * takes mainnet SOL).
   */
  bridgeFromSolana?: { rpcUrl: string } | undefined;
  /** USDC on Solana: the mint the QR code names (spec document 1 §2 Receive funds). */
  solanaUsdcMint?: string | null | undefined;
  defaultFundingMethod?: DefaultFundingMethod | undefined;
  preferredCardProvider?: FundingProvider | undefined;
  uiConfig?: FundWalletUiConfig | undefined;
  /** The host's `moonpayConfigOverride` (wins over the derived widget config). */
  moonpayConfigOverride?: Partial<MoonpaySignRequest['config']> | undefined;
  /** The wallet's balance of the asset, in base units (Receive funds polls it every 2 s). */
  readBalance(): Promise<bigint>;
  /** The modal closed; `funded`: an on-ramp succeeded or the balance grew while it was open. */
  resolve(result: { funded: boolean }): void;
}

/**
 * Where the funding screens reach the providers, from the app's options (`LatchkeyConfig.funding`):
 * their hosts (real ones by default) and, for development chains, the chain the providers are told.
 */
export interface FundingSettings {
  hosts?: Partial<FundingHosts> | undefined;
  /**
   * Chain ids the providers see instead of the wallet's own: `{ 31337: 8453 }` sells Base to a wallet
   * on a local Hardhat chain (the providers know no local chain; their stand-ins settle on it). Balances
   * are still read on the wallet's own chain.
   */
  providerChainIds?: Readonly<Record<number, number>> | undefined;
  /**
   * The funding request for a wallet just created at login, when the app asks to prompt funding then
   * (`funding_config.prompt_funding_on_wallet_creation`): the host builds it from its chains.
   */
  promptTask?:
    | ((wallet: {
        address: string;
        chainType: 'ethereum' | 'solana';
      }) => Promise<Omit<FundWalletTask, 'resolve'>>)
    | undefined;
  /**
   * MoonPay's widget in the modal's colours (`uiConfig`: the scheme, and the accent when the app
   * sets one); a host's `moonpayConfigOverride` still wins.
   */
  moonpayUiConfig?: MoonpaySignRequest['config']['uiConfig'] | undefined;
  /** Opens the provider's blank popup inside the click (default `window.open`; tests pass a fake). */
  openPopup?: (() => FundingPopup | null) | undefined;
}
