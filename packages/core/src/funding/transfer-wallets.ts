import { fundingMessages } from './messages.ts';

/**
 * Transfer from wallet (spec document 2 §2, §9): the connected wallets the user can pay from, up to
 * 4 in the list, else 3 and 'More wallets' opening the rest; each row tagged 'Connected', and
 * 'Solana' for a Solana wallet. The next screen depends on the source's and destination's chain
 * types: same type sends directly, across types goes through the bridge.
 */
export interface TransferSourceWallet {
  address: string;
  chainType: 'ethereum' | 'solana';
  /** The wallet's name ('MetaMask', 'Phantom'), for 'Confirm with {wallet}'. */
  name: string;
}

export interface TransferWalletRow<W extends TransferSourceWallet = TransferSourceWallet> {
  wallet: W;
  tags: string[];
}

/** The list shows at most this many rows before folding into 'More wallets'. */
export const transferListMax = 4;

export function transferWalletList<W extends TransferSourceWallet>(
  wallets: readonly W[],
): { rows: TransferWalletRow<W>[]; more: TransferWalletRow<W>[]; moreLabel: string | null } {
  const all = wallets.map((wallet) => ({
    wallet,
    tags:
      wallet.chainType === 'solana'
        ? [fundingMessages.connectedTag, fundingMessages.solanaTag]
        : [fundingMessages.connectedTag],
  }));
  if (all.length <= transferListMax) return { rows: all, more: [], moreLabel: null };
  const shown = transferListMax - 1;
  return { rows: all.slice(0, shown), more: all.slice(shown), moreLabel: fundingMessages.moreWallets };
}

/** How the funds travel from the chosen wallet to the wallet being funded. */
export type TransferRoute =
  | 'ethereum-to-ethereum'
  | 'ethereum-to-solana'
  | 'solana-to-ethereum'
  | 'solana-to-solana';

export function transferRoute(
  source: TransferSourceWallet['chainType'],
  destination: TransferSourceWallet['chainType'],
): TransferRoute {
  return `${source}-to-${destination}`;
}

/** Whether the route crosses chain types, so the bridge carries it (and not a plain transfer). */
export const transferNeedsBridge = (route: TransferRoute): boolean =>
  route === 'ethereum-to-solana' || route === 'solana-to-ethereum';
