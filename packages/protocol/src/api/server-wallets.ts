import type { ChainType } from '../wallets.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Server wallets and key quorums (WIRE.md §7.3; REFERENCES §1.1, §1.6): wallets the app's backend holds,
 * called with Basic auth (app id + secret) and `privy-app-id`, under `/api/v1/...` and `/v1/...` (where
 * `@privy-io/node` calls them). Writes on an owned wallet carry `privy-authorization-signature`.
 * Times are Unix milliseconds.
 */

/** Limits of spec document 2 §5 and the incumbent's API (REFERENCES §1.1). */
export const serverWalletLimits = {
  /** `policy_ids` and a signer's `override_policy_ids`. */
  maxPolicyIds: 1,
  /** `display_name` of a wallet or a key quorum. */
  displayNameMax: 50,
  externalIdMax: 64,
  /** `GET /wallets?limit=`. */
  pageMaxLimit: 100,
  /** Members of a key quorum (keys, users and quorums together). */
  quorumMaxMembers: 20,
  additionalSignersMax: 20,
  /** `privy-idempotency-key`. */
  idempotencyKeyMax: 256,
  /** How long an idempotency key's response is kept (REFERENCES §1.7). */
  idempotencyTtlMs: 24 * 60 * 60 * 1000,
} as const;

/** The chain types of spec document 1 §3 (`Wallet (server)`). */
export const serverWalletChainTypes = [
  'ethereum',
  'solana',
  'cosmos',
  'stellar',
  'sui',
  'tron',
  'bitcoin-segwit',
  'near',
  'ton',
  'starknet',
  'spark',
] as const;

export type ServerWalletChainType = (typeof serverWalletChainTypes)[number];

/** A wallet's owner, given as a user or a P-256 key: the server makes a one-member key quorum of it. */
export type OwnerInput = { user_id: string } | { public_key: string };

export interface AdditionalSigner {
  /** A key quorum id. */
  signer_id: string;
  /** At most one policy, applied instead of the wallet's when this signer authorizes. */
  override_policy_ids?: string[];
}

export interface ServerWallet {
  id: string;
  address: string;
  /** Ed25519 or uncompressed secp256k1 public key, hex; Solana's is also its address. */
  public_key?: string;
  chain_type: ServerWalletChainType;
  policy_ids: string[];
  additional_signers: AdditionalSigner[];
  owner_id: string | null;
  created_at: number;
  exported_at: number | null;
  imported_at: number | null;
  archived_at?: number | null;
  display_name?: string | null;
  external_id?: string | null;
}

export interface CreateServerWalletRequest {
  chain_type: ServerWalletChainType;
  owner?: OwnerInput | null;
  owner_id?: string | null;
  /**
   * The older form of an owner (before key quorums): key quorum ids (an authorization key made in the
   * dashboard is a one-key quorum), of which `authorization_threshold` (default: all) must sign.
   */
  authorization_key_ids?: string[];
  authorization_threshold?: number;
  policy_ids?: string[];
  additional_signers?: AdditionalSigner[];
  display_name?: string;
  external_id?: string;
}

/** `PATCH /wallets/:id`: at least one field (spec document 2 §5). */
export interface UpdateServerWalletRequest {
  owner?: OwnerInput | null;
  owner_id?: string | null;
  policy_ids?: string[];
  additional_signers?: AdditionalSigner[];
  display_name?: string | null;
  external_id?: string;
}

export interface ServerWalletsPage {
  data: ServerWallet[];
  next_cursor: string | null;
}

/** The RPC methods of spec document 2 §7 that Latchkey answers. */
export const serverWalletRpcMethods = [
  'eth_sendTransaction',
  'eth_signTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'secp256k1_sign',
  'eth_sign7702Authorization',
  'signTransaction',
  'signAndSendTransaction',
  'signMessage',
  'exportPrivateKey',
] as const;

export type ServerWalletRpcMethod = (typeof serverWalletRpcMethods)[number];

/**
 * `POST /wallets/:id/rpc`: one method with its `params` (each method's own shape, WIRE.md §7.3, checked
 * by the server per method); `caip2` names the chain of a send.
 */
