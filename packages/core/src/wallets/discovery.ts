import { injectedConnector } from './connectors/injected.ts';
import type { WalletConnector } from './connectors/types.ts';
import { walletStandardConnector } from './connectors/walletStandard.ts';
import type { AvailableWallet, WalletWindow } from './types.ts';

export { isSolanaStandardWallet } from './connectors/standardWallets.ts';
export {
  type KnownWalletClientType,
  knownWalletClientTypes,
  walletClientTypeOf,
} from './walletClientType.ts';

export interface WalletDiscovery {
  /** Every wallet found so far, the connectors' finds merged by client type (Ethereum and Solana by name). */
  list(): AvailableWallet[];
  subscribe(listener: () => void): () => void;
  /** Asks wallets to announce again (EIP-6963). */
  refresh(): void;
  stop(): void;
}

/** The connectors a page has without configuration: injected EIP-1193 wallets and the Wallet Standard. */
export const defaultWalletConnectors = (): WalletConnector[] => [
  injectedConnector(),
  walletStandardConnector(),
];

/**
 * Discovers the page's wallets through each connector: by default EIP-6963 announcements (with
 * `window.ethereum` as an 'Injected' wallet when nothing announces) and Solana wallets through the
 * Wallet Standard registration events. A wallet several connectors find (same client type) is one
 * entry: the first connector's, with the others' slots filled in.
 *
 * @example
 * const discovery = discoverWallets(window);
 * discovery.subscribe(() => console.log(discovery.list().map((w) => w.name)));
 */
export function discoverWallets(
  win: WalletWindow,
  connectors: readonly WalletConnector[] = defaultWalletConnectors(),
): WalletDiscovery {
  const listeners = new Set<() => void>();
  let snapshot: AvailableWallet[] | null = null;
  const changed = () => {
    snapshot = null;
    for (const listener of [...listeners]) listener();
  };
  // Every connector listens before any asks the page, so no announcement is missed.
  const sources = connectors.map((connector) => ({ connector, source: connector.discover(win, changed) }));
  for (const { source } of sources) source.start();

  function build(): AvailableWallet[] {
    const byClientType = new Map<string, AvailableWallet>();
    for (const { connector, source } of sources) {
      for (const found of source.list()) {
        const existing = byClientType.get(found.walletClientType);
        if (!existing) byClientType.set(found.walletClientType, found);
        // The first find keeps its id, name and icon (spread last); this connector adds its slot.
        else if (connector.handle(existing) === undefined)
          byClientType.set(found.walletClientType, { ...existing, ...found, ...existing });
      }
    }
    return [...byClientType.values()];
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
    refresh() {
      for (const { source } of sources) source.refresh?.();
    },
    stop() {
      for (const { source } of sources) source.stop();
      listeners.clear();
    },
  };
}
