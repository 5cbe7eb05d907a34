import { LatchkeyClientError } from '../../errors.ts';
import type { FlowContext } from '../../flows/context.ts';
import type { Store } from '../../store.ts';
import type { WalletConnector } from '../connectors/types.ts';
import type { WalletDiscovery } from '../discovery.ts';
import type { AvailableWallet, WalletConnection, WalletWindow } from '../types.ts';

export interface WalletManagerState {
  /** Discovery started and stored connections were restored (or dropped). */
  ready: boolean;
  available: AvailableWallet[];
  connections: WalletConnection[];
  /** `walletClientType:address` of the active wallet, or null. */
  active: string | null;
}

/** What the manager's operations share: one per manager, passed to each explicitly. */
export interface WalletManagerContext {
  ctx: FlowContext;
  win: WalletWindow;
  store: Store<WalletManagerState>;
  discovery: WalletDiscovery;
  connectors: readonly WalletConnector[];
  now: () => number;
  /** Stored connections whose wallet has not appeared yet. */
  pending: WalletConnection[];
  /** Restores under way, by `chainType:address`. */
  restoring: Set<string>;
  /** How to stop following each watched wallet, by its connector handle (provider, Standard wallet). */
  watching: Map<object, () => void>;
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The active-wallet key of a connection: `walletClientType:address`. */
export const activeKey = (c: Pick<WalletConnection, 'walletClientType' | 'address'>) =>
  `${c.walletClientType}:${c.address}`;

/** The client type of embedded wallets: an active key of theirs stays active without a connection. */
export const isEmbeddedActiveKey = (key: string) => key.startsWith('privy:');

export const walletById = (m: WalletManagerContext, id: string): AvailableWallet | undefined =>
  m.discovery.list().find((w) => w.id === id);

/** The connection of `address` (any case), or 'No wallet found for address'. */
export function connectionOf(m: WalletManagerContext, address: string): WalletConnection {
  const found = m.store.getState().connections.find((c) => sameAddress(c.address, address));
  if (!found) throw new LatchkeyClientError('invalid_input', 'No wallet found for address');
  return found;
}

/** The connector that made a connection: by its connector type, else the first of its chain. */
export function connectorOf(
  m: WalletManagerContext,
  connection: Pick<WalletConnection, 'chainType' | 'connectorType'>,
): WalletConnector | undefined {
  return (
    m.connectors.find(
      (c) => c.connectorType === connection.connectorType && c.chainType === connection.chainType,
    ) ?? m.connectors.find((c) => c.chainType === connection.chainType)
  );
}
