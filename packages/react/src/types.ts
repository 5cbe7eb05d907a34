/** Login methods a host app can list in `config.loginMethods` (spec document 1 §1). */
export type LoginMethod =
  | 'email'
  | 'sms'
  | 'wallet'
  | 'google'
  | 'twitter'
  | 'discord'
  | 'github'
  | 'spotify'
  | 'instagram'
  | 'tiktok'
  | 'line'
  | 'linkedin'
  | 'apple'
  | 'farcaster'
  | 'telegram'
  | 'passkey'
  | 'guest';

export type HexColor = `#${string}`;

export interface LatchkeyAppearance {
  /** Default 'Log in or sign up'. */
  landingHeader?: string;
  /** Logo URL shown on the landing screen. */
  logo?: string;
  loginMessage?: string;
  /** A hex colour is the background; light or dark text is picked by its luminance. */
  theme?: 'light' | 'dark' | HexColor;
  accentColor?: HexColor;
  loginGroupPriority?: 'web2-first' | 'web3-first';
  /** Show email and SMS as buttons instead of an inline email field. */
  hideDirectWeb2Inputs?: boolean;
  walletChainType?: 'ethereum-only' | 'solana-only' | 'ethereum-and-solana';
}

export interface LatchkeyCustomAuth {
  /** The app's own token for the current user, or null/undefined when nobody is logged in. */
  getCustomAccessToken: () => Promise<string | null | undefined>;
  /** True while the app's auth state is still loading; Latchkey waits for it. */
  isLoading: boolean;
}

export interface LatchkeyConfig {
  appearance?: LatchkeyAppearance;
  /** Overrides the methods the app enables on the server, in this order. */
  loginMethods?: LoginMethod[];
  intl?: { /** ISO 3166 alpha-2, default 'US'. */ defaultCountry?: string };
  legal?: { termsAndConditionsUrl?: string; privacyPolicyUrl?: string };
  customAuth?: LatchkeyCustomAuth;
}

/** A linked account in the client's camelCase form: dates instead of Unix seconds. */
export interface ClientLinkedAccount {
  type: string;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
  /** Email accounts. */
  address?: string;
  /** Phone accounts. */
  number?: string;
  [key: string]: unknown;
}

/** The user in the client's camelCase form (spec document 1 §3 User). */
export interface ClientUser {
  id: string;
  createdAt: Date;
  linkedAccounts: ClientLinkedAccount[];
  email?: { address: string };
  phone?: { number: string };
  customAuth?: { customUserId: string };
  customMetadata: Record<string, string | number | boolean>;
  isGuest: boolean;
  hasAcceptedTerms: boolean;
  mfaMethods: { type: string; verifiedAt: Date }[];
}

/** How a login went, passed to `useLogin({ onComplete })`. */
export interface LoginCompleteEvent {
  user: ClientUser;
  isNewUser: boolean;
  wasAlreadyAuthenticated: boolean;
  /** Null when the user was already logged in. */
  loginMethod: 'email' | 'sms' | null;
}

export interface AccountChangeEvent {
  user: ClientUser;
  method: 'email' | 'sms';
}

/** What the modal was opened for. */
export type ModalIntent = 'login' | 'link-email' | 'link-phone' | 'update-email' | 'update-phone';
