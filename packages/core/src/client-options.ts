import type { AppResponse, User } from '@latchkey/protocol';
import type { GetCustomAccessToken } from './flows/customJwtSession.ts';
import type { OAuthBrowser } from './oauth/browser.ts';
import type { SessionCookies } from './session/cookies.ts';
import type { LatchkeyStorage } from './storage.ts';
import type { WalletChain, WalletWindow } from './wallets/types.ts';

// What a client is created with and what it holds, apart from the client itself: the lazily
// loaded parts (embedded wallets) read these without importing the client's module.

export interface CreateLatchkeyClientParameters {
  /** The app id: exactly 25 characters. */
  appId: string;
  /** The Latchkey server as a bare origin (`https://auth.example.com`); one trailing slash is dropped. */
  apiUrl: string;
  /** Sent as `privy-client-id`. */
  clientId?: string | undefined;
  /** Default: `localStorage` in a browser, memory elsewhere. */
  storage?: LatchkeyStorage | undefined;
  fetch?: typeof fetch | undefined;
  /** Custom-auth mode: the app's own token for the current user, or null/undefined when logged out. */
  getCustomAccessToken?: GetCustomAccessToken | undefined;
  /** Extra headers on every request. */
  headers?: Record<string, string> | undefined;
  /** Session cookies target; default `document` in a browser; null writes none. */
  cookies?: SessionCookies | null | undefined;
  /** Client clock in ms (tests). */
  now?: (() => number) | undefined;
  /** Wait between retries (tests). */
  delay?: ((ms: number) => Promise<void>) | undefined;
  /** Per-request abort (default 20 s). */
  timeoutMs?: number | undefined;
  /** Chains external Ethereum wallets may use (viem `Chain` shape); default `[mainnet]`. */
  supportedChains?: readonly WalletChain[] | undefined;
  /** The chain wallets are switched to when on an unsupported one; default the first supported. */
  defaultChain?: WalletChain | undefined;
  /** The page wallets are discovered in; default `window` (tests pass an `EventTarget`). */
  walletWindow?: WalletWindow | undefined;
  /** The page OAuth redirects, returns and popups use; default `window` (tests pass their own). */
  oauthBrowser?: OAuthBrowser | undefined;
  /**
   * The wallet frame the embedded wallets talk to; default the hidden iframe on `apiUrl` (tests pass
   * the frame's own code run in Node).
   */
  walletFrame?: (() => WalletFrameTransport) | undefined;
  /**
   * How long (seconds) the wallet frame keeps a wallet's rebuilt keys after its last use, so that
   * signing skips the seed's derivation; default 300, at most 3600, 0 rebuilds them for every
   * operation. Logout and `embeddedWallets().lock()` wipe them at once (docs/security.md).
   */
  walletKeyIdleSeconds?: number | undefined;
}

/** A wallet frame as the embedded wallets use it (`FrameProxy` of `@latchkey/core/embedded`). */
export interface WalletFrameTransport {
  readonly ready: Promise<void>;
  request<T = unknown>(
    event: string,
    data: Record<string, unknown>,
    options?: { timeoutMs?: number | undefined },
  ): Promise<T>;
  destroy(): void;
}

/** What `getState()` returns and `subscribe()` watches. */
export interface LatchkeyState {
  /** True once `initialize()` has loaded the app config and restored the session. */
  ready: boolean;
  authenticated: boolean;
  user: User | null;
  appConfig: AppResponse | null;
  /**
   * Why the last `initialize()` failed (malformed app id or apiUrl, server unreachable, unknown
   * app); the console has the fix. `ready` stays false while it is set.
   */
  error?: Error | undefined;
}
