/**
 * The options of the incumbent's `PrivyClientConfig` (`@privy-io/react-auth` 3.45.0) that Latchkey
 * has no option of its own for, typed loosely enough that an incumbent app's config compiles as
 * written. What each one does here: config/incumbentOptions.ts.
 */

/** A `loginMethodsAndOrder` entry: a login method, a wallet (`'metamask'`, `'detected_wallets'`, …) or `privy:{appId}`. */
export type IncumbentLoginOption = string;

/** The incumbent's top-level options that are not Latchkey's. */
export interface IncumbentOptions {
  /** Mapped to `loginMethods` (it takes precedence over it, as in the incumbent's SDK). */
  loginMethodsAndOrder?: {
    primary: [IncumbentLoginOption, ...IncumbentLoginOption[]];
    overflow?: IncumbentLoginOption[];
  };
  walletConnectCloudProjectId?: string;
  plugins?: unknown[];
  scriptNonce?: string;
  customOAuthRedirectUrl?: string;
  allowOAuthInEmbeddedBrowsers?: boolean;
  captchaEnabled?: boolean;
  externalWallets?: {
    coinbaseWallet?: { config?: unknown };
    baseAccount?: { config?: unknown };
    signatureRequestTimeouts?: { [walletClientType: string]: number | undefined };
    walletConnect?: { enabled: boolean };
    solana?: { connectors?: unknown };
    disableAllExternalWallets?: boolean;
  };
  mfa?: {
    /**
     * The same in effect: Latchkey opens no modal for an MFA code while the app has a
     * `useRegisterMfaListener` listener, which the incumbent's apps with this option register.
     */
    noPromptOnMfaRequired?: boolean;
  };
  passkeys?: {
    shouldUnlinkOnUnenrollMfa?: boolean;
    shouldUnenrollMfaOnUnlink?: boolean;
    registration?: { hints?: string[] };
  };
  fundingMethodConfig?: {
    moonpay: { useSandbox?: boolean; paymentMethod?: string; uiConfig?: object };
  };
  /** @solana/kit RPC objects by chain (`'solana:mainnet'`); Latchkey's Solana RPCs are `solanaClusters` URLs. */
  solana?: {
    rpcs?: {
      [chain: `solana:${string}`]:
        | { rpc: unknown; rpcSubscriptions: unknown; blockExplorerUrl?: string }
        | undefined;
    };
  };
  sessions?: { cookieWriteBehavior?: string };
}

/** The incumbent's `embeddedWallets` options that are not Latchkey's. */
export interface IncumbentEmbeddedWalletsOptions {
  disableAutomaticMigration?: boolean;
  priceDisplay?:
    | { primary: 'fiat-currency'; secondary: 'native-token' }
    | { primary: 'native-token'; secondary: null };
  extendedCalldataDecoding?: boolean;
}
