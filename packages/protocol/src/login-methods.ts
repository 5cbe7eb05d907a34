import {
  isOAuthProvider,
  type OAuthProvider,
  type OAuthProviderName,
  oauthProviders,
} from './oauth-providers.ts';

/**
 * The login methods, listed once (spec document 1 §1), the OAuth providers among them
 * (`oauth-providers.ts`). The client's `loginMethods` option, the landing screen's slots, the copy
 * keys and the server's app switches derive from these lists; a new method starts here.
 */

/** Every login method a host app can list in its `loginMethods`. */
export const loginMethods = [
  'email',
  'sms',
  'wallet',
  ...oauthProviders,
  'farcaster',
  'telegram',
  'passkey',
  'guest',
] as const;

export type LoginMethod = (typeof loginMethods)[number];

/** True for a login method of Latchkey's (an app's `loginMethods` may list others: the incumbent's `'twitch'` …). */
export const isLoginMethod = (method: string): method is LoginMethod =>
  (loginMethods as readonly string[]).includes(method);

/** The methods the landing screen has a button for: guest login has none (the app starts it). */
export type ModalLoginMethod = Exclude<LoginMethod, 'guest'>;

/** An OAuth provider's app-config switch. */
export type OAuthConfigFlag = `${OAuthProvider}_oauth`;

/** The app-config switches of the methods that are not OAuth; a wallet is on for either chain. */
const otherMethodFlags = {
  email: ['email_auth'],
  sms: ['sms_auth'],
  wallet: ['wallet_auth', 'solana_wallet_auth'],
  farcaster: ['farcaster_auth'],
  telegram: ['telegram_auth'],
  passkey: ['passkey_auth'],
  guest: ['guest_auth'],
} as const satisfies Record<Exclude<LoginMethod, OAuthProvider>, readonly string[]>;

/** Every app-config switch that turns a login method on (spec document 1 §3). */
export type LoginMethodFlag =
  | OAuthConfigFlag
  | (typeof otherMethodFlags)[keyof typeof otherMethodFlags][number];

/**
 * The app-config fields of the login methods, one boolean each: the app config's type (app-config.ts)
 * and the server's config schema build on it, so a method added above gets its switch everywhere.
 */
export type LoginMethodFlags = { [F in LoginMethodFlag]: boolean };

/**
 * The app-config switches of `method`: it is on when any of them is.
 *
 * @example
 * loginMethodFlags('google') // ['google_oauth']
 * loginMethodFlags('wallet') // ['wallet_auth', 'solana_wallet_auth']
 */
export function loginMethodFlags(method: LoginMethod): readonly LoginMethodFlag[] {
  return isOAuthProvider(method) ? [`${method}_oauth`] : otherMethodFlags[method];
}

/**
 * The methods an app config turns on, in `loginMethods` order.
 *
 * @example
 * enabledByConfig({ ...app, sms_auth: true }) // ['email', 'sms']
 */
export function enabledByConfig(config: LoginMethodFlags): LoginMethod[] {
  return loginMethods.filter((method) => loginMethodFlags(method).some((flag) => config[flag]));
}

/** `mode` accepted by every login route: `no-signup` refuses users the app does not know yet. */
export const loginModes = ['login-or-sign-up', 'no-signup'] as const;
export type LoginMode = (typeof loginModes)[number];

/**
 * The method a login or link went through, as the app's events name it (`loginComplete`'s
 * `loginMethod`): a wallet by the sign-in it used (`siwe`, `siws`), a social account by its
 * provider (`custom:{name}` included).
 */
export type AuthMethod =
  | Exclude<ModalLoginMethod, 'wallet' | OAuthProvider>
  | OAuthProviderName
  | 'siwe'
  | 'siws'
  /** A guest account (`useGuestAccounts`). */
  | 'guest';
