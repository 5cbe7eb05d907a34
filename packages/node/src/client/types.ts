import type {
  AllowlistEntry,
  AllowlistEntryRequest,
  AppResponse,
  CustomMetadata,
  ImportUserRequest,
  ImportUsersResponse,
  ImportUsersResult,
  LinkedAccountInput,
  User,
  UsersPage,
  UsersSearchRequest,
  WalletCreationInput,
} from '@latchkey/protocol';

// The wire shapes come from @latchkey/protocol, where the server reads them too.
export type {
  AllowlistEntry,
  AllowlistEntryRequest,
  AppResponse,
  CustomMetadata,
  ImportUserRequest,
  ImportUsersResponse,
  ImportUsersResult,
  LinkedAccountInput,
  User,
  UsersPage,
  WalletCreationInput,
};

/**
 * `POST /users/search`: a free-text term (a string, or `{searchTerm}`), or exact emails, phone
 * numbers and wallet addresses.
 */
export type UserSearch = string | Omit<UsersSearchRequest, 'cursor' | 'limit'>;

/** `POST /apps/:appId/users/wallet`: wallets for a user who exists already. */
export interface PregenerateWalletsInput {
  create_ethereum_wallet?: boolean;
  create_solana_wallet?: boolean;
  create_ethereum_smart_wallet?: boolean;
  number_of_ethereum_wallets_to_create?: number;
  wallets?: WalletCreationInput[];
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
