import type { AvailableWallet, WalletConnection } from '../types.ts';
import { parseStoredConnections, upsertConnection } from './connections.ts';
import { activeKey, connectorOf, isEmbeddedActiveKey, type WalletManagerContext } from './context.ts';
import { walletStorageKeys } from './storageKeys.ts';
import { watchWallet } from './watchWallet.ts';

/** Reconnects a stored connection without a prompt once its wallet is discovered. */
async function restore(m: WalletManagerContext, stored: WalletConnection, wallet: AvailableWallet) {
  try {
    const connector = connectorOf(m, stored);
    if (!connector?.handle(wallet)) return;
    const account = await connector.reconnect(wallet, stored);
    if (!account) return;
    watchWallet(m, connector, wallet);
    upsertConnection(m, { ...stored, chainId: account.chainId }, false);
  } catch {
    // Not authorised any more: forgotten with the next write.
  }
}

/**
 * After each discovery change: the newly found wallets' stored connections are restored, then the
 * stored active wallet is made active again when its connection is back.
 */
export async function restoreDiscovered(m: WalletManagerContext): Promise<void> {
  const available = m.discovery.list();
  m.store.setState({ available });
  const found = m.pending.filter((c) => available.some((w) => w.id === c.walletId));
  if (found.length === 0) return;
  m.pending = m.pending.filter((c) => !found.includes(c));
  await Promise.all(
    found.map((c) => {
      const key = `${c.chainType}:${c.address}`;
      if (m.restoring.has(key)) return undefined;
      m.restoring.add(key);
      return restore(m, c, available.find((w) => w.id === c.walletId)!).finally(() =>
        m.restoring.delete(key),
      );
    }),
  );
  const stored = await Promise.resolve(m.ctx.storage.get(walletStorageKeys.activeWallet)).catch(() => null);
  const { connections } = m.store.getState();
  if (stored && (isEmbeddedActiveKey(stored) || connections.some((c) => activeKey(c) === stored)))
    m.store.setState({ active: stored });
}

/**
 * Reads the stored connections; each waits for its wallet to announce (wallets may load late).
 * The manager is ready once the wallets already in the page were tried.
 */
export async function restoreConnections(m: WalletManagerContext): Promise<void> {
  const raw = await Promise.resolve(m.ctx.storage.get(walletStorageKeys.connections)).catch(() => null);
  m.pending = parseStoredConnections(m, raw);
  await restoreDiscovered(m);
  m.store.setState({ ready: true });
}
