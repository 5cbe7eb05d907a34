import type { WalletConnector } from '../connectors/types.ts';
import type { AvailableWallet, WalletConnection } from '../types.ts';
import { persistConnections, removeConnection } from './connections.ts';
import { sameAddress, type WalletManagerContext, walletById } from './context.ts';

/**
 * Follows a connected wallet (once per wallet, whatever its number of connections): a chain change
 * moves its connections to that chain, and connections of accounts it no longer grants are dropped.
 */
export function watchWallet(m: WalletManagerContext, connector: WalletConnector, wallet: AvailableWallet) {
  const handle = connector.handle(wallet);
  if (!handle || m.watching.has(handle) || !connector.watch) return;
  const ofThisWallet = (c: WalletConnection) =>
    c.chainType === connector.chainType && connector.handle(walletById(m, c.walletId)) === handle;
  const stop = connector.watch(wallet, {
    chainChanged(chainId) {
      const connections = m.store
        .getState()
        .connections.map((c) => (ofThisWallet(c) ? { ...c, chainId } : c));
      m.store.setState({ connections });
      void persistConnections(m);
    },
    accountsChanged(accounts) {
      for (const c of m.store.getState().connections) {
        if (ofThisWallet(c) && !accounts.some((a) => sameAddress(a, c.address)))
          removeConnection(m, c.address);
      }
    },
  });
  if (stop) m.watching.set(handle, stop);
}