export interface WalletRpcRequest {
  method: ServerWalletRpcMethod;
  params: Record<string, unknown>;
  caip2?: string;
  chain_type?: ChainType;
  address?: string;
  wallet_id?: string;
  reference_id?: string;
  sponsor?: boolean;
}

export interface WalletRpcResponse {
  method: ServerWalletRpcMethod;
  data: Record<string, unknown>;
}

/** What `raw_sign` hashes `bytes` with: blake2b256 is BLAKE2b with a 32-byte digest (Sui's). */
export const rawSignHashFunctions = ['keccak256', 'sha256', 'blake2b256'] as const;
export type RawSignHashFunction = (typeof rawSignHashFunctions)[number];

/** `POST /wallets/:id/raw_sign`: a 32-byte hash, or bytes hashed by the named function. */
export interface RawSignRequest {
  params: {
    hash?: string;
    bytes?: string;
    encoding?: 'utf-8' | 'hex' | 'base64';
    hash_function?: RawSignHashFunction;
  };
}

export interface RawSignResponse {
  method: 'raw_sign';
  data: { signature: string; encoding: 'hex' };
}

export interface AuthorizationKeyView {
  public_key: string;
  display_name: string | null;
}

export interface KeyQuorum {
  id: string;
  display_name: string | null;
  authorization_threshold: number | null;
  authorization_keys: AuthorizationKeyView[];
  user_ids: string[] | null;
  key_quorum_ids?: string[];
}

export interface KeyQuorumRequest {
  public_keys?: string[];
  user_ids?: string[];
  key_quorum_ids?: string[];
  authorization_threshold?: number;
  display_name?: string;
}

const serverWalletsTable = {
  walletsCreate: { method: 'POST', path: '/api/v1/wallets' },
  walletsList: { method: 'GET', path: '/api/v1/wallets' },
  walletGet: { method: 'GET', path: '/api/v1/wallets/:wallet_id' },
  walletUpdate: { method: 'PATCH', path: '/api/v1/wallets/:wallet_id' },
  walletRpc: { method: 'POST', path: '/api/v1/wallets/:wallet_id/rpc' },
  walletRawSign: { method: 'POST', path: '/api/v1/wallets/:wallet_id/raw_sign' },
  keyQuorumsCreate: { method: 'POST', path: '/api/v1/key_quorums' },
  keyQuorumGet: { method: 'GET', path: '/api/v1/key_quorums/:key_quorum_id' },
  keyQuorumUpdate: { method: 'PATCH', path: '/api/v1/key_quorums/:key_quorum_id' },
  keyQuorumDelete: { method: 'DELETE', path: '/api/v1/key_quorums/:key_quorum_id' },
} as const;

export const serverWalletsApi: TypedRoutes<
  typeof serverWalletsTable,
  {
    walletsCreate: { request: CreateServerWalletRequest; response: ServerWallet };
    /** Query `?cursor=&limit=&chain_type=&user_id=&external_id=&address=`. */
    walletsList: { request: undefined; response: ServerWalletsPage };
    walletGet: { request: undefined; response: ServerWallet };
    walletUpdate: { request: UpdateServerWalletRequest; response: ServerWallet };
    walletRpc: { request: WalletRpcRequest; response: WalletRpcResponse };
    walletRawSign: { request: RawSignRequest; response: RawSignResponse };
    keyQuorumsCreate: { request: KeyQuorumRequest; response: KeyQuorum };
    keyQuorumGet: { request: undefined; response: KeyQuorum };
    keyQuorumUpdate: { request: KeyQuorumRequest; response: KeyQuorum };
    keyQuorumDelete: { request: undefined; response: { success: boolean } };
  }
> = serverWalletsTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const serverWalletsReference: ReferenceArea = {
  name: 'Server wallets',
  description:
    'Wallets held by the app’s backend, their owners and key quorums, RPC signing (WIRE.md §7.3). Writes on an owned wallet carry privy-authorization-signature.',
  tables: [
    [
      serverWalletsApi,
      'server',
      // The user may read, and change the session signers of, a wallet they own (delegated-actions.ts).
      { walletGet: 'server-or-user', walletUpdate: 'server-or-user' },
    ],
  ],
};
