/**
 * The user and its linked accounts in the client's form, field for field the incumbent's
 * (`@privy-io/react-auth` 3.45.0 `User`, `LinkedAccountWithMetadata`), so an app's code written against
 * the incumbent type-checks against ours after renaming its imports (issue 31; the type-level test
 * e2e/incumbent-react-types.test.ts holds them equal). Unions are as wide as the incumbent's even where
 * Latchkey's server produces fewer values (a `chainType` is only ever 'ethereum' or 'solana' here): a
 * narrower union would reject the incumbent's values in the other direction.
 */
import type { MfaMethod } from '@latchkey/protocol';

/** A custom OAuth provider's id: `custom:` and the provider's name. */
export type CustomOAuthProviderID = `custom:${string}`;

/** The social providers' ids, the incumbent's list (`custom:` and `privy:` ones included). */
export type OAuthProviderID =
  | 'google'
  | 'discord'
  | 'twitter'
  | 'github'
  | 'spotify'
  | 'instagram'
  | 'tiktok'
  | 'linkedin'
  | 'apple'
  | 'line'
  | 'twitch'
  | 'telegram'
  | `privy:${string}`
  | `custom:${string}`;

/** Every chain type a wallet account may carry (the incumbent's API types' list). */
export type WalletChainType =
  | 'ethereum'
  | 'solana'
  | 'cosmos'
  | 'stellar'
  | 'sui'
  | 'aptos'
  | 'movement'
  | 'tron'
  | 'bitcoin-segwit'
  | 'bitcoin-taproot'
  | 'pearl'
  | 'near'
  | 'ton'
  | 'starknet'
  | 'xrpl'
  | 'spark';

/** How an embedded wallet's key share is recovered. */
export type RecoveryMethod =
  | 'privy'
  | 'user-passcode'
  | 'google-drive'
  | 'icloud'
  | 'recovery-encryption-key'
  | 'privy-v2';

/** A recovery method a user chooses (`useSetWalletRecovery`'s `onSuccess`): a password or a cloud drive. */
export type UserRecoveryMethod = 'user-passcode' | 'google-drive' | 'icloud';

export type SmartWalletType =
  | 'safe'
  | 'kernel'
  | 'light_account'
  | 'biconomy'
  | 'coinbase_smart_wallet'
  | 'thirdweb'
  | 'nexus';

/** The type of a linked account. */
export type LinkedAccountType =
  | 'wallet'
  | 'smart_wallet'
  | 'email'
  | 'phone'
  | 'google_oauth'
  | 'twitter_oauth'
  | 'discord_oauth'
  | 'github_oauth'
  | 'spotify_oauth'
  | 'instagram_oauth'
  | 'tiktok_oauth'
  | 'line_oauth'
  | 'twitch_oauth'
  | 'linkedin_oauth'
  | 'apple_oauth'
  | 'custom_auth'
  | 'farcaster'
  | 'passkey'
  | 'telegram'
  | 'cross_app'
  | 'authorization_key'
  | CustomOAuthProviderID
  | 'guest';

