import type { MoonpaySignRequest } from '@latchkey/protocol';
import type { FundingAsset, FundingChain } from '../../funding/asset.ts';
import type { FundingPopup } from '../../funding/coinbase-flow.ts';
import type { DefaultFundingMethod } from '../../funding/default-method.ts';
import type { FundingHosts } from '../../funding/hosts.ts';
import type { FundingChooser, FundingProvider } from '../../funding/options.ts';
import type { TransferSourceWallet, TransferWalletRow } from '../../funding/transfer-wallets.ts';

/**
 * The fund-wallet modal's request and screens (spec document 2 §2, §3 funding request, §4). The hook
 * (`useFundWallet`) resolves the chain (its name, coin and balance reader) before the modal opens,
 * so the flow only runs the screens.
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
  /** Opens the provider's blank popup inside the click (default `window.open`; tests pass a fake). */
  openPopup?: (() => FundingPopup | null) | undefined;
}

/** The first card provider's status screen ('Fund account'): buying by card, or sending from an exchange. */
export type CoinbaseStatus = 'pending-in-flow' | 'pending-after-flow' | 'success';

declare module '../screens.ts' {
  interface ModalScreens {
    /** The method chooser: the rows, the hint to the other card provider, the failure banner. */
    'fund-chooser': { name: 'fund-chooser'; chooser: FundingChooser; title: string | null };
    'fund-coinbase-status': {
      name: 'fund-coinbase-status';
      experience: 'buy' | 'send';
      status: CoinbaseStatus;
    };
    'fund-moonpay-status': {
      name: 'fund-moonpay-status';
      status: 'in-progress' | 'processing-payment' | 'completed';
    };
    /** Transfer from wallet: the connected wallets (up to 4, else 3 and 'More wallets'). */
    'fund-transfer-wallets': {
      name: 'fund-transfer-wallets';
      rows: TransferWalletRow[];
      more: TransferWalletRow[];
      moreLabel: string | null;
      expanded: boolean;
    };
    /** 'Confirm or edit amount': digits and one decimal point; Continue only above 0. */
    'fund-transfer-amount': {
      name: 'fund-transfer-amount';
      wallet: TransferSourceWallet;
      amount: string;
      symbol: string;
      canContinue: boolean;
    };
    /** 'Confirm with {wallet}' while the wallet asks the user, then 'Success!' or the wallet's refusal. */
    'fund-transfer-confirm': {
      name: 'fund-transfer-confirm';
      wallet: TransferSourceWallet;
      status: 'confirm' | 'failed' | 'success';
      error: string | null;
    };
    /** Receive funds: the QR's value, the texts (host overrides applied), the live balance. */
    'fund-receive': {
      name: 'fund-receive';
      address: string;
      qrValue: string;
      title: string;
      subtitle: string;
      notice: string;
      /** Formatted ('1.234 ETH'); null before the first read. */
      balance: string | null;
      funded: boolean;
    };
  }
}

declare module '../../ui/intents.ts' {
  interface ModalOptions {
    /** `fund-wallet`: what to fund, and the hook's promise. */
    funding?: FundWalletTask | undefined;
  }
}
