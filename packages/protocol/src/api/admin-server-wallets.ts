import { type AdminPolicyResourcesTypes, adminPolicyResourcesTable } from './admin-policy-resources.ts';
import type { AdminPage } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';
import type { Policy, PolicyChainType, PolicyRuleInput } from './server-wallet-policies.ts';
import type { EvaluatePolicyRequest, EvaluatePolicyResponse } from './server-wallet-policy-trace.ts';
import type { TransactionRecord, TransactionStatus, WalletBalances } from './server-wallet-transactions.ts';
import type { KeyQuorum, KeyQuorumRequest, ServerWallet, ServerWalletChainType } from './server-wallets.ts';

/*
 * An app's server wallets as the dashboard shows them (`/admin/v1/apps/:id/...`, the admin key or the
 * dashboard's session): wallets, key quorums and transaction records, read with what the REST API
 * does not show together (an owner's quorum, a wallet's recent sends, balance errors per chain).
 * The admin creates wallets without an owner's signature only where the REST API would take the app
 * secret alone: a new wallet, a new key quorum. Owned wallets are read-only here. Never a sealed key.
 */

/** A wallet in the dashboard's list: the REST view, and the user an owner quorum was made for. */
export interface AdminServerWallet extends ServerWallet {
  /** `did:privy:…` of the user of an `owner: {user_id}` wallet; null otherwise. */
  owner_user_id: string | null;
}

/** A key quorum with what the REST view omits: made implicitly for an `owner` object, and when. */
export interface AdminKeyQuorum extends KeyQuorum {
  implicit: boolean;
  created_at: number;
}

/** A wallet's additional signer with its quorum (null if it no longer exists). */
export interface AdminWalletSigner {
  signer_id: string;
  override_policy_ids: string[];
  key_quorum: AdminKeyQuorum | null;
}

/** A wallet opened in the dashboard: its owner and signers spelt out, its latest sends, its chains. */
export interface AdminServerWalletDetail {
  wallet: AdminServerWallet;
  owner: AdminKeyQuorum | null;
  signers: AdminWalletSigner[];
  /** The newest 20 transaction records. */
  transactions: AdminTransaction[];
  /** CAIP-2 ids of the wallet's chain type that have an RPC URL (the app's or the server's): a balance is read there. */
  rpc_chains: string[];
}

/** Native balances, and the chains whose node did not answer (shown quietly). */
export interface AdminWalletBalances extends WalletBalances {
  errors: { caip2: string; message: string }[];
}

/** A transaction record with what the dashboard shows beside the REST view. */
export interface AdminTransaction extends TransactionRecord {
  /** The chain's name (`base-sepolia`) or its CAIP-2 id. */
  chain: string;
  sender: string;
  recipient: string | null;
  /** Native value, a decimal string in the chain's smallest unit. */
  value: string;
  nonce: number | null;
  block_number: number | null;
  updated_at: number;
}

/** A wallet the admin creates: no owner object (an owner key is the backend's to hold), at most one policy. */
export interface AdminServerWalletCreateRequest {
  chain_type: ServerWalletChainType;
  display_name?: string;
  external_id?: string;
  policy_ids?: string[];
  /** An existing key quorum of the app as the owner. */
  owner_id?: string;
}

/** A policy the admin writes: never an owner (an owned policy changes only with its owner's signature). */
export interface AdminPolicyCreateRequest {
  name: string;
  chain_type: PolicyChainType;
  rules: PolicyRuleInput[];
}

/** A change to a policy without an owner: its name, its rules (replaced whole), or both. */
export interface AdminPolicyUpdateRequest {
  name?: string;
  rules?: PolicyRuleInput[];
}

/** The wire statuses a list filters by (`pending`: recorded, not yet seen by a node). */
export type AdminTransactionStatus = TransactionStatus;

