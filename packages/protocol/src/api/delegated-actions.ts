import type { User } from '../user.ts';
import type { ChainType } from '../wallets.ts';
import type { EmptyRequest } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Delegated actions and session signers (spec document 2 §3, §4, §7; REFERENCES §8.3). With the
 * user's consent the wallet frame seals the private key of each delegated wallet (never the seed) to
 * a one-time HPKE key whose private half only the key store opens; the server keeps it as a server
 * wallet the user owns, which the app's backend may sign for with its authorization signature
 * (`delegated_actions_signer_id`), within the app's policies, until `expires_at`. Revoking destroys the
 * server's copy. docs/security.md, "Delegated actions", states who can do what.
 */

/** How long the server-side pieces of a delegation live and how many a request may carry. */
export const delegationLimits = {
  /** Between `frame/delegation/init` and `frame/delegation`: the one-time key's life. */
  initTtlMs: 15 * 60 * 1000,
  /** Wallets one consent may delegate (the root and its HD wallets). */
  walletsPerConsent: 20,
  /** Longest `delegated_actions_ttl_seconds` an app may set (one year). */
  maxTtlSeconds: 365 * 24 * 60 * 60,
} as const;

/** Why a wallet's key reaches the server: the user's consent, or the background migration (§4). */
export type DelegationReason = 'consent' | 'migration';

/** `POST frame/delegation/init` → a one-time HPKE key (base64 of the raw P-256 point) for one consent. */
export interface DelegationInitReply {
  encryption_type: 'HPKE';
  encryption_public_key: string;
  /** Unix milliseconds: `frame/delegation` after this is refused. */
  expires_at: number;
}

/**
 * One wallet's private key, sealed by the frame to the init's key (HPKE base mode, the suite of
 * WIRE.md §7.5, no info or aad): Ethereum's 32-byte secp256k1 scalar, Solana's 32-byte Ed25519 seed.
 * The server opens it, checks it controls `address`, and seals it with the key store.
 */
export interface DelegatedWalletUpload {
  address: string;
  chain_type: ChainType;
  wallet_index: number;
  imported: boolean;
  encapsulated_key: string;
  ciphertext: string;
}

/** `POST frame/delegation`: the sealed keys of the wallets the user delegates, with the init's key. */
export interface DelegationUpload {
  encryption_public_key: string;
  wallets: DelegatedWalletUpload[];
  reason?: DelegationReason;
}

/**
 * `POST frame/user_signer`: the frame's own P-256 key (base64 SPKI; its private half is a
 * non-extractable WebCrypto key that never leaves the frame) becomes the user's authorization key
 * for the session of the request, as `POST /wallets/authenticate` makes one for an app's backend.
 * With it the frame answers `privy:user-signer:sign`, so the user signs changes to their wallets
 * (session signers: `PATCH /api/v1/wallets/:wallet_id`).
 */
export interface UserSignerUpload {
  public_key: string;
}

export interface UserSignerReply {
  /** Unix milliseconds: the key counts until then, and only while its session is live. */
  expires_at: number;
}

/** `POST /api/v1/wallets/revoke` → the user's delegated wallets are revoked (their keys destroyed). */
export interface RevokeReply {
  message: string;
}

const delegationFrameTable = {
  frameDelegationInit: { method: 'POST', path: '/api/v1/embedded_wallets/frame/delegation/init' },
  frameDelegate: { method: 'POST', path: '/api/v1/embedded_wallets/frame/delegation' },
  frameUserSigner: { method: 'POST', path: '/api/v1/embedded_wallets/frame/user_signer' },
} as const;

/** The wallet frame's delegation routes (DPoP-proved, like the rest of `frameRoutes`). */
export const delegationFrameRoutes: TypedRoutes<
  typeof delegationFrameTable,
  {
    frameDelegationInit: { request: EmptyRequest; response: DelegationInitReply };
    frameDelegate: { request: DelegationUpload; response: User };
    frameUserSigner: { request: UserSignerUpload; response: UserSignerReply };
  }
> = delegationFrameTable;

const delegatedActionsTable = {
  walletsRevoke: { method: 'POST', path: '/api/v1/wallets/revoke' },
} as const;

/** The user's own routes (Bearer token or session cookie). */
export const delegatedActionsApi: TypedRoutes<
  typeof delegatedActionsTable,
  { walletsRevoke: { request: EmptyRequest; response: RevokeReply } }
> = delegatedActionsTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const delegatedActionsReference: ReferenceArea = {
  name: 'Delegated actions',
  description:
    "A user's consent for the app's backend to sign with their embedded wallets while they are away, and its revocation.",
  tables: [
    [delegatedActionsApi, 'user'],
    [delegationFrameRoutes, 'frame'],
  ],
  summaries: {
    walletsRevoke:
      "Revokes every delegated wallet of the user: the server's copies of their keys are destroyed.",
    frameDelegationInit: 'A one-time key the frame seals the delegated wallets’ keys to.',
    frameDelegate: 'The sealed keys of the wallets the user delegates; each must control its address.',
    frameUserSigner: 'The frame’s P-256 key becomes the user’s authorization key for this session.',
  },
};
