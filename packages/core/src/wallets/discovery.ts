import type {
  AvailableWallet,
  EIP1193Provider,
  EIP6963ProviderInfo,
  StandardWallet,
  WalletWindow,
} from './types.ts';

/** Client types for well-known EIP-6963 rdns values; others use the wallet name. */
const clientTypeByRdns: Record<string, string> = {
  'io.metamask': 'metamask',
  'io.metamask.flask': 'metamask',
  'app.phantom': 'phantom',
  'com.coinbase.wallet': 'coinbase_wallet',
  'io.rabby': 'rabby_wallet',
  'me.rainbow': 'rainbow',
  'com.trustwallet.app': 'trust',
  'com.okex.wallet': 'okx_wallet',
  'com.brave.wallet': 'brave_wallet',
  'io.zerion.wallet': 'zerion',
  'app.backpack': 'backpack',
};

/**
 * The wallet client type: known rdns first, else the name in lower case with spaces as `_`.
 *
 * @example
 * walletClientTypeOf('Test Wallet', 'dev.latchkey.test') // 'test_wallet'
 */
export function walletClientTypeOf(name: string, rdns?: string): string {
  const known = rdns ? clientTypeByRdns[rdns] : undefined;
  return known ?? name.trim().toLowerCase().replace(/\s+/g, '_');
}

const isProvider = (value: unknown): value is EIP1193Provider =>
  typeof value === 'object' && value !== null && typeof (value as EIP1193Provider).request === 'function';

interface AnnouncedProvider {
  info: EIP6963ProviderInfo;
  provider: EIP1193Provider;
}

/** Solana wallets must connect and sign messages (Wallet Standard features). */
export function isSolanaStandardWallet(wallet: StandardWallet): boolean {
  return (
    typeof wallet === 'object' &&
    wallet !== null &&
    Array.isArray(wallet.chains) &&
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    typeof wallet.features?.['standard:connect'] === 'object' &&
    typeof wallet.features?.['solana:signMessage'] === 'object'
  );
}

export interface WalletDiscovery {
  /** Every wallet found so far, Ethereum and Solana merged by name. */
  list(): AvailableWallet[];
  subscribe(listener: () => void): () => void;
  /** Asks EIP-6963 wallets to announce again. */
  refresh(): void;
  stop(): void;
}

/**
 * Discovers injected wallets: EIP-6963 announcements (with `window.ethereum` as an 'Injected'
 * wallet when nothing announces), and Solana wallets through the Wallet Standard registration
 * events. A wallet found on both chains (same name) is one entry.
 *
 * @example
 * const discovery = discoverWallets(window);
 * discovery.subscribe(() => console.log(discovery.list().map((w) => w.name)));
 */
export function discoverWallets(win: WalletWindow): WalletDiscovery {
  const announced = new Map<string, AnnouncedProvider>();
  const standard = new Set<StandardWallet>();
  const listeners = new Set<() => void>();
  let snapshot: AvailableWallet[] | null = null;
  const changed = () => {
    snapshot = null;
    for (const listener of [...listeners]) listener();
  };

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<AnnouncedProvider>).detail;
    if (!detail?.info?.rdns || !isProvider(detail.provider)) return;
    const previous = announced.get(detail.info.rdns);
    if (previous?.provider === detail.provider && previous.info.uuid === detail.info.uuid) return;
    announced.set(detail.info.rdns, { info: detail.info, provider: detail.provider });
    changed();
  };

  // Wallet Standard app side (the protocol @wallet-standard/app implements).
  const register = (...wallets: StandardWallet[]) => {
    let added = false;
    for (const wallet of wallets) {
      if (!standard.has(wallet) && isSolanaStandardWallet(wallet)) {
        standard.add(wallet);
        added = true;
      }
    }
    if (added) changed();
    return () => {
      let removed = false;
      for (const wallet of wallets) removed = standard.delete(wallet) || removed;
      if (removed) changed();
    };
  };
  const api = Object.freeze({ register });
  const onRegister = (event: Event) => {
    const callback = (event as CustomEvent<unknown>).detail;
    if (typeof callback === 'function') {
      try {
        (callback as (api: { register: typeof register }) => void)(api);
      } catch (error) {
        console.error('Wallet Standard registration failed', error);
      }
    }
  };

  win.addEventListener('eip6963:announceProvider', onAnnounce);
  win.addEventListener('wallet-standard:register-wallet', onRegister);
  const refresh = () => win.dispatchEvent(new Event('eip6963:requestProvider'));
  refresh();
  win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));

  function build(): AvailableWallet[] {
    const byKey = new Map<string, AvailableWallet>();
    for (const { info, provider } of announced.values()) {
      const walletClientType = walletClientTypeOf(info.name, info.rdns);
      byKey.set(walletClientType, {
        id: info.rdns,
        name: info.name,
        icon: info.icon,
        walletClientType,
        ethereum: provider,
      });
    }
    if (announced.size === 0 && isProvider(win.ethereum)) {
      const flags = win.ethereum as { isMetaMask?: boolean };
      const walletClientType = flags.isMetaMask ? 'metamask' : 'unknown';
      byKey.set(walletClientType, {
        id: 'injected',
        name: 'Injected',
        icon: '',
        walletClientType,
        ethereum: win.ethereum,
      });
    }
    for (const wallet of standard) {
      const walletClientType = walletClientTypeOf(wallet.name);
      const existing = byKey.get(walletClientType);
      if (existing && !existing.solana) existing.solana = wallet;
      else if (!existing)
        byKey.set(walletClientType, {
          id: walletClientType,
          name: wallet.name,
          icon: wallet.icon,
          walletClientType,
          solana: wallet,
        });
    }
    return [...byKey.values()];
  }

  return {
    list: () => {
      snapshot ??= build();
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    refresh,
    stop() {
      win.removeEventListener('eip6963:announceProvider', onAnnounce);
      win.removeEventListener('wallet-standard:register-wallet', onRegister);
      listeners.clear();
    },
  };
}
