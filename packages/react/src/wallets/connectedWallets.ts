import {
  type LatchkeyClient,
  LatchkeyClientError,
  type WalletConnection,
  type WalletManager,
} from '@latchkey/core';
import type { User } from '@latchkey/protocol';
import { fundAddress, personalSignMessage, type WalletEnv } from '../embedded/walletActions.ts';
import type { ConnectedSolanaWallet, ConnectedWallet, FundWalletConfig } from '../types.ts';
import { eventfulProvider } from './eventfulProvider.ts';

export type { WalletEnv };

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

const notConnected = () =>
  new LatchkeyClientError('unknown_connect_wallet_error', 'Wallet is not currently connected.');

/** One connection as the hooks' wallet object. */
export function toConnectedWallet(
  env: WalletEnv,
  manager: WalletManager,
  connection: WalletConnection,
  linked: boolean,
): ConnectedWallet | ConnectedSolanaWallet {
  const { client } = env;
  const { address } = connection;
  const isConnected = () => manager.isConnected(address);
  const common = {
    address,
    connectorType: connection.connectorType,
    walletClientType: connection.walletClientType,
    connectedAt: connection.connectedAt,
    meta: { name: connection.name, icon: connection.icon, id: connection.walletId },
    imported: false,
    linked,
    loginOrLink: () => loginOrLink(client, manager, address),
    unlink: async () => {
      await manager.unlink(address, connection.chainType);
    },
    isConnected,
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
    getEthereumProvider: async () => eventfulProvider(manager.getEthereumProvider(address)),
    switchChain: (chainId: number | `0x${string}`) => manager.switchChain(address, chainId),
    async sign(message: string) {
      if (!(await isConnected())) throw notConnected();
      const provider = eventfulProvider(manager.getEthereumProvider(address));
      return String(
        await provider.request({ method: 'personal_sign', params: [personalSignMessage(message), address] }),
      );
    },
    fund: (options?: FundWalletConfig) => fundAddress(env, address, options),
  };
}

type Wallets = Map<boolean, ConnectedWallet | ConnectedSolanaWallet>;
const cache = new WeakMap<WalletEnv, WeakMap<WalletConnection, Wallets>>();

/** Every connection as wallet objects, stable per provider, connection and linked flag. */
export function connectedWallets(
  env: WalletEnv,
  manager: WalletManager,
  connections: readonly WalletConnection[],
  user: User | null,
): (ConnectedWallet | ConnectedSolanaWallet)[] {
  const linked = linkedAddresses(user);
  const byConnection = cache.get(env) ?? new WeakMap<WalletConnection, Wallets>();
  cache.set(env, byConnection);
  return connections.map((connection) => {
    const isLinked = linked.has(connection.address.toLowerCase());
    const byLinked: Wallets = byConnection.get(connection) ?? new Map();
    byConnection.set(connection, byLinked);
    let wallet = byLinked.get(isLinked);
    if (!wallet) {
      wallet = toConnectedWallet(env, manager, connection, isLinked);
      byLinked.set(isLinked, wallet);
    }
    return wallet;
  });
}

/** The wallet object of a connection the modal just made (`linked` as the session user has it). */
export function connectedWalletOf(
  env: WalletEnv,
  event: { manager: WalletManager; connection: WalletConnection },
): ConnectedWallet | ConnectedSolanaWallet {
  const [wallet] = connectedWallets(env, event.manager, [event.connection], env.client.getState().user);
  return wallet!;
}
