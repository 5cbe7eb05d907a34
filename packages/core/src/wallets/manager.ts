import type { User } from '@latchkey/protocol';
import type { FlowContext, LoginResult } from '../flows/context.ts';
import { createStore, type Store } from '../store.ts';
import { injectedConnector } from './connectors/injected.ts';
import type { WalletConnector } from './connectors/types.ts';
import { walletStandardConnector } from './connectors/walletStandard.ts';
import { discoverWallets } from './discovery.ts';
import { persistConnections } from './manager/connections.ts';
import { connectWallet } from './manager/connectWallet.ts';
import {
  activeKey,
  connectionOf,
  sameAddress,
  type WalletManagerContext,
  type WalletManagerState,
} from './manager/context.ts';
import { readWalletDeepLink, type WalletDeepLink } from './manager/deepLink.ts';
import { disconnectWallet } from './manager/disconnectWallet.ts';
import { restoreConnections, restoreDiscovered } from './manager/restoreConnections.ts';
import { linkWithWallet, loginWithWallet, type WalletSignInOptions } from './manager/signInWithWallet.ts';
import { unlinkWallet } from './manager/unlinkWallet.ts';
import {
  getWalletProvider,
  isWalletConnected,
  signWalletMessage,
  signWalletTransaction,
  switchWalletChain,
} from './manager/walletCapabilities.ts';
import {
  type EIP1193Provider,
  mainnet,
  type WalletChain,
  type WalletChainType,
  type WalletConnection,
  type WalletWindow,
} from './types.ts';

export type { WalletManagerState } from './manager/context.ts';
export { readWalletDeepLink, type WalletDeepLink } from './manager/deepLink.ts';
export { linkedWalletAddresses } from './manager/linkedWalletAddresses.ts';
export type { WalletSignInOptions } from './manager/signInWithWallet.ts';
export { walletStorageKeys } from './manager/storageKeys.ts';

export interface CreateWalletManagerParameters {
  ctx: FlowContext;
  window: WalletWindow;
  supportedChains?: readonly WalletChain[] | undefined;
  defaultChain?: WalletChain | undefined;
  /**
   * The kinds of wallet to find and connect; default injected EIP-1193 wallets (on the chains
   * above) and Solana wallets of the Wallet Standard.
   */
  connectors?: readonly WalletConnector[] | undefined;
  now?: (() => number) | undefined;
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
  /**
   * Makes the wallet at `address` the active one (`state.active`, remembered in this browser): a
   * connection of the manager, or, with its `walletClientType`, a wallet it does not connect (the
   * user's embedded wallet, 'privy'); null: none is.
   */
  setActive(address: string | null, walletClientType?: string): void;
  /** Whether the wallet at `address` still grants this page its account (asked without a prompt). */
  isConnected(address: string): Promise<boolean>;
  getEthereumProvider(address: string): EIP1193Provider;
  switchChain(address: string, chainId: number | string): Promise<void>;
  signSolanaMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
  /**
   * Has the connected Solana wallet at `address` sign the wire `transaction` for `chain`
   * ('solana:mainnet', 'solana:devnet'…); resolves with the signed wire bytes, which the caller sends.
   */
  signSolanaTransaction(address: string, transaction: Uint8Array, chain: string): Promise<Uint8Array>;
  login(address: string, options?: WalletSignInOptions): Promise<LoginResult>;
  link(address: string, options?: Omit<WalletSignInOptions, 'mode'>): Promise<User>;
  unlink(address: string, chainType?: WalletChainType): Promise<User>;
  stop(): void;
}

/**
 * Connected wallets for one client: discovery, connecting, chain switching, SIWE/SIWS login and
 * linking, and the connections remembered in this browser. Each kind of wallet is a connector
 * (`WalletConnector`); the manager works through them and knows no chain. Each operation lives in
 * `manager/` and takes the manager's context.
 */
export function createWalletManager(params: CreateWalletManagerParameters): WalletManager {
  const { ctx, window: win } = params;
  const supportedChains = params.supportedChains?.length ? params.supportedChains : [mainnet];
  const defaultChain = params.defaultChain ?? supportedChains[0]!;
  const connectors = params.connectors ?? [
    injectedConnector({ supportedChains, defaultChain }),
    walletStandardConnector(),
  ];
  const store = createStore<WalletManagerState>({
    ready: false,
    available: [],
    connections: [],
    active: null,
  });
  const m: WalletManagerContext = {
    ctx,
    win,
    store,
    discovery: discoverWallets(win, connectors),
    connectors,
    now: params.now ?? Date.now,
    pending: [],
    restoring: new Set(),
    watching: new Map(),
  };
  const deepLink = readWalletDeepLink(win.location?.search ?? '');
  const unsubscribe = m.discovery.subscribe(() => {
    void restoreDiscovered(m);
  });
  void restoreConnections(m);

  return {
    ...store,
    supportedChains,
    defaultChain,
    deepLink,
    connect: (walletId, chainType, options = {}) =>
      connectWallet(m, { walletId, chainType, onSwitching: options.onSwitching }),
    disconnect: (address) => disconnectWallet(m, address),
    setActive(address, walletClientType) {
      if (address === null) {
        store.setState({ active: null });
        void persistConnections(m);
        return;
      }
      const connected = store.getState().connections.find((c) => sameAddress(c.address, address));
      const active =
        connected || !walletClientType
          ? activeKey(connectionOf(m, address))
          : activeKey({ walletClientType, address });
      store.setState({ active });
      void persistConnections(m);
    },
    isConnected: (address) => isWalletConnected(m, address),
    getEthereumProvider: (address) => getWalletProvider(m, address),
    switchChain: (address, chainId) => switchWalletChain(m, address, chainId),
    signSolanaMessage: (address, message) => signWalletMessage(m, address, message),
    signSolanaTransaction: (address, transaction, chain) =>
      signWalletTransaction(m, address, transaction, chain),
    login: (address, options = {}) => loginWithWallet(m, address, options),
    link: (address, options = {}) => linkWithWallet(m, address, options),
    unlink: (address, chainType) => unlinkWallet(m, address, chainType),
    stop() {
      unsubscribe();
      m.discovery.stop();
      for (const off of m.watching.values()) off();
      m.watching.clear();
    },
  };
}
