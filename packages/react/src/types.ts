import type {
  CreateOnLogin,
  EmbeddedWalletsConfig,
  ModalIntent,
  WalletChainTypeOption,
} from '@latchkey/core';
import type { DefaultFundingMethod, FundingAsset, FundingProvider } from '@latchkey/core/funding';
import type { FundingSettings, FundWalletUiConfig } from '@latchkey/core/modal';
import type {
  ChainType,
  embeddedConnectorType,
  embeddedWalletClientType,
  LoginMethod,
} from '@latchkey/protocol';
import type { ReactElement } from 'react';
import type { IncumbentEmbeddedWalletsOptions, IncumbentOptions } from './incumbentTypes.ts';
import type { LinkedAccountWithMetadata, OAuthProviderID, User } from './userTypes.ts';

/** Login methods a host app can list in `config.loginMethods` (spec document 1 §1). */
export type { CreateOnLogin, LoginMethod, ModalIntent, WalletChainTypeOption };

export type HexColor = `#${string}`;

export interface LatchkeyAppearance {
  /** Default 'Log in or sign up'. */
  landingHeader?: string;
  /** Logo shown on the landing screen: a URL, or an element (an `<img>` or `<svg>`). */
  logo?: string | ReactElement;
  loginMessage?: string;
  /** A hex colour is the background; light or dark text is picked by its luminance. */
  theme?: 'light' | 'dark' | HexColor;
  accentColor?: HexColor;
  loginGroupPriority?: 'web2-first' | 'web3-first';
  /** Show email and SMS as buttons instead of an inline email field. */
  hideDirectWeb2Inputs?: boolean;
  walletChainType?: 'ethereum-only' | 'solana-only' | 'ethereum-and-solana';
  /**
   * The incumbent's switch: true is `loginGroupPriority: 'web3-first'`, false `'web2-first'`
   * (`loginGroupPriority` wins when both are set).
   */
  showWalletLoginFirst?: boolean;
  /** The incumbent's; not supported (reported once in the console). */
  emailDomain?: string;
  /** The incumbent's wallet buttons; not supported (reported once in the console). */
  walletList?: string[];
}

/** Where the sync with the app's own JWT auth is (`useCustomAuth`, `useSyncJwtBasedAuthState`). */
export type JwtAuthFlowState =
  | { status: 'initial' }
  | { status: 'loading' }
  | { status: 'not-enabled' }
  | { status: 'done' }
  | { status: 'error'; error: Error | null };

export interface LatchkeyCustomAuth {
  /** False turns the custom-auth sync off (the incumbent's deprecated switch); default true. */
  enabled?: boolean;
  /** The app's own token for the current user, or null/undefined when nobody is logged in. */
  getCustomAccessToken: () => Promise<string | null | undefined>;
  /** True while the app's auth state is still loading; Latchkey waits for it. */
  isLoading: boolean;
}

/** A viem-style chain for external wallets (`wallet_addEthereumChain` uses its fields). */
export interface LatchkeyChain {
  /** A viem chain's other fields (`testnet`, `contracts`, …) are accepted and not read. */
  [field: string]: unknown;
  id: number;
  name: string;
  rpcUrls: { default: { http: readonly string[] } };
  nativeCurrency?: { name: string; symbol: string; decimals: number };
  blockExplorers?: { default: { name?: string; url: string } };
}

/**
 * The provider's options. It also takes the incumbent's `PrivyClientConfig` as written
 * (`IncumbentOptions`): its options are mapped to these (config/fromIncumbentConfig.ts), and the
 * ones Latchkey does not support are reported once in the console (config/unsupportedOptions.ts).
 */
export interface LatchkeyConfig extends IncumbentOptions {
  appearance?: LatchkeyAppearance;
  /** Chains connected Ethereum wallets may use; default `[mainnet]`. */
  supportedChains?: LatchkeyChain[];
  /** The chain a wallet on an unsupported chain is switched to; default the first supported. */
  defaultChain?: LatchkeyChain;
  /**
   * Overrides the methods the app enables on the server, in this order. The incumbent's `'twitch'`
   * and `privy:{appId}` (cross-app) entries are not supported: left out and reported.
   */
  loginMethods?: (LoginMethod | 'twitch' | `privy:${string}`)[];
  intl?: {
    /** ISO 3166 alpha-2, default 'US'. */
    defaultCountry?: string;
    /** The incumbent's string overrides; not supported (reported once in the console). */
    textLocalization?: Partial<Record<string, string>>;
  };
  /** A link that is null or left out comes from the app's server config. */
  legal?: { termsAndConditionsUrl?: string | null; privacyPolicyUrl?: string | null };
  customAuth?: LatchkeyCustomAuth;
  /** Embedded wallets; each field falls back to the app's `embedded_wallet_config` on the server. */
  embeddedWallets?: LatchkeyEmbeddedWalletsConfig;
  /** Solana clusters embedded wallets send transactions to; the first is the default (mainnet-beta when unset). */
  solanaClusters?: LatchkeySolanaCluster[];
  /**
   * Social login leaves the page for the provider and comes back (`redirect`, the default), or
   * opens the provider in a popup; a blocked popup falls back to the redirect.
   */
  oauthMode?: 'redirect' | 'popup';
  /**
   * The funding screens' providers: `hosts` replaces their hosts (a sandbox, or tests' stand-ins;
   * the real ones by default), `providerChainIds` tells the providers another chain than the
   * wallet's (`{ 31337: 8453 }`: a local Hardhat wallet buys as on Base). docs/funding.md.
   */
  funding?: LatchkeyFundingConfig;
}

/** `LatchkeyConfig.funding`. */
export type LatchkeyFundingConfig = Omit<FundingSettings, 'openPopup'>;

