import { removeConnection } from './connections.ts';
import { connectorOf, sameAddress, type WalletManagerContext, walletById } from './context.ts';

/** Forgets the connection of `address`, telling the wallet when its kind has a disconnect call. */
export function disconnectWallet(m: WalletManagerContext, address: string): void {
  const connection = m.store.getState().connections.find((c) => sameAddress(c.address, address));
  if (!connection) return;
  const wallet = walletById(m, connection.walletId);
  const connector = connectorOf(m, connection);
  if (wallet && connector?.handle(wallet)) connector.disconnect?.(wallet);
  removeConnection(m, address);
}
