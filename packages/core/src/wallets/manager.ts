import type { LoginMode, User } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { FlowContext, LoginResult } from '../flows/context.ts';
import { linkWithSiwe, loginWithSiwe, type SignInFlowStatus, unlinkEthereumWallet } from '../flows/siwe.ts';
import { linkWithSiws, loginWithSiws, unlinkSolanaWallet } from '../flows/siws.ts';
import { createStore, type Store } from '../store.ts';
import { toChecksumAddress } from './address.ts';
import { discoverWallets, type WalletDiscovery } from './discovery.ts';
import {
  getEthereumChainId,
  parseChainId,
  personalSign,
  requestEthereumAccount,
  switchEthereumChain,
} from './ethereum.ts';
import { connectSolanaWallet, disconnectSolanaWallet, signSolanaMessage, solanaAccountOf } from './solana.ts';
import {
  type AvailableWallet,
  type EIP1193Provider,
  mainnet,
  type WalletChain,
  type WalletChainType,
  type WalletConnection,
  type WalletWindow,
} from './types.ts';

/** localStorage keys of the connected wallets. */
export const walletStorageKeys = {
  /** The wallets connected in this browser (a JSON list). */
  connections: 'privy:connections',
  /** The active wallet, as `walletClientType:address`. */
  activeWallet: 'privy:active-wallet',
} as const;

export interface WalletManagerState {
  /** Discovery started and stored connections were restored (or dropped). */
  ready: boolean;
  available: AvailableWallet[];
  connections: WalletConnection[];
  /** `walletClientType:address` of the active wallet, or null. */
  active: string | null;
}

/** Deep-link query parameters read at start (spec document 1 §2). */
export interface WalletDeepLink {
  connector: string;
  walletClient: string | null;
  connectOnly: boolean;
}

export interface CreateWalletManagerParameters {
  ctx: FlowContext;
  window: WalletWindow;
  supportedChains?: readonly WalletChain[] | undefined;
  defaultChain?: WalletChain | undefined;
  now?: (() => number) | undefined;
}

export interface WalletSignInOptions {
  mode?: LoginMode | undefined;
  loginMessage?: string | null | undefined;
  captchaToken?: string | undefined;
  onStatus?: ((status: SignInFlowStatus) => void) | undefined;
}