const adminServerWalletsTable = {
  adminWalletsList: { method: 'GET', path: '/admin/v1/apps/:id/wallets' },
  adminWalletsCreate: { method: 'POST', path: '/admin/v1/apps/:id/wallets' },
  adminWalletGet: { method: 'GET', path: '/admin/v1/apps/:id/wallets/:wallet_id' },
  adminWalletBalance: { method: 'GET', path: '/admin/v1/apps/:id/wallets/:wallet_id/balance' },
  adminKeyQuorumsList: { method: 'GET', path: '/admin/v1/apps/:id/key_quorums' },
  adminKeyQuorumsCreate: { method: 'POST', path: '/admin/v1/apps/:id/key_quorums' },
  adminKeyQuorumGet: { method: 'GET', path: '/admin/v1/apps/:id/key_quorums/:key_quorum_id' },
  adminTransactionsList: { method: 'GET', path: '/admin/v1/apps/:id/transactions' },
  adminTransactionGet: { method: 'GET', path: '/admin/v1/apps/:id/transactions/:transaction_id' },
  adminPoliciesList: { method: 'GET', path: '/admin/v1/apps/:id/policies' },
  adminPoliciesCreate: { method: 'POST', path: '/admin/v1/apps/:id/policies' },
  adminPolicyGet: { method: 'GET', path: '/admin/v1/apps/:id/policies/:policy_id' },
  adminPolicyUpdate: { method: 'PATCH', path: '/admin/v1/apps/:id/policies/:policy_id' },
  adminPolicyEvaluate: { method: 'POST', path: '/admin/v1/apps/:id/policies/:policy_id/evaluate' },
  ...adminPolicyResourcesTable,
} as const;

/**
 * An app's server wallets for the dashboard. Lists take `?cursor=&limit=` (≤ 100); wallets
 * `?chain_type=&user_id=&external_id=&address=`; key quorums `?implicit=true` to include the owner
 * quorums made for wallets; transactions `?wallet_id=&reference_id=&status=`. Condition sets and
 * aggregations: admin-policy-resources.ts.
 */
export const adminServerWalletsApi: TypedRoutes<
  typeof adminServerWalletsTable,
  {
    adminWalletsList: { request: undefined; response: AdminPage<AdminServerWallet> };
    adminWalletsCreate: { request: AdminServerWalletCreateRequest; response: AdminServerWallet };
    adminWalletGet: { request: undefined; response: AdminServerWalletDetail };
    adminWalletBalance: { request: undefined; response: AdminWalletBalances };
    adminKeyQuorumsList: { request: undefined; response: AdminPage<AdminKeyQuorum> };
    adminKeyQuorumsCreate: { request: KeyQuorumRequest; response: AdminKeyQuorum };
    adminKeyQuorumGet: {
      request: undefined;
      response: AdminKeyQuorum & { wallet_ids: string[] };
    };
    adminTransactionsList: { request: undefined; response: AdminPage<AdminTransaction> };
    adminTransactionGet: { request: undefined; response: AdminTransaction };
    adminPoliciesList: { request: undefined; response: AdminPage<Policy> };
    adminPoliciesCreate: { request: AdminPolicyCreateRequest; response: Policy };
    adminPolicyGet: { request: undefined; response: Policy };
    adminPolicyUpdate: { request: AdminPolicyUpdateRequest; response: Policy };
    adminPolicyEvaluate: { request: EvaluatePolicyRequest; response: EvaluatePolicyResponse };
  } & AdminPolicyResourcesTypes
> = adminServerWalletsTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const adminServerWalletsReference: ReferenceArea = {
  name: 'Server wallets (admin)',
  description:
    "An app's server wallets, key quorums, transaction records, policies, condition sets and aggregations as the dashboard shows them (admin key). Owned wallets, policies, condition sets and aggregations are read-only here.",
  tables: [[adminServerWalletsApi, 'admin']],
  summaries: {
    adminWalletGet: 'A wallet with its owner, signers, newest transactions and the chains with an RPC URL.',
    adminWalletBalance:
      'Native balances on the chains with an RPC URL; a node that does not answer is listed in errors.',
    adminConditionSetGet: 'A condition set with one page of its items (`?cursor=&limit=`).',
    adminConditionSetItemsAdd:
      'Add values to a condition set without an owner (a value already there stays).',
  },
};
