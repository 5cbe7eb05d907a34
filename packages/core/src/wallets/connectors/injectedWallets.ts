import type { AvailableWallet, EIP1193Provider, EIP6963ProviderInfo, WalletWindow } from '../types.ts';
import { walletClientTypeOf } from '../walletClientType.ts';
import type { WalletSource } from './types.ts';

const isProvider = (value: unknown): value is EIP1193Provider =>
  typeof value === 'object' && value !== null && typeof (value as EIP1193Provider).request === 'function';

interface AnnouncedProvider {
  info: EIP6963ProviderInfo;
  provider: EIP1193Provider;
}

/**
 * Injected Ethereum wallets: EIP-6963 announcements, one entry per client type (a later
 * announcement of the same client type replaces the earlier one), and `window.ethereum` as an
 * 'Injected' wallet when nothing announces.
 *
 * @example
 * const source = discoverInjectedWallets(window, () => render(source.list()));
 * source.start(); // dispatches eip6963:requestProvider
 */
export function discoverInjectedWallets(win: WalletWindow, onChange: () => void): WalletSource {
  const announced = new Map<string, AnnouncedProvider>();

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<AnnouncedProvider>).detail;
    if (!detail?.info?.rdns || !isProvider(detail.provider)) return;
    const previous = announced.get(detail.info.rdns);
    if (previous?.provider === detail.provider && previous.info.uuid === detail.info.uuid) return;
    announced.set(detail.info.rdns, { info: detail.info, provider: detail.provider });
    onChange();
  };
  win.addEventListener('eip6963:announceProvider', onAnnounce);
  const request = () => win.dispatchEvent(new Event('eip6963:requestProvider'));

  return {
    list() {
      const byClientType = new Map<string, AvailableWallet>();
      for (const { info, provider } of announced.values()) {
        const walletClientType = walletClientTypeOf(info.name, info.rdns);
        byClientType.set(walletClientType, {
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
        byClientType.set(walletClientType, {
          id: 'injected',
          name: 'Injected',
          icon: '',
          walletClientType,
          ethereum: win.ethereum,
        });
      }
      return [...byClientType.values()];
    },
    start: request,
    refresh: request,
    stop() {
      win.removeEventListener('eip6963:announceProvider', onAnnounce);
    },
  };
}
