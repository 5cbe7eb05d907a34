import type { User } from '../user.ts';
import type { ChainType } from '../wallets.ts';
import type { EmptyRequest } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * The users API (WIRE.md §7.2): server-to-server routes, Basic auth with the app secret plus
 * `privy-app-id`. Each answers under `/api/v1/...` (`@privy-io/server-auth`) and under `/v1/...`
 * (`@privy-io/node`); the server registers the second spelling itself (server app.ts).
 */

/** Users API limits (spec document 2 §9: list limit max 100, bulk import max 20). */
export const usersApiLimits = {
  /** `GET /users?limit=`: 1 to 100; server-auth always sends 100, the default. */
  pageMaxLimit: 100,
  /** Linked accounts in one imported user. */
  importMaxAccounts: 20,
  /** Users in one batch import (`POST /users/import`). */
  importMaxUsers: 20,
  /** Search lists (`emails`, `phoneNumbers`, `walletAddresses`): entries per list. */
  searchMaxValues: 100,
  /**
   * Custom metadata: a flat map of string / number / boolean, at most 50 keys of 1 to 64
   * characters, at most 1 KiB as compact JSON (UTF-8). Privy documents a 1 KB ceiling per user.
   */
  customMetadataMaxKeys: 50,
  customMetadataMaxKeyLength: 64,
  customMetadataMaxBytes: 1024,
} as const;

/** A user's custom metadata (WIRE.md §4.1). */
export type CustomMetadata = Record<string, string | number | boolean>;

/** A page of users: `next_cursor` is null on the last page (server-auth loops until it is). */
export interface UsersPage {
  data: User[];
  next_cursor: string | null;
}

/** `POST /users/search` (camelCase, as server-auth and `@privy-io/node` send it). */
export type UsersSearchRequest = (
  | { searchTerm: string }
  | { emails?: string[]; phoneNumbers?: string[]; walletAddresses?: string[] }
) & { cursor?: string; limit?: number };

/** A linked account to import (WIRE.md §7.2; `@privy-io/node`'s `LinkedAccountInput`). */
export type LinkedAccountInput =
  | { type: 'email'; address: string }
  | { type: 'phone'; number: string }
  | { type: 'wallet'; address: string; chain_type: 'ethereum' | 'solana' }
  | { type: 'custom_auth'; custom_user_id: string }
  | {
      type: 'farcaster';
      fid: number;
      owner_address: string;
      username?: string;
      display_name?: string;
      bio?: string;
      profile_picture_url?: string;
      homepage_url?: string;
    }
  | {
      type: 'telegram';
      telegram_user_id: string;
      first_name?: string;
      last_name?: string;
      username?: string;
      photo_url?: string;
    }
  | {
      /** `{provider}_oauth` or `custom:{name}`. */
      type: string;
      subject: string;
      username?: string | null;
      name?: string | null;
      email?: string | null;
      profile_picture_url?: string | null;
      vanity_name?: string | null;
    };

/** A wallet to create with an imported user (`@privy-io/node`'s `wallets[]`). */
export interface WalletCreationInput {
  chain_type: ChainType;
  policy_ids?: string[] | null;
  additional_signers?: { signer_id: string; override_policy_ids?: string[] }[] | null;
  create_smart_wallet?: boolean | null;
}

/** `POST /users`: one user with their accounts, optionally with pregenerated wallets. */
export interface ImportUserRequest {
  linked_accounts: LinkedAccountInput[];
  custom_metadata?: CustomMetadata;
  create_ethereum_wallet?: boolean | null;
  create_solana_wallet?: boolean | null;
  create_ethereum_smart_wallet?: boolean | null;
  /** The older name of `create_ethereum_wallet` (`@privy-io/node`'s batch input). */
  create_embedded_wallet?: boolean | null;
  wallets?: WalletCreationInput[] | null;
}

/** `POST /users/import`: up to 20 users, each imported on its own (all of it or none of it). */
export interface ImportUsersRequest {
  users: ImportUserRequest[];
}

/** One user's outcome in a batch import, by its index in the request. */
export type ImportUsersResult =
  | { index: number; action: 'create'; success: true; id: string }
  | { index: number; action: 'create'; success: false; code: string; error: string };

export interface ImportUsersResponse {
  results: ImportUsersResult[];
}

const usersApiTable = {
  usersList: { method: 'GET', path: '/api/v1/users' },
  usersImport: { method: 'POST', path: '/api/v1/users' },
  usersImportBatch: { method: 'POST', path: '/api/v1/users/import' },
  usersSearch: { method: 'POST', path: '/api/v1/users/search' },
  userGet: { method: 'GET', path: '/api/v1/users/:user_id' },
  userDelete: { method: 'DELETE', path: '/api/v1/users/:user_id' },
  userCustomMetadata: { method: 'POST', path: '/api/v1/users/:user_id/custom_metadata' },
  userByEmail: { method: 'POST', path: '/api/v1/users/email/address' },
  userByPhone: { method: 'POST', path: '/api/v1/users/phone/number' },
  userByWallet: { method: 'POST', path: '/api/v1/users/wallet/address' },
  userBySmartWallet: { method: 'POST', path: '/api/v1/users/smart_wallet/address' },
  userByFarcasterFid: { method: 'POST', path: '/api/v1/users/farcaster/fid' },
  userByDiscordUsername: { method: 'POST', path: '/api/v1/users/discord/username' },
  userByGithubUsername: { method: 'POST', path: '/api/v1/users/github/username' },
  userByTwitterUsername: { method: 'POST', path: '/api/v1/users/twitter/username' },
  userByTelegramUsername: { method: 'POST', path: '/api/v1/users/telegram/username' },
  userByTwitterSubject: { method: 'POST', path: '/api/v1/users/twitter/subject' },
  userByTelegramUserId: { method: 'POST', path: '/api/v1/users/telegram/telegram_user_id' },
  userByCustomAuthId: { method: 'POST', path: '/api/v1/users/custom_auth/id' },
} as const;

/** A lookup: the User, or 404 `user_does_not_exist`. */
export interface Lookup<Request> {
  request: Request;
  response: User;
}

export const usersApi: TypedRoutes<
  typeof usersApiTable,
  {
    /** Query `?cursor=&limit=`. */
    usersList: { request: undefined; response: UsersPage };
    usersImport: { request: ImportUserRequest; response: User };
    usersImportBatch: { request: ImportUsersRequest; response: ImportUsersResponse };
    usersSearch: { request: UsersSearchRequest; response: UsersPage };
    userGet: { request: undefined; response: User };
    userDelete: { request: EmptyRequest; response: { message: string } };
    userCustomMetadata: { request: { custom_metadata: CustomMetadata }; response: User };
    userByEmail: Lookup<{ address: string }>;
    userByPhone: Lookup<{ number: string }>;
    userByWallet: Lookup<{ address: string }>;
    userBySmartWallet: Lookup<{ address: string }>;
    userByFarcasterFid: Lookup<{ fid: number }>;
    userByDiscordUsername: Lookup<{ username: string }>;
    userByGithubUsername: Lookup<{ username: string }>;
    userByTwitterUsername: Lookup<{ username: string }>;
    userByTelegramUsername: Lookup<{ username: string }>;
    userByTwitterSubject: Lookup<{ subject: string }>;
    userByTelegramUserId: Lookup<{ telegram_user_id: string }>;
    userByCustomAuthId: Lookup<{ custom_user_id: string }>;
  }
> = usersApiTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const usersReference: ReferenceArea = {
  name: 'Users API',
  description: 'Server-to-server user management (WIRE.md §7.2).',
  tables: [[usersApi, 'server']],
};