export interface WalletManager extends Store<WalletManagerState> {
  readonly supportedChains: readonly WalletChain[];
  readonly defaultChain: WalletChain;
  /** The deep-link parameters of the page at start, or null. */
  readonly deepLink: WalletDeepLink | null;
  /**
   * Connects a wallet (a prompt in the wallet). Ethereum wallets on an unsupported chain are
   * switched to the default chain first; `onSwitching` tells the UI.
   */
  connect(
    walletId: string,
    chainType: WalletChainType,
    options?: { onSwitching?: () => void },
  ): Promise<WalletConnection>;
  disconnect(address: string): void;
  setActive(address: string): void;
  getEthereumProvider(address: string): EIP1193Provider;
  switchChain(address: string, chainId: number | string): Promise<void>;
  signSolanaMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
  login(address: string, options?: WalletSignInOptions): Promise<LoginResult>;
  link(address: string, options?: Omit<WalletSignInOptions, 'mode'>): Promise<User>;
  unlink(address: string, chainType?: WalletChainType): Promise<User>;
  stop(): void;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const activeKey = (c: WalletConnection) => `${c.walletClientType}:${c.address}`;

/** The wallet addresses linked to the user, lower-cased. */
export function linkedWalletAddresses(user: User | null): Set<string> {
  const out = new Set<string>();
  for (const account of user?.linked_accounts ?? []) {
    const { type, address } = account as { type: string; address?: unknown };
    if (type === 'wallet' && typeof address === 'string') out.add(address.toLowerCase());
  }
  return out;
}

/** Reads `privy_connector`, `privy_wallet_client`, `privy_connect_only` from a query string. */
export function readWalletDeepLink(search: string): WalletDeepLink | null {
  const query = new URLSearchParams(search);
  const connector = query.get('privy_connector');
  if (!connector) return null;
  return {
    connector,
    walletClient: query.get('privy_wallet_client'),
    connectOnly: query.get('privy_connect_only') === 'true',
  };
}

function parseConnections(raw: string | null): WalletConnection[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list)
      ? list.filter(
          (c): c is WalletConnection =>
            typeof c === 'object' &&
            c !== null &&
            typeof (c as WalletConnection).address === 'string' &&
            ((c as WalletConnection).chainType === 'ethereum' ||
              (c as WalletConnection).chainType === 'solana'),
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Connected wallets for one client: discovery, connecting, chain switching, SIWE/SIWS login and
 * linking, and the connections remembered in this browser.
 */
export function createWalletManager(params: CreateWalletManagerParameters): WalletManager {
  const { ctx, window: win } = params;
  const now = params.now ?? Date.now;
  const supportedChains = params.supportedChains?.length ? params.supportedChains : [mainnet];
  const defaultChain = params.defaultChain ?? supportedChains[0]!;
  const store = createStore<WalletManagerState>({
    ready: false,
    available: [],
    connections: [],
    active: null,
  });
  const discovery: WalletDiscovery = discoverWallets(win);
  const deepLink = readWalletDeepLink(win.location?.search ?? '');
  /** Stored connections whose wallet has not appeared yet. */
  let pending: WalletConnection[] = [];
  const restoring = new Set<string>();
  const providerListeners = new Map<EIP1193Provider, () => void>();

  const walletById = (id: string) => discovery.list().find((w) => w.id === id);
  const connectionOf = (address: string) => {
    const found = store.getState().connections.find((c) => sameAddress(c.address, address));
    if (!found) throw new LatchkeyClientError('invalid_input', 'No wallet found for address');
    return found;
  };

  async function persist() {
    const { connections, active } = store.getState();
    try {
      await ctx.storage.put(walletStorageKeys.connections, JSON.stringify([...connections, ...pending]));
      if (active) await ctx.storage.put(walletStorageKeys.activeWallet, active);
      else await ctx.storage.del(walletStorageKeys.activeWallet);
    } catch {
      // A blocked storage only forgets the connections on reload.
    }
  }

  function upsert(connection: WalletConnection, makeActive: boolean) {
    const rest = store
      .getState()
      .connections.filter(
        (c) => !(sameAddress(c.address, connection.address) && c.chainType === connection.chainType),
      );
    store.setState({
      connections: [connection, ...rest],
      active: makeActive ? activeKey(connection) : (store.getState().active ?? activeKey(connection)),
    });
    void persist();
  }

  function remove(address: string) {
    const { connections, active } = store.getState();
    const left = connections.filter((c) => !sameAddress(c.address, address));
    const stillActive = active && left.some((c) => activeKey(c) === active) ? active : null;
    store.setState({ connections: left, active: stillActive ?? (left[0] ? activeKey(left[0]) : null) });
    void persist();
  }

  /** Follows account and chain changes of an Ethereum wallet. */
  function watchProvider(provider: EIP1193Provider) {
    if (providerListeners.has(provider) || !provider.on) return;
    const onChain = (chainId: unknown) => {
      let id: number;
      try {
        id = parseChainId(chainId);
      } catch {
        return;
      }
      const { connections } = store.getState();
      const next = connections.map((c) =>
        c.chainType === 'ethereum' && walletById(c.walletId)?.ethereum === provider
          ? { ...c, chainId: `eip155:${id}` as const }
          : c,
      );
      store.setState({ connections: next });
      void persist();
    };
    const onAccounts = (accounts: unknown) => {
      const list = Array.isArray(accounts) ? accounts.map((a) => String(a).toLowerCase()) : [];
      for (const c of store.getState().connections) {
        if (c.chainType === 'ethereum' && walletById(c.walletId)?.ethereum === provider) {
          if (!list.includes(c.address.toLowerCase())) remove(c.address);
        }
      }
    };
    provider.on('chainChanged', onChain as never);
    provider.on('accountsChanged', onAccounts as never);
    providerListeners.set(provider, () => {
      provider.removeListener?.('chainChanged', onChain as never);
      provider.removeListener?.('accountsChanged', onAccounts as never);
    });
  }

  /** Reconnects a stored connection without a prompt once its wallet is discovered. */
  async function restore(stored: WalletConnection, wallet: AvailableWallet) {
    try {
      if (stored.chainType === 'ethereum' && wallet.ethereum) {
        const accounts = await wallet.ethereum.request({ method: 'eth_accounts' });
        const list = Array.isArray(accounts) ? accounts.map((a) => String(a).toLowerCase()) : [];
        if (!list.includes(stored.address.toLowerCase())) return;
        const chainId = await getEthereumChainId(wallet.ethereum);
        watchProvider(wallet.ethereum);
        upsert({ ...stored, chainId: `eip155:${chainId}` }, false);
      } else if (stored.chainType === 'solana' && wallet.solana) {
        if (!solanaAccountOf(wallet.solana, stored.address)) {
          const account = await connectSolanaWallet(wallet.solana, true);
          if (account.address !== stored.address) return;
        }
        upsert(stored, false);
      }
    } catch {
      // Not authorised any more: forgotten below.
    }
  }

  async function onDiscovery() {
    const available = discovery.list();
    store.setState({ available });
    const found = pending.filter((c) => available.some((w) => w.id === c.walletId));
    if (found.length === 0) return;
    pending = pending.filter((c) => !found.includes(c));
    await Promise.all(
      found.map((c) => {
        const key = `${c.chainType}:${c.address}`;
        if (restoring.has(key)) return undefined;
        restoring.add(key);
        return restore(c, available.find((w) => w.id === c.walletId)!).finally(() => restoring.delete(key));
      }),
    );
    const stored = await Promise.resolve(ctx.storage.get(walletStorageKeys.activeWallet)).catch(() => null);
    const { connections } = store.getState();
    if (stored && connections.some((c) => activeKey(c) === stored)) store.setState({ active: stored });
  }

  const unsubscribe = discovery.subscribe(() => {
    void onDiscovery();
  });

  // Restore: stored connections wait for their wallet to announce (wallets may load late).
  void (async () => {
    const raw = await Promise.resolve(ctx.storage.get(walletStorageKeys.connections)).catch(() => null);
    pending = parseConnections(raw);
    await onDiscovery();
    store.setState({ ready: true });
  })();

  async function ensureSupportedChain(provider: EIP1193Provider, onSwitching?: () => void): Promise<number> {
    const chainId = await getEthereumChainId(provider);
    if (supportedChains.some((c) => c.id === chainId)) return chainId;
    onSwitching?.();
    await switchEthereumChain(provider, defaultChain.id, supportedChains);
    return defaultChain.id;
  }

  function page() {
    const location = win.location;
    if (!location) throw new LatchkeyClientError('invalid_input', 'Wallet login needs a browser page');
    return { domain: location.host, uri: location.origin };
  }

  function ethereumSigner(connection: WalletConnection) {
    const provider = walletById(connection.walletId)?.ethereum;
    if (!provider)
      throw new LatchkeyClientError('unknown_connect_wallet_error', 'Unable to connect to wallet');
    return provider;
  }

  async function signInParameters(address: string, options: WalletSignInOptions) {
    const connection = connectionOf(address);
    const common = {
      walletClientType: connection.walletClientType,
      connectorType: connection.connectorType,
      captchaToken: options.captchaToken,
      onStatus: options.onStatus,
      ...page(),
    };
    if (connection.chainType === 'ethereum') {
      const provider = ethereumSigner(connection);
      const chainId = await getEthereumChainId(provider);
      return {
        chainType: 'ethereum' as const,
        siwe: {
          ...common,
          address: connection.address,
          chainId,
          loginMessage: options.loginMessage,
          signMessage: (message: string) => personalSign(provider, message, connection.address),
        },
      };
    }
    return {
      chainType: 'solana' as const,
      siws: {
        ...common,
        address: connection.address,
        signMessage: (message: Uint8Array) => manager.signSolanaMessage(connection.address, message),
      },
    };
  }

  const manager: WalletManager = {
    ...store,
    supportedChains,
    defaultChain,
    deepLink,
    async connect(walletId, chainType, options = {}) {
      const wallet = walletById(walletId);
      if (!wallet)
        throw new LatchkeyClientError('unknown_connect_wallet_error', 'Unable to connect to wallet');
      let connection: WalletConnection;
      if (chainType === 'ethereum') {
        if (!wallet.ethereum)
          throw new LatchkeyClientError('unsupported_wallet_type', 'Not an Ethereum wallet');
        const address = await requestEthereumAccount(wallet.ethereum);
        const chainId = await ensureSupportedChain(wallet.ethereum, options.onSwitching);
        watchProvider(wallet.ethereum);
        connection = {
          chainType,
          address,
          walletId,
          name: wallet.name,
          icon: wallet.icon,
          walletClientType: wallet.walletClientType,
          connectorType: 'injected',
          chainId: `eip155:${chainId}`,
          connectedAt: now(),
        };
      } else {
        if (!wallet.solana) throw new LatchkeyClientError('unsupported_wallet_type', 'Not a Solana wallet');
        const account = await connectSolanaWallet(wallet.solana);
        connection = {
          chainType,
          address: account.address,
          walletId,
          name: wallet.name,
          icon: wallet.icon,
          walletClientType: wallet.walletClientType,
          connectorType: 'solana_adapter',
          chainId: null,
          connectedAt: now(),
        };
      }
      upsert(connection, true);
      return connection;
    },
    disconnect(address) {
      const connection = store.getState().connections.find((c) => sameAddress(c.address, address));
      if (!connection) return;
      const wallet = walletById(connection.walletId);
      if (connection.chainType === 'solana' && wallet?.solana) void disconnectSolanaWallet(wallet.solana);
      remove(address);
    },
    setActive(address) {
      store.setState({ active: activeKey(connectionOf(address)) });
      void persist();
    },
    getEthereumProvider(address) {
      const connection = connectionOf(address);
      if (connection.chainType !== 'ethereum')
        throw new LatchkeyClientError('unsupported_wallet_type', 'Not an Ethereum wallet');
      return ethereumSigner(connection);
    },
    async switchChain(address, chainId) {
      const connection = connectionOf(address);
      const provider = manager.getEthereumProvider(address);
      const id = parseChainId(chainId);
      await switchEthereumChain(provider, id, supportedChains);
      const actual = await getEthereumChainId(provider).catch(() => id);
      upsert({ ...connection, chainId: `eip155:${actual}` }, false);
    },
    async signSolanaMessage(address, message) {
      const connection = connectionOf(address);
      const wallet = walletById(connection.walletId)?.solana;
      const account = wallet && solanaAccountOf(wallet, connection.address);
      if (!wallet || !account)
        throw new LatchkeyClientError('unknown_connect_wallet_error', 'Unable to connect to wallet');
      return signSolanaMessage(wallet, account, message);
    },
    async login(address, options = {}) {
      const signIn = await signInParameters(address, options);
      if (signIn.chainType === 'ethereum') return loginWithSiwe(ctx, { ...signIn.siwe, mode: options.mode });
      return loginWithSiws(ctx, { ...signIn.siws, mode: options.mode });
    },
    async link(address, options = {}) {
      const signIn = await signInParameters(address, options);
      if (signIn.chainType === 'ethereum') return linkWithSiwe(ctx, signIn.siwe);
      return linkWithSiws(ctx, signIn.siws);
    },
    unlink(address, chainType) {
      const type =
        chainType ??
        store.getState().connections.find((c) => sameAddress(c.address, address))?.chainType ??
        (address.startsWith('0x') ? 'ethereum' : 'solana');
      const wire = type === 'ethereum' ? toChecksumAddress(address) : address;
      return type === 'ethereum'
        ? unlinkEthereumWallet(ctx, { address: wire })
        : unlinkSolanaWallet(ctx, { address: wire });
    },
    stop() {
      unsubscribe();
      discovery.stop();
      for (const off of providerListeners.values()) off();
      providerListeners.clear();
    },
  };
  return manager;
}
