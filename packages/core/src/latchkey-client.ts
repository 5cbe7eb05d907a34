import type { User } from '@latchkey/protocol';
import type { LatchkeyState } from './client-options.ts';
import type { EmbeddedWallets } from './embedded/embedded-wallets.ts';
import type { FlowContext, LoginResult } from './flows/context.ts';
import type {
  LoginWithEmailCodeParameters,
  SendEmailCodeParameters,
  UpdateEmailParameters,
} from './flows/email.ts';
import type {
  LinkPasskeyParameters,
  LoginPasskeyParameters,
  PasskeyParameters,
  UnlinkPasskeyParameters,
} from './flows/passkey.ts';
import type {
  LoginWithSmsCodeParameters,
  SendSmsCodeParameters,
  UpdatePhoneParameters,
} from './flows/sms.ts';
import type { TransferAccount } from './flows/transfer.ts';
import type { HttpClient } from './http/createHttpClient.ts';
import type { OAuthClient } from './oauth/index.ts';
import type { WalletManager } from './wallets/manager.ts';

/** The Latchkey client: what `createLatchkeyClient` returns (its making is in createLatchkeyClient.ts). */
export interface LatchkeyClient {
  readonly appId: string;
  /** The server every call goes to: `apiUrl`, or the app config's `custom_api_url` once loaded. */
  readonly apiUrl: string;
  readonly ready: boolean;
  /**
   * True once `initialize()` found the app in cookie-session mode (its config has a
   * `custom_api_url`, WIRE.md §5.4): the server keeps the tokens in HttpOnly cookies, and
   * `getAccessToken()` resolves null.
   */
  readonly cookieSessions: boolean;
  /** Loads the app config, restores the session (and syncs a custom JWT); then `ready` is true. */
  initialize(): Promise<void>;
  getState(): LatchkeyState;
  subscribe(listener: () => void): () => void;
  /**
   * An active access token, refreshed when needed; null when logged out, and always null with
   * cookie sessions (the token is in the HttpOnly `privy-token` cookie, which the app's backend
   * reads and verifies itself).
   */
  getAccessToken(): Promise<string | null>;
  /** An active identity token, refreshed when needed; null when logged out. */
  getIdentityToken(): Promise<string | null>;
  /** Forces `POST /api/v1/sessions`; returns the user (null if the session ended). */
  refreshSession(): Promise<User | null>;
  /** Reloads the user from `GET /api/v1/users/me`. */
  getUser(): Promise<User>;
  acceptTerms(): Promise<User>;
  /**
   * Moves an account from the other user who holds it, after an `account_transfer_required`
   * refusal of a link (read it with `accountTransferRequired`). That other user is deleted.
   */
  transferAccount(params: { account: TransferAccount; nonce: string }): Promise<User>;
  /** Logs out on the server, then clears local state and the analytics id, even if the call fails. */
  logout(): Promise<void>;
  /** Fire-and-forget analytics; never throws. */
  trackEvent(eventName: string, payload?: Record<string, unknown>): Promise<void>;
  email: {
    sendCode(params: SendEmailCodeParameters): Promise<void>;
    loginWithCode(params: LoginWithEmailCodeParameters): Promise<LoginResult>;
    linkWithCode(params: Omit<LoginWithEmailCodeParameters, 'mode'>): Promise<User>;
    updateEmail(params: UpdateEmailParameters): Promise<User>;
    unlinkEmail(params: { address: string }): Promise<User>;
  };
  sms: {
    sendCode(params: SendSmsCodeParameters): Promise<void>;
    loginWithCode(params: LoginWithSmsCodeParameters): Promise<LoginResult>;
    linkWithCode(params: Omit<LoginWithSmsCodeParameters, 'mode'>): Promise<User>;
    updatePhone(params: UpdatePhoneParameters): Promise<User>;
    unlinkPhone(params: { phoneNumber: string }): Promise<User>;
  };
  guest: { login(): Promise<LoginResult> };
  /**
   * Passkeys (WebAuthn): `signup` makes a new user with a new passkey, `login` uses one the browser
   * offers, `link` adds one to the logged-in user (at most 5), `unlink` removes one. The WebAuthn code
   * (`@simplewebauthn/browser`) loads on the first call, never at first load.
   */
  passkey: {
    signup(params?: PasskeyParameters): Promise<LoginResult>;
    login(params?: LoginPasskeyParameters): Promise<LoginResult>;
    link(params?: LinkPasskeyParameters): Promise<User>;
    unlink(params: UnlinkPasskeyParameters): Promise<User>;
  };
  customJwt: {
    /** Logs in with the custom token when logged out, logs out when there is none. */
    sync(): Promise<User | null>;
    /**
     * How many of the syncs so far logged a user in (the one `initialize` runs included), not
     * counting those that kept a session: the React provider creates `createOnLogin`'s wallets after each.
     */
    logins(): number;
  };
  /**
   * External wallets (EIP-6963 / Wallet Standard discovery, SIWE and SIWS). The wallet code is
   * loaded on the first call, never at first load; later calls return the same manager.
   */
  wallets(): Promise<WalletManager>;
  /**
   * Social login (OAuth with PKCE, redirect or popup; WIRE.md §3.4). Loaded on the first call,
   * never at first load.
   */
  oauth(): Promise<OAuthClient>;
  /**
   * Embedded wallets (the hidden wallet frame, creation, recovery, signing, EIP-1193 providers on
   * `supportedChains`). Loaded on the first call, never at first load; later calls share one.
   */
  embeddedWallets(): Promise<EmbeddedWallets>;
  /**
   * Runs an action of a login method kept in a module of its own (`@latchkey/core/flows/<method>`)
   * with the client's context, once ready: a method added later needs no property here.
   *
   * @example
   * const { loginWithTelegram } = await import('@latchkey/core/flows/telegram');
   * const { user } = await client.run((ctx) => loginWithTelegram(ctx, { authResult }));
   */
  run<R>(action: (ctx: FlowContext) => Promise<R>): Promise<R>;
  /** The underlying HTTP client, for routes the SDK does not wrap yet. */
  http: HttpClient;
}
