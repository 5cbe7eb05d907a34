import type { AllowlistEntry, AllowlistEntryRequest, AppResponse, User } from '@latchkey/protocol';

export type { AllowlistEntry, AllowlistEntryRequest, AppResponse, User };

/** One page of users (`GET /users`, `POST /users/search`): `next_cursor` is null on the last. */
export interface UserPage {
  data: User[];
  next_cursor: string | null;
}

/** `POST /users/search`: a free-text term, or exact emails, phone numbers and wallet addresses. */
export type UserSearch =
  | string
  | { searchTerm: string }
  | { emails?: string[]; phoneNumbers?: string[]; walletAddresses?: string[] };

/** The flat custom-metadata map (WIRE.md §4.1). */
export type CustomMetadata = Record<string, string | number | boolean>;

/** A linked account to import (WIRE.md §7.2). */
export type ImportedAccount =
  | { type: 'email'; address: string }
  | { type: 'phone'; number: string }
  | { type: 'wallet'; address: string; chain_type: 'ethereum' | 'solana' }
  | { type: 'custom_auth'; custom_user_id: string }
  | { type: 'farcaster'; fid: number; owner_address: string; username?: string; [field: string]: unknown }
  | { type: 'telegram'; telegram_user_id: string; username?: string; [field: string]: unknown }
  | { type: `${string}_oauth` | `custom:${string}`; subject: string; [field: string]: unknown };

/** A wallet to create server-side for the user (claimed by the user's wallet frame at first login). */
export interface WalletToCreate {
  chain_type: 'ethereum' | 'solana';
  create_smart_wallet?: boolean;
  policy_ids?: string[];
}

/** `POST /users`: a user with their accounts, optionally with wallets pregenerated. */
export interface ImportUserInput {
  linked_accounts: ImportedAccount[];
  create_ethereum_wallet?: boolean;
  create_solana_wallet?: boolean;
  create_ethereum_smart_wallet?: boolean;
  custom_metadata?: CustomMetadata;
  wallets?: WalletToCreate[];
}

/** `POST /apps/:appId/users/wallet`: wallets for a user who exists already. */
export interface PregenerateWalletsInput {
  create_ethereum_wallet?: boolean;
  create_solana_wallet?: boolean;
  create_ethereum_smart_wallet?: boolean;
  number_of_ethereum_wallets_to_create?: number;
  wallets?: WalletToCreate[];
}

/** A test account of the app (`GET /apps/:appId/test_credentials`). */
export interface TestCredential {
  email: string | null;
  phone_number: string | null;
  otp_code: string | null;
}

/** Per call: a signal to abort it (on top of the client's timeout). */
export interface CallOptions {
  signal?: AbortSignal;
}