/** When an account was linked (first) and last verified (latest). */
export interface LinkMetadata {
  type: LinkedAccountType;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

export interface Email {
  address: string;
}

export interface Phone {
  /** E.164 form, e.g. '+15555550123'. */
  number: string;
}

/** A wallet account: an embedded wallet (`walletClientType` 'privy') or an external one. */
export interface Wallet {
  id?: string | null;
  address: string;
  chainType: WalletChainType;
  walletClientType?: string;
  connectorType?: string;
  recoveryMethod?: RecoveryMethod;
  imported: boolean;
  delegated: boolean;
  walletIndex: number | null;
  publicKey?: string;
}

export interface SmartWallet {
  address: string;
  smartWalletType: SmartWalletType;
  smartWalletVersion?: string;
}

export interface Google {
  subject: string;
  email: string;
  name: string | null;
}
export interface Twitter {
  subject: string;
  username: string | null;
  name: string | null;
  profilePictureUrl: string | null;
}
export interface Discord {
  subject: string;
  username: string | null;
  email: string | null;
}
export interface Github {
  subject: string;
  username: string | null;
  name: string | null;
  email: string | null;
}
export interface Spotify {
  subject: string;
  email: string | null;
  name: string | null;
}
export interface Instagram {
  subject: string;
  username: string | null;
}
export interface Tiktok {
  subject: string;
  username: string | null;
  name: string | null;
}
export interface Line {
  subject: string;
  name: string | null;
  email: string | null;
  profilePictureUrl: string | null;
}
export interface Twitch {
  subject: string;
  username: string | null;
}
export interface LinkedIn {
  subject: string;
  name: string | null;
  email: string | null;
  /** The public profile name. */
  vanityName: string | null;
}
export interface Apple {
  subject: string;
  email: string;
}
export interface CustomOAuth {
  subject: string;
  name: string | null;
  username: string | null;
  email: string | null;
  profilePictureUrl: string | null;
}
export interface CustomJwtAccount {
  /** The user's id in the app's own auth (the token's `sub`). */
  customUserId: string;
}
export interface Farcaster {
  fid: number | null;
  /** The custody address that owns the fid. */
  ownerAddress: string;
  username: string | null;
  displayName: string | null;
  bio: string | null;
  /** The profile picture's URL. */
  pfp: string | null;
  /** The profile's homepage URL. */
  url: string | null;
  /** The signer the user approved for this app (`0x` + 64 hex), once they did (useFarcasterSigner). */
  signerPublicKey: string | null;
}
export interface Telegram {
  telegramUserId: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
}
export interface Passkey {
  credentialId: string;
  publicKey?: string;
  enrolledInMfa: boolean;
  authenticatorName?: string;
  createdWithDevice?: string;
  createdWithOs?: string;
  createdWithBrowser?: string;
}
export interface ProviderAppMetadata {
  id: string;
  name?: string;
  logoUrl?: string;
}
export interface CrossAppAccount {
  embeddedWallets: { address: string }[];
  smartWallets: { address: string }[];
  providerApp: ProviderAppMetadata;
  subject: string;
}

export interface EmailWithMetadata extends LinkMetadata, Email {
  type: 'email';
}
export interface PhoneWithMetadata extends LinkMetadata, Phone {
  type: 'phone';
}
export interface WalletWithMetadata extends LinkMetadata, Wallet {
  type: 'wallet';
}
export interface SmartWalletWithMetadata extends LinkMetadata, SmartWallet {
  type: 'smart_wallet';
}
export interface GoogleOAuthWithMetadata extends LinkMetadata, Google {
  type: 'google_oauth';
}
export interface TwitterOAuthWithMetadata extends LinkMetadata, Twitter {
  type: 'twitter_oauth';
}
export interface DiscordOAuthWithMetadata extends LinkMetadata, Discord {
  type: 'discord_oauth';
}
export interface GithubOAuthWithMetadata extends LinkMetadata, Github {
  type: 'github_oauth';
}
export interface SpotifyOAuthWithMetadata extends LinkMetadata, Spotify {
  type: 'spotify_oauth';
}
export interface InstagramOAuthWithMetadata extends LinkMetadata, Instagram {
  type: 'instagram_oauth';
}
export interface TiktokOAuthWithMetadata extends LinkMetadata, Tiktok {
  type: 'tiktok_oauth';
}
export interface LineOAuthWithMetadata extends LinkMetadata, Line {
  type: 'line_oauth';
}
export interface TwitchOAuthWithMetadata extends LinkMetadata, Twitch {
  type: 'twitch_oauth';
}
export interface LinkedInOAuthWithMetadata extends LinkMetadata, LinkedIn {
  type: 'linkedin_oauth';
}
export interface AppleOAuthWithMetadata extends LinkMetadata, Apple {
  type: 'apple_oauth';
}
export interface CustomOAuthWithMetadata extends LinkMetadata, CustomOAuth {
  type: CustomOAuthProviderID;
}
export interface CustomJwtAccountWithMetadata extends LinkMetadata, CustomJwtAccount {
  type: 'custom_auth';
}
export interface FarcasterWithMetadata extends LinkMetadata, Farcaster {
  type: 'farcaster';
}
export interface PasskeyWithMetadata extends LinkMetadata, Passkey {
  type: 'passkey';
}
export interface TelegramWithMetadata extends LinkMetadata, Telegram {
  type: 'telegram';
}
export interface CrossAppAccountWithMetadata extends LinkMetadata, CrossAppAccount {
  type: 'cross_app';
}

/** A linked account: narrow it on `type`. */
export type LinkedAccountWithMetadata =
  | WalletWithMetadata
  | SmartWalletWithMetadata
  | EmailWithMetadata
  | PhoneWithMetadata
  | GoogleOAuthWithMetadata
  | TwitterOAuthWithMetadata
  | DiscordOAuthWithMetadata
  | GithubOAuthWithMetadata
  | SpotifyOAuthWithMetadata
  | InstagramOAuthWithMetadata
  | TiktokOAuthWithMetadata
  | LineOAuthWithMetadata
  | TwitchOAuthWithMetadata
  | LinkedInOAuthWithMetadata
  | AppleOAuthWithMetadata
  | CustomOAuthWithMetadata
  | CustomJwtAccountWithMetadata
  | FarcasterWithMetadata
  | PasskeyWithMetadata
  | TelegramWithMetadata
  | CrossAppAccountWithMetadata;

/** Values of the user's custom metadata, set by the app's backend (users API). */
export type CustomMetadataType = Record<string, string | number | boolean>;

/**
 * The user (spec document 1 §3 User): every linked account, and a shortcut per kind to the first one
 * linked (the earliest `firstVerifiedAt`), as the incumbent has them.
 */
export interface User {
  id: string;
  createdAt: Date;
  email?: Email;
  phone?: Phone;
  /** The first wallet linked, embedded or external. */
  wallet?: Wallet;
  smartWallet?: SmartWallet;
  google?: Google;
  twitter?: Twitter;
  discord?: Discord;
  github?: Github;
  spotify?: Spotify;
  instagram?: Instagram;
  tiktok?: Tiktok;
  line?: Line;
  twitch?: Twitch;
  linkedin?: LinkedIn;
  apple?: Apple;
  farcaster?: Farcaster;
  telegram?: Telegram;
  /** Latchkey's addition: the app's own auth account (custom JWT), also in `linkedAccounts`. */
  customAuth?: CustomJwtAccount;
  linkedAccounts: LinkedAccountWithMetadata[];
  mfaMethods: MfaMethod[];
  hasAcceptedTerms: boolean;
  isGuest: boolean;
  customMetadata?: CustomMetadataType;
}