/** A Solana cluster: 'mainnet-beta', 'devnet', 'testnet' or the app's own name, and its JSON-RPC URL. */
export interface LatchkeySolanaCluster {
  name: string;
  rpcUrl: string;
}

/** Embedded wallets; each field falls back to the app's `embedded_wallet_config` on the server. */
export type LatchkeyEmbeddedWalletsConfig = EmbeddedWalletsConfig & IncumbentEmbeddedWalletsOptions;

/** The user in the client's form (userTypes.ts): Latchkey's name for the incumbent's `User`. */
export type ClientUser = User;
/** A linked account in the client's form: Latchkey's name for `LinkedAccountWithMetadata`. */
export type ClientLinkedAccount = LinkedAccountWithMetadata;

/**
 * A provider's tokens, when the app has the server return them (`useOAuthTokens`): the incumbent's
 * `OAuthTokens`, a field the provider did not give absent.
 */
export interface OAuthTokens {
  provider: OAuthProviderID;
  accessToken: string;
  accessTokenExpiresInSeconds?: number;
  refreshToken?: string;
  /** Absent with a refresh token: it does not expire. */
  refreshTokenExpiresInSeconds?: number;
  scopes?: string[];
}

/** What `useOAuthTokens`' `onOAuthTokenGrant` gets: the tokens and the user they were granted for. */
export interface OAuthTokensEvent {
  user: ClientUser;
  oAuthTokens: OAuthTokens;
}

/** Fields every connected wallet has (spec document 1 §3 Connected wallet; the incumbent's `BaseConnectedWallet`). */
interface ConnectedWalletBase {
  address: string;
  connectorType: string;
  /** Lower-case client name, e.g. 'metamask'. */
  walletClientType: string;
  /** ms since epoch. */
  connectedAt: number;
  /** `id`: the wallet's RDNS (or name); `icon`: a URL or data URI. */
  meta: { name: string; id: string; icon?: string };
  /** Embedded wallets only: imported from a private key rather than derived from the user's seed. */
  imported: boolean;
  /** Embedded wallets: the place in the user's HD tree (0 is the chain's first); absent for external wallets. */
  walletIndex?: number;
  /** Linked to the logged-in user (embedded wallets always are). */
  linked: boolean;
  /** Signs in with this wallet when logged out, links it when logged in (external wallets only). */
  loginOrLink: () => Promise<void>;
  /** Unlinks it from the user (the wallet stays connected); refused for embedded wallets. */
  unlink: () => Promise<void>;
  /**
   * Whether the wallet is connected: an external one still grants this page its account (asked
   * without a prompt); an embedded one while its user is logged in.
   */
  isConnected: () => Promise<boolean>;
  /** Forgets the connection in this browser (nothing to forget for embedded wallets). */
  disconnect: () => void;
}

/** An EIP-1193 provider (the incumbent's `EIP1193Provider`): `request`, and the events `on`/`removeListener`. */
export interface EIP1193Provider {
  request(args: { method: string; params?: unknown[] | undefined }): Promise<unknown>;
  /** 'chainChanged' (hex id), 'accountsChanged' (addresses), 'connect', 'disconnect'. */
  on(eventName: string, listener: (...args: never[]) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the incumbent's type, so its apps' listeners fit both ways
  removeListener(eventName: string | symbol, listener: (...args: any[]) => void): unknown;
}

interface FundWalletConfigCommon {
  /** A chain of `supportedChains` (by its `id`: a viem chain fits); default the app's recommended chain. */
  chain?: { id: number };
  defaultFundingMethod?: DefaultFundingMethod;
  card?: { preferredProvider?: FundingProvider };
  uiConfig?: FundWalletUiConfig;
}

/**
 * A connected wallet's `fund(config)` options (the incumbent's `FundWalletConfig`): the chain's
 * native currency (`amount` optional), or `asset` with its `amount`.
 */
export type FundWalletConfig =
  | (FundWalletConfigCommon & { amount?: string })
  | (FundWalletConfigCommon & { amount: string; asset: FundingAsset });

/** An Ethereum wallet connected in this browser, or the user's embedded one (`useWallets`). */
export interface ConnectedWallet extends ConnectedWalletBase {
  type: 'ethereum';
  /** CAIP-2, e.g. 'eip155:1'. */
  chainId: string;
  /** Re-request `getEthereumProvider()` afterwards for a provider on the new chain. */
  switchChain: (targetChainId: `0x${string}` | number) => Promise<void>;
  getEthereumProvider: () => Promise<EIP1193Provider>;
  /** `personal_sign` of `message` with this wallet: the signature. */
  sign: (message: string) => Promise<string>;
  /** Opens the funding modal for this wallet; resolves when it closes. */
  fund: (fundWalletConfig?: FundWalletConfig) => Promise<void>;
}

/** A Solana wallet connected in this browser, or the user's embedded one (`useSolanaWallets`). */
export interface ConnectedSolanaWallet extends ConnectedWalletBase {
  type: 'solana';
  signMessage(message: Uint8Array): Promise<Uint8Array>;
}

/** An embedded wallet as the user's linked account describes it (`useCreateWallet`'s result). */
export interface EmbeddedWallet {
  address: string;
  chainType: ChainType;
  /** The place in the user's HD tree; 0 is the chain's first wallet. */
  walletIndex: number;
  /** `eip155:1` for Ethereum, null for Solana. */
  chainId: string | null;
  /** 'privy' (recovered without user input on a new device) or 'user-passcode'. */
  recoveryMethod: string | null;
  imported: boolean;
  delegated: boolean;
  walletClientType: typeof embeddedWalletClientType;
  connectorType: typeof embeddedConnectorType;
}
