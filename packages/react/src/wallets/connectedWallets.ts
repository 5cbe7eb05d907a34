import type { LatchkeyClient, WalletConnection, WalletManager } from '@latchkey/core';
import type { User } from '@latchkey/protocol';
import type { ConnectedSolanaWallet, ConnectedWallet } from '../types.ts';

/** The wallet addresses linked to the user, lower-cased. */
function linkedAddresses(user: User | null): Set<string> {
  const out = new Set<string>();
  for (const account of user?.linked_accounts ?? []) {
    const { type, address } = account as { type: string; address?: unknown };
    if (type === 'wallet' && typeof address === 'string') out.add(address.toLowerCase());
  }
  return out;
}

/** Signs in with the wallet when logged out, links it when logged in. */
async function loginOrLink(client: LatchkeyClient, manager: WalletManager, address: string) {
  if (client.getState().user) await manager.link(address);
  else await manager.login(address);
}

/** One connection as the hooks' wallet object. */
export function toConnectedWallet(
  client: LatchkeyClient,
  manager: WalletManager,
  connection: WalletConnection,
  linked: boolean,
): ConnectedWallet | ConnectedSolanaWallet {
  const { address } = connection;
  const common = {
    address,
    connectorType: connection.connectorType,
    walletClientType: connection.walletClientType,
    connectedAt: connection.connectedAt,
    meta: { name: connection.name, icon: connection.icon, id: connection.walletId },
    imported: false,
    walletIndex: null,
    linked,
    loginOrLink: () => loginOrLink(client, manager, address),
    unlink: async () => {
      await manager.unlink(address, connection.chainType);
    },
    disconnect: () => manager.disconnect(address),
  };
  if (connection.chainType === 'solana') {
    return {
      ...common,
      type: 'solana',
      signMessage: (message: Uint8Array) => manager.signSolanaMessage(address, message),
    };
  }
  return {
    ...common,
    type: 'ethereum',
    chainId: connection.chainId ?? 'eip155:1',
    getEthereumProvider: async () => manager.getEthereumProvider(address),
    switchChain: (chainId: number | `0x${string}`) => manager.switchChain(address, chainId),
  };
}

const cache = new WeakMap<WalletConnection, Map<boolean, ConnectedWallet | ConnectedSolanaWallet>>();

/** Every connection as wallet objects, stable per connection and linked flag. */
export function connectedWallets(
  client: LatchkeyClient,
  manager: WalletManager,
  connections: readonly WalletConnection[],
  user: User | null,
): (ConnectedWallet | ConnectedSolanaWallet)[] {
  const linked = linkedAddresses(user);
  return connections.map((connection) => {
    const isLinked = linked.has(connection.address.toLowerCase());
    const byLinked = cache.get(connection) ?? new Map();
    cache.set(connection, byLinked);
    let wallet = byLinked.get(isLinked);
    if (!wallet) {
      wallet = toConnectedWallet(client, manager, connection, isLinked);
      byLinked.set(isLinked, wallet);
    }
    return wallet;
  });
}
