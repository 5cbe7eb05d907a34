/**
 * The login methods and OAuth providers, listed once (spec document 1 §1). The client's
 * `loginMethods` option, the landing screen's slots, the copy keys and the server's app switches
 * derive from these lists; a new method starts here.
 */

/** OAuth providers, in the order the landing screen offers them. */
export const oauthProviders = [
  'google',
  'twitter',
  'discord',
  'github',
  'spotify',
  'instagram',
  'tiktok',
  'line',
  'linkedin',
  'apple',
] as const;

export type OAuthProvider = (typeof oauthProviders)[number];

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

export const isOAuthProvider = (method: string): method is OAuthProvider =>
  (oauthProviders as readonly string[]).includes(method);

/** `mode` accepted by every login route: `no-signup` refuses users the app does not know yet. */
export const loginModes = ['login-or-sign-up', 'no-signup'] as const;
export type LoginMode = (typeof loginModes)[number];
