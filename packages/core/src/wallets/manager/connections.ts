import type { WalletConnection } from '../types.ts';
import { activeKey, sameAddress, type WalletManagerContext } from './context.ts';
import { walletStorageKeys } from './storageKeys.ts';

/** Writes the connections (with those still waiting for their wallet) and the active one. */
export async function persistConnections(m: WalletManagerContext): Promise<void> {
  const { connections, active } = m.store.getState();
  try {
    await m.ctx.storage.put(walletStorageKeys.connections, JSON.stringify([...connections, ...m.pending]));
    if (active) await m.ctx.storage.put(walletStorageKeys.activeWallet, active);
    else await m.ctx.storage.del(walletStorageKeys.activeWallet);
  } catch {
    // A blocked storage only forgets the connections on reload.
  }
}

/** Puts `connection` first, replacing the one of the same address and chain; active when asked or none is. */
export function upsertConnection(m: WalletManagerContext, connection: WalletConnection, makeActive: boolean) {
  const { connections, active } = m.store.getState();
  const rest = connections.filter(
    (c) => !(sameAddress(c.address, connection.address) && c.chainType === connection.chainType),
  );
  m.store.setState({
    connections: [connection, ...rest],
    active: makeActive ? activeKey(connection) : (active ?? activeKey(connection)),
  });
  void persistConnections(m);
}

/**
 * Drops the connections of `address`; the active one moves to the first left when it was among them
 * (an active wallet that is no connection, an embedded one, stays).
 */
export function removeConnection(m: WalletManagerContext, address: string) {
  const { connections, active } = m.store.getState();
  const left = connections.filter((c) => !sameAddress(c.address, address));
  const wasRemoved = connections.some((c) => !left.includes(c) && activeKey(c) === active);
  const stillActive = active && !wasRemoved ? active : null;
  m.store.setState({ connections: left, active: stillActive ?? (left[0] ? activeKey(left[0]) : null) });
  void persistConnections(m);
}

/** The stored connection list, keeping entries of a chain some connector serves. */
export function parseStoredConnections(m: WalletManagerContext, raw: string | null): WalletConnection[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list)
      ? list.filter(
          (c): c is WalletConnection =>
            typeof c === 'object' &&
            c !== null &&
            typeof (c as WalletConnection).address === 'string' &&
            m.connectors.some((connector) => connector.chainType === (c as WalletConnection).chainType),
        )
      : [];
  } catch {
    return [];
  }
}
