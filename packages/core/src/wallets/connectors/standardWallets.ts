import type { AvailableWallet, StandardWallet, WalletWindow } from '../types.ts';
import { walletClientTypeOf } from '../walletClientType.ts';
import type { WalletSource } from './types.ts';

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

/**
 * Solana wallets through the Wallet Standard registration events (the app side that
 * @wallet-standard/app implements): wallets that loaded first register when the app says it is
 * ready, later ones dispatch their own registration event. Wallets that cannot connect and sign
 * messages on Solana are ignored.
 *
 * @example
 * const source = discoverStandardWallets(window, () => render(source.list()));
 * source.start(); // dispatches wallet-standard:app-ready
 */
export function discoverStandardWallets(win: WalletWindow, onChange: () => void): WalletSource {
  const registered = new Set<StandardWallet>();

  const register = (...wallets: StandardWallet[]) => {
    let added = false;
    for (const wallet of wallets) {
      if (!registered.has(wallet) && isSolanaStandardWallet(wallet)) {
        registered.add(wallet);
        added = true;
      }
    }
    if (added) onChange();
    return () => {
      let removed = false;
      for (const wallet of wallets) removed = registered.delete(wallet) || removed;
      if (removed) onChange();
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
  win.addEventListener('wallet-standard:register-wallet', onRegister);

  return {
    list() {
      return [...registered].map((wallet): AvailableWallet => {
        const walletClientType = walletClientTypeOf(wallet.name);
        return {
          id: walletClientType,
          name: wallet.name,
          icon: wallet.icon,
          walletClientType,
          solana: wallet,
        };
      });
    },
    start() {
      win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
    },
    stop() {
      win.removeEventListener('wallet-standard:register-wallet', onRegister);
    },
  };
}
