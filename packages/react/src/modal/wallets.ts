import type { AvailableWallet, WalletManagerState } from '@latchkey/core';
import type { AppResponse } from '@latchkey/protocol';
import type { WalletChainTypeOption } from '../types.ts';

type ChainType = 'ethereum' | 'solana';

/** A row of the wallet picker. */
export interface PickerWallet {
  id: string;
  name: string;
  icon: string;
  walletClientType: string;
  /** Chains offered, after the picker's chain filter. */
  chains: ChainType[];
  /** False for a suggested wallet not present in this browser (opens the install screen). */
  installed: boolean;
  installUrl: string | null;
}

/** Wallets suggested when not installed (spec: install screen 'Open or install {wallet}'). */
const suggestions: PickerWallet[] = [
  {
    id: 'io.metamask',
    name: 'MetaMask',
    icon: '',
    walletClientType: 'metamask',
    chains: ['ethereum'],
    installed: false,
    installUrl: 'https://metamask.io/download/',
  },
  {
    id: 'app.phantom',
    name: 'Phantom',
    icon: '',
    walletClientType: 'phantom',
    chains: ['ethereum', 'solana'],
    installed: false,
    installUrl: 'https://phantom.com/download',
  },
];

/** The picker's chains: the option given, else the app's wallet switches (Ethereum by default). */
export function pickerChains(
  option: WalletChainTypeOption | undefined,
  app: AppResponse | null,
): ChainType[] {
  if (option === 'ethereum-only') return ['ethereum'];
  if (option === 'solana-only') return ['solana'];
  if (option === 'ethereum-and-solana') return ['ethereum', 'solana'];
  const chains: ChainType[] = [];
  if (app?.wallet_auth) chains.push('ethereum');
  if (app?.solana_wallet_auth) chains.push('solana');
  return chains.length ? chains : ['ethereum'];
}

function chainsOf(wallet: AvailableWallet): ChainType[] {
  const chains: ChainType[] = [];
  if (wallet.ethereum) chains.push('ethereum');
  if (wallet.solana) chains.push('solana');
  return chains;
}

/**
 * The picker's rows: discovered wallets on the allowed chains, then suggestions not installed.
 *
 * @example
 * pickerWallets(state, ['solana']).map((w) => w.name) // ['Phantom', 'Solflare']
 */
export function pickerWallets(
  state: Pick<WalletManagerState, 'available'>,
  allowed: ChainType[],
): PickerWallet[] {
  const rows: PickerWallet[] = [];
  for (const wallet of state.available) {
    const chains = chainsOf(wallet).filter((c) => allowed.includes(c));
    if (chains.length === 0) continue;
    rows.push({
      id: wallet.id,
      name: wallet.name,
      icon: wallet.icon,
      walletClientType: wallet.walletClientType,
      chains,
      installed: true,
      installUrl: null,
    });
  }
  for (const suggestion of suggestions) {
    const chains = suggestion.chains.filter((c) => allowed.includes(c));
    if (chains.length === 0 || rows.some((r) => r.walletClientType === suggestion.walletClientType)) continue;
    rows.push({ ...suggestion, chains });
  }
  return rows;
}

/** The search bar shows above this many wallets (or while searching). */
export const walletSearchThreshold = 6;

/** Case-insensitive substring match on the label. */
export function filterWallets<T extends { name: string }>(wallets: T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  return needle ? wallets.filter((w) => w.name.toLowerCase().includes(needle)) : wallets;
}
