import type { LoginMode, User } from '@latchkey/protocol';
import type { FlowContext, LoginResult } from '../../flows/context.ts';
import type { SignInFlowStatus } from '../../flows/siwe.ts';
import type {
  AvailableWallet,
  EIP1193Provider,
  WalletChainType,
  WalletConnection,
  WalletWindow,
} from '../types.ts';

/** A connection's chain as stored: `eip155:N` on Ethereum, null where chains are not numbered. */
export type ConnectionChainId = WalletConnection['chainId'];

/**
 * The wallets of one kind found in the page. Each is an `AvailableWallet` with the slot of the
 * connector's chain filled (`ethereum` for an EIP-1193 provider, `solana` for a Wallet Standard
 * wallet); discovery merges the lists of all connectors by `walletClientType`.
 */
export interface WalletSource {
  list(): readonly AvailableWallet[];
  /** Asks the page's wallets to announce themselves, once listening. */
  start(): void;
  /** Asks them again (EIP-6963 `requestProvider`); sources that cannot ask leave it out. */
  refresh?(): void;
  stop(): void;
}

/** The account a connector connected (or reconnected) to. */
export interface ConnectedAccount {
  address: string;
  chainId: ConnectionChainId;
}

/** What a wallet reports after connecting, for the connections to follow. */
export interface WalletEvents {
  /** The wallet moved to another chain. */
  chainChanged(chainId: NonNullable<ConnectionChainId>): void;
  /** The accounts the wallet still grants this page (connections of the others are dropped). */
  accountsChanged(accounts: readonly string[]): void;
}

/** What a sign-in (SIWE, SIWS) needs of the manager: the connection and the page. */
export interface WalletSignIn {
  connection: WalletConnection;
  /** The connection's wallet as discovered now; looked up again on each call. */
  wallet(): AvailableWallet | undefined;
  /** The page host (`location.host`). */
  domain: string;
  /** The page origin (`location.origin`). */
  uri: string;
  loginMessage?: string | null | undefined;
  captchaToken?: string | undefined;
  onStatus?: ((status: SignInFlowStatus) => void) | undefined;
}

/**
 * One kind of wallet (injected EIP-1193, Wallet Standard, later WalletConnect, smart wallets…): how
 * it is found in the page, connected, reconnected, followed, signed in with, and what else it can
 * do. Its chain is data (`chainType`), so the connection manager works with any connector and
 * knows no chain itself.
 *
 * @example
 * const manager = createWalletManager({ ctx, window, connectors: [injectedConnector({ supportedChains }), walletStandardConnector()] });
 */
export interface WalletConnector {
  /** The chain it connects on: its wallets' slot in `AvailableWallet` and its connections' `chainType`. */
  readonly chainType: WalletChainType;
  /** Its connections' `connectorType` (the wire `connector_type`). */
  readonly connectorType: WalletConnection['connectorType'];
  /** Why a wallet without this connector's slot cannot connect with it, e.g. 'Not an Ethereum wallet'. */
  readonly unsupportedMessage: string;
  /** Starts listening for wallets of this kind in `win`; `onChange` when the list changes. */
  discover(win: WalletWindow, onChange: () => void): WalletSource;
  /** The connector's object in `wallet` (its provider or Standard wallet), or undefined. */
  handle(wallet: AvailableWallet | undefined): object | undefined;
  /** Connects with a prompt in the wallet; `onSwitching` when it first moves to a supported chain. */
  connect(
    wallet: AvailableWallet,
    options: { onSwitching?: (() => void) | undefined },
  ): Promise<ConnectedAccount>;
  /** Reconnects a stored connection without a prompt; null when the wallet no longer grants it. */
  reconnect(wallet: AvailableWallet, stored: WalletConnection): Promise<ConnectedAccount | null>;
  /** Tells the wallet the page let go (when the kind has such a call). */
  disconnect?(wallet: AvailableWallet): void;
  /** Follows the wallet's chain and account changes; the returned function stops. Undefined: it cannot. */
  watch?(wallet: AvailableWallet, events: WalletEvents): (() => void) | undefined;
  /** True when `address` has this chain's form: how an unlink without a connection finds its connector. */
  ownsAddress(address: string): boolean;
  /** Logs in by signing the sign-in message of the connector's chain (SIWE, SIWS). */
  login(ctx: FlowContext, signIn: WalletSignIn, mode: LoginMode | undefined): Promise<LoginResult>;
  /** Links the wallet to the logged-in user the same way. */
  link(ctx: FlowContext, signIn: WalletSignIn): Promise<User>;
  /** Unlinks a wallet address of this chain from the user. */
  unlink(ctx: FlowContext, address: string): Promise<User>;
  /** EIP-1193 kinds: the wallet's provider. */
  getProvider?(wallet: AvailableWallet | undefined): EIP1193Provider;
  /** Kinds with numbered chains: switches the wallet (adding the chain when it does not know it). */
  switchChain?(
    wallet: AvailableWallet | undefined,
    chainId: number | string,
  ): Promise<NonNullable<ConnectionChainId>>;
  /** Kinds that sign raw bytes (Solana's `signMessage`): the signature. */
  signMessage?(
    wallet: AvailableWallet | undefined,
    address: string,
    message: Uint8Array,
  ): Promise<Uint8Array>;
  /** Kinds that sign Solana transactions (`solana:signTransaction`): the signed wire bytes. */
  signTransaction?(
    wallet: AvailableWallet | undefined,
    address: string,
    transaction: Uint8Array,
    chain: string,
  ): Promise<Uint8Array>;
}
