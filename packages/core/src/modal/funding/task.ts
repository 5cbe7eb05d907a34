import type { FundingChooser } from '../../funding/options.ts';
import type { FundWalletTask } from '../../funding/task.ts';
import type { TransferSourceWallet, TransferWalletRow } from '../../funding/transfer-wallets.ts';

export type { FundingSettings, FundWalletTask, FundWalletUiConfig } from '../../funding/task.ts';

/**
 * The fund-wallet modal's request and screens (spec document 2 §2, §3 funding request, §4). The hook
 * (`useFundWallet`) resolves the chain (its name, coin and balance reader) before the modal opens,
 * so the flow only runs the screens.
 */

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
    /** Bridge to Solana: the chains the paying wallet can bridge from, when more than one quoted. */
    'fund-bridge-options': {
      name: 'fund-bridge-options';
      options: { chainId: number; chainName: string }[];
    };
    /** The bridge (to Solana, or from a Solana wallet): finding quotes, the wallet's confirmation, bridging, and how it ended. */
    'fund-bridge-progress': {
      name: 'fund-bridge-progress';
      status: 'quoting' | 'confirm' | 'bridging' | 'success' | 'failed';
      walletName: string;
      /** What arrives, as the success text names it ('0.1'). */
      amount: string;
      /** What arrives and where: 'SOL' and 'Solana' by default (Bridge to Solana). */
      symbol?: string | undefined;
      network?: string | undefined;
      /** 'Transaction failed' with the refund link, or an error before anything was sent. */
      failure: { title: string; message: string; refundUrl: string | null } | null;
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
