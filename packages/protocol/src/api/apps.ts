import type { AppResponse } from '../app-config.ts';
import type { User } from '../user.ts';
import type { ChainType } from '../wallets.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/** `GET /api/v1/apps/:app_id` and its key set: public, no app header needed (WIRE.md §3.1, §5.1). */
const appTable = {
  app: { method: 'GET', path: '/api/v1/apps/:app_id' },
  appJwks: { method: 'GET', path: '/api/v1/apps/:app_id/jwks.json' },
} as const;

export const appApi: TypedRoutes<
  typeof appTable,
  {
    app: { request: undefined; response: AppResponse };
    appJwks: { request: undefined; response: { keys: JsonWebKey[] } };
  }
> = appTable;

/** The kinds of allowlist entry (spec document 1 §3): what a login must match to be let in. */
export const allowlistEntryTypes = ['email', 'phone', 'wallet'] as const;
export type AllowlistEntryType = (typeof allowlistEntryTypes)[number];

export interface AllowlistEntry {
  id: string;
  type: AllowlistEntryType;
  value: string;
  appId: string;
  acceptedAt: number | null;
}

export interface AllowlistEntryRequest {
  type: AllowlistEntryType;
  value: string;
}

/** A message the development outbox kept instead of sending it (no provider configured). */
export interface DevOutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  sent_at: number;
}

/**
 * `POST /apps/:app_id/users/wallet` (WIRE.md §7.2): pregenerates embedded wallets for an existing
 * user (`user_id`, with or without `did:privy:`). `wallets` entries name a chain each; smart wallets,
 * policies and additional signers are not supported.
 */
export interface PregenerateWalletsRequest {
  user_id: string;
  create_ethereum_wallet?: boolean;
  create_solana_wallet?: boolean;
  create_ethereum_smart_wallet?: boolean;
  number_of_ethereum_wallets_to_create?: number;
  wallets?: {
    chain_type: ChainType;
    policy_ids?: string[];
    additional_signers?: unknown[];
    create_smart_wallet?: boolean;
  }[];
}

/**
 * The app's server-side routes (Basic auth with the app secret; WIRE.md §7.2): the allowlist, the
 * test credentials, wallet pregeneration and, in development, the outbox. `appDevOutbox` takes a
 * `?to=` query.
 */
const appServerTable = {
  appAllowlist: { method: 'GET', path: '/api/v1/apps/:app_id/allowlist' },
  appAllowlistAdd: { method: 'POST', path: '/api/v1/apps/:app_id/allowlist' },
  appAllowlistRemove: { method: 'DELETE', path: '/api/v1/apps/:app_id/allowlist' },
  appTestCredentials: { method: 'GET', path: '/api/v1/apps/:app_id/test_credentials' },
  appDevOutbox: { method: 'GET', path: '/api/v1/apps/:app_id/dev_outbox' },
  appUsersWallet: { method: 'POST', path: '/api/v1/apps/:app_id/users/wallet' },
} as const;

export const appServerApi: TypedRoutes<
  typeof appServerTable,
  {
    appAllowlist: { request: undefined; response: AllowlistEntry[] };
    appAllowlistAdd: { request: AllowlistEntryRequest; response: AllowlistEntry };
    appAllowlistRemove: { request: AllowlistEntryRequest; response: { message: string } };
    appTestCredentials: {
      request: undefined;
      response: { data: { email: string | null; phone_number: string | null; otp_code: string | null }[] };
    };
    appDevOutbox: { request: undefined; response: { data: DevOutboxMessage[] } };
    appUsersWallet: { request: PregenerateWalletsRequest; response: User };
  }
> = appServerTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const appReference: ReferenceArea = {
  name: 'Apps',
  description: "An app's public configuration and token keys (WIRE.md §3.1, §5.1).",
  tables: [[appApi, 'public']],
};

/** The API reference's area of these routes (OpenAPI tag). */
export const appServerReference: ReferenceArea = {
  name: 'App server API',
  description:
    'Server-to-server, HTTP Basic with the app id and secret (WIRE.md §7.2). Also under `/v1/…` (the spelling `@privy-io/node` calls).',
  tables: [[appServerApi, 'server']],
};
