import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Server wallets' transactions (REFERENCES §1.8, WIRE.md §7.3): the record of each send, a wallet's
 * history and native balance. Server routes (Basic app id + secret), under `/api/v1/...` and, as
 * `@privy-io/node` calls them, `/v1/...`.
 */

/** The statuses of a send (REFERENCES §1.8). `pending`: signed and recorded, not yet accepted by a node. */
export type TransactionStatus =
  | 'pending'
  | 'broadcasted'
  | 'confirmed'
  | 'execution_reverted'
  | 'failed'
  | 'replaced';

/** `GET /transactions/:transaction_id`: one send by a server wallet. */
export interface TransactionRecord {
  id: string;
  wallet_id: string;
  caip2: string;
  transaction_hash: string | null;
  status: TransactionStatus;
  /** Unix milliseconds. */
  created_at: number;
  reference_id: string | null;
  sponsored: boolean;
}

/** `GET /transactions?reference_id=`: the sends made with that reference id, newest first. */
export interface TransactionRecordList {
  transactions: TransactionRecord[];
}

/** One entry of a wallet's history: a transfer it sent (through Latchkey) or received (seen by the watcher). */
export interface WalletTransactionDetail {
  type: 'transfer_sent' | 'transfer_received';
  sender: string;
  sender_privy_user_id: string | null;
  recipient: string;
  recipient_privy_user_id: string | null;
  /** The chain's name where it has one (`ethereum`, `base`, …), else its CAIP-2 id. */
  chain: string;
  /** `eth`, `sol`, or the native coin's symbol in lower case; a registered token's address or mint. */
  asset: string;
  /** The amount in the asset's smallest unit, as a decimal string. */
  raw_value: string;
  raw_value_decimals: number;
  display_values: Record<string, string>;
}

export interface WalletTransaction {
  caip2: string;
  transaction_hash: string | null;
  status: TransactionStatus;
  created_at: number;
  sponsored: boolean;
  /** The record's id for a send through Latchkey; null for a transfer received. */
  privy_transaction_id: string | null;
  wallet_id: string;
  details: WalletTransactionDetail;
}

/**
 * `GET /wallets/:wallet_id/transactions?chain=&asset=&token=&cursor=&limit=&tx_hash=`: `asset` is a
 * native coin's symbol or a registered token's address or mint, `token` token addresses or mints
 * (not both).
 */
export interface WalletTransactionsPage {
  transactions: WalletTransaction[];
  next_cursor: string | null;
}

/** `GET /wallets/:wallet_id/balance?chain=&asset=`: native coin balances from the chains' nodes. */
export interface WalletBalances {
  balances: {
    chain: string;
    asset: string;
    raw_value: string;
    raw_value_decimals: number;
    display_values: Record<string, string>;
  }[];
}

/** `transaction.*` webhooks (REFERENCES §1.9); `still_pending` adds the unsigned request (to speed it up). */
export interface TransactionWebhookEvent {
  type:
    | 'transaction.broadcasted'
    | 'transaction.confirmed'
    | 'transaction.execution_reverted'
    | 'transaction.failed'
    | 'transaction.replaced'
    | 'transaction.still_pending';
  transaction_id: string;
  transaction_hash: string;
  caip2: string;
  wallet_id: string;
  reference_id?: string | null;
  transaction_request?: Record<string, unknown>;
}

/**
 * `wallet.funds_deposited` / `wallet.funds_withdrawn` (REFERENCES §1.9): native coins, and the ERC-20
 * tokens and SPL mints the app registered (`registered_assets`).
 */
export interface WalletFundsWebhookEvent {
  type: 'wallet.funds_deposited' | 'wallet.funds_withdrawn';
  wallet_id: string;
  /** Stable per transfer and wallet: receivers dedupe on it. */
  idempotency_key: string;
  caip2: string;
  transaction_hash: string;
  sender: string;
  recipient: string;
  /** In the smallest unit, a decimal string. */
  amount: string;
  asset:
    | { type: 'native-token'; address: null }
    | { type: 'erc20'; address: string }
    | { type: 'spl'; mint: string };
  block: { number: number; timestamp: number };
  transaction_fee?: string;
}

const serverWalletTransactionsTable = {
  transactionGet: { method: 'GET', path: '/api/v1/transactions/:transaction_id' },
  transactionsList: { method: 'GET', path: '/api/v1/transactions' },
  walletTransactions: { method: 'GET', path: '/api/v1/wallets/:wallet_id/transactions' },
  walletBalance: { method: 'GET', path: '/api/v1/wallets/:wallet_id/balance' },
} as const;

export const serverWalletTransactionsApi: TypedRoutes<
  typeof serverWalletTransactionsTable,
  {
    transactionGet: { request: undefined; response: TransactionRecord };
    /** Query `?reference_id=`. */
    transactionsList: { request: undefined; response: TransactionRecordList };
    walletTransactions: { request: undefined; response: WalletTransactionsPage };
    walletBalance: { request: undefined; response: WalletBalances };
  }
> = serverWalletTransactionsTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const serverWalletTransactionsReference: ReferenceArea = {
  name: 'Server wallet transactions',
  description:
    "Records of server wallets' sends and their statuses, a wallet's transfer history and native balance (REFERENCES §1.8).",
  tables: [[serverWalletTransactionsApi, 'server']],
  summaries: {
    transactionGet: 'A send by a server wallet: its hash and status.',
    transactionsList: 'The sends made with a `reference_id`.',
    walletTransactions: "A wallet's transfers sent and received, newest first.",
    walletBalance: "A wallet's native coin balance on each chain it is used on.",
  },
};
