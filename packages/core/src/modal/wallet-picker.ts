import type { AppResponse, ChainType } from '@latchkey/protocol';
import type { WalletChainTypeOption } from '../ui/intents.ts';
import type { WalletManagerState } from '../wallets/manager.ts';
import type { AvailableWallet } from '../wallets/types.ts';

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
  /** The wallet's phone app, for a suggestion not installed; null for wallets found in the page. */
  mobile: MobileWalletApp | null;
}

/** How to reach a wallet's phone app from a mobile browser. */
export interface MobileWalletApp {
  /** The wallet's universal link that opens `pageUrl` in its in-app browser. */
  deepLink(pageUrl: string): string;
  /** iOS App Store listing. */
  appStoreUrl: string;
  /** Google Play listing. */
  playStoreUrl: string;
}

/**
 * MetaMask's universal link to its in-app browser: the page address without its scheme (MetaMask
 * opens it over https) and without the fragment.
 *
 * @example
 * metamaskDeepLink('https://app.example/login?x=1') // 'https://metamask.app.link/dapp/app.example/login?x=1'
 */
export function metamaskDeepLink(pageUrl: string): string {
  const url = new URL(pageUrl);
  return `https://metamask.app.link/dapp/${url.host}${url.pathname}${url.search}`;
}

/**
 * Phantom's universal link to its in-app browser: the whole address encoded, and the origin as
 * `ref` (Phantom shows it as the requesting site).
 *
 * @example
 * phantomDeepLink('https://app.example/?x=1')
 * // 'https://phantom.app/ul/browse/https%3A%2F%2Fapp.example%2F%3Fx%3D1?ref=https%3A%2F%2Fapp.example'
 */
export function phantomDeepLink(pageUrl: string): string {
  const { origin } = new URL(pageUrl);
  return `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(origin)}`;
}

/**
 * The page address to reopen inside the wallet's in-app browser: this page with the wallet deep-link
 * parameters (spec: privy_connector, privy_wallet_client, privy_connect_only), which make the
 * provider open the picker there and select the wallet the in-app browser injects. Other
 * parameters stay (the app's own); a stale privy_connect_only is dropped when not connect-only.
 *
 * @example
 * walletReturnUrl('https://app.example/?a=1', 'metamask', false)
 * // 'https://app.example/?a=1&privy_connector=injected&privy_wallet_client=metamask'
 */
export function walletReturnUrl(pageUrl: string, walletClientType: string, connectOnly: boolean): string {
  const url = new URL(pageUrl);
  url.searchParams.set('privy_connector', 'injected');
  url.searchParams.set('privy_wallet_client', walletClientType);
  if (connectOnly) url.searchParams.set('privy_connect_only', 'true');
  else url.searchParams.delete('privy_connect_only');
  return url.href;
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
    mobile: {
      deepLink: metamaskDeepLink,
      appStoreUrl: 'https://apps.apple.com/app/id1438144202',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=io.metamask',
    },
  },
  {
    id: 'app.phantom',
    name: 'Phantom',
    icon: '',
    walletClientType: 'phantom',
    chains: ['ethereum', 'solana'],
    installed: false,
    installUrl: 'https://phantom.com/download',
    mobile: {
      deepLink: phantomDeepLink,
      appStoreUrl: 'https://apps.apple.com/app/id1598432977',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=app.phantom',
    },
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
      mobile: null,
    });
  }
  for (const suggestion of suggestions) {
    const chains = suggestion.chains.filter((c) => allowed.includes(c));
    if (chains.length === 0 || rows.some((r) => r.walletClientType === suggestion.walletClientType)) continue;
    rows.push({ ...suggestion, chains });
  }
  return rows;
}
