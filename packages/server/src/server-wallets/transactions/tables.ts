/**
 * The transactions part's tables (migrations `0020_server_wallet_transactions` and
 * `0022_server_wallet_asset_transfers`, migrations.ts): the record of each send, the nonces handed
 * out per wallet and chain, the chain watcher's state, the deposits and registered-asset transfers
 * it saw. Times are Unix milliseconds.
 */
declare module '../../storage/schema.ts' {
  interface Database {
    server_wallet_transactions: ServerWalletTransactionsTable;
    server_wallet_nonces: ServerWalletNoncesTable;
    server_wallet_released_nonces: ServerWalletReleasedNoncesTable;
    chain_watcher_state: ChainWatcherStateTable;
    server_wallet_deposits: ServerWalletDepositsTable;
    server_wallet_asset_transfers: ServerWalletAssetTransfersTable;
    server_wallet_solana_watch: ServerWalletSolanaWatchTable;
  }
}

/**
 * Where a send is (REFERENCES §1.8). `signed`: recorded with its raw bytes, not known to have reached
 * a node (Latchkey's own state, shown as `pending`); the watcher broadcasts it again, the same bytes,
 * so a crash between recording and broadcasting never loses a send nor sends it twice.
 */
export type RecordStatus =
  | 'signed'
  | 'broadcasted'
  | 'confirmed'
  | 'execution_reverted'
  | 'failed'
  | 'replaced';

/** One send by a server wallet. */
export interface ServerWalletTransactionsTable {
  /** UUIDv4, as the incumbent's ids are since Aug 2025. */
  id: string;
  app_id: string;
  wallet_id: string;
  /** `eip155:N` or `solana:<genesis hash prefix>`. */
  caip2: string;
  chain_type: 'ethereum' | 'solana';
  status: RecordStatus;
  /** Known before the broadcast: the keccak of the signed EVM bytes, or the Solana fee payer's signature. */
  transaction_hash: string;
  /** EVM only. */
  nonce: number | null;
  /** The signed transaction: 0x hex (EVM) or base64 (Solana). */
  raw_transaction: string;
  /** JSON of the unsigned request as signed (snake_case, quantities as hex); `{}` for Solana. */
  transaction_request: string;
  reference_id: string | null;
  sender: string;
  /** The EVM `to` (null for a contract creation); null for Solana. */
  recipient: string | null;
  /** Native value sent, a decimal string ("0" for Solana, whose transfers are in its instructions). */
  value: string;
  block_number: number | null;
  block_timestamp: number | null;
  /** When a node first accepted it (or the watcher saw it there). */
  broadcast_at: number | null;
  /** When the watcher last found it unknown to the node (a dropped send), else null. */
  missing_since: number | null;
  /** `transaction.still_pending` was sent (once per send). */
  still_pending_sent: number;
  created_at: number;
  updated_at: number;
}

/**
 * The next nonce to hand out per wallet and EVM chain. Taken under a row lock (`FOR UPDATE` on
 * PostgreSQL; SQLite has one writer) in the same database transaction as the send's record, so
 * replicas never hand out one twice and a crash before the record commits takes nothing.
 */
export interface ServerWalletNoncesTable {
  wallet_id: string;
  caip2: string;
  next_nonce: number;
  updated_at: number;
}

/**
 * Nonces handed out whose send never reached a node (refused by it, or dropped from its pool) while
 * a later nonce was already out: the next send takes the lowest one, so the chain sees no gap.
 */
export interface ServerWalletReleasedNoncesTable {
  wallet_id: string;
  caip2: string;
  nonce: number;
  released_at: number;
}

/**
 * The chain watcher's state: one `lease` row (who runs it, until when), and per chain the last block
 * scanned for deposits (`block:<caip2>`).
 */
export interface ChainWatcherStateTable {
  name: string;
  holder: string | null;
  lease_until: number | null;
  last_block: number | null;
  updated_at: number;
}

/** Native coins received by a server wallet, as the watcher saw them in blocks: the history's `transfer_received`. */
export interface ServerWalletDepositsTable {
  id: string;
  app_id: string;
  wallet_id: string;
  caip2: string;
  transaction_hash: string;
  sender: string;
  recipient: string;
  value: string;
  block_number: number;
  block_timestamp: number;
  created_at: number;
}

/**
 * Transfers of a registered asset (an ERC-20 token or SPL mint, registered-assets.ts) into or out of
 * a server wallet, as the watcher saw them on chain: the history's `transfer_received` and
 * `transfer_sent`, and each one's `wallet.funds_*` webhook.
 */
export interface ServerWalletAssetTransfersTable {
  id: string;
  app_id: string;
  wallet_id: string;
  caip2: string;
  direction: 'in' | 'out';
  transaction_hash: string;
  /** The Transfer log's index in its block (EVM); 0 on Solana, whose transfers are netted per mint. */
  transfer_index: number;
  asset_type: 'erc20' | 'spl';
  /** The token's address in lower case, or the mint. */
  asset: string;
  /** The token's `decimals()` or the mint's decimals; null when the token did not say. */
  decimals: number | null;
  sender: string;
  recipient: string;
  /** In the asset's smallest unit, a decimal string. */
  value: string;
  /** The block number, or the Solana slot. */
  block_number: number;
  block_timestamp: number;
  created_at: number;
}

/**
 * Where the watcher is in a Solana wallet's signatures on one cluster (solana-deposits.ts): per
 * address it polls (the wallet, its token accounts of registered mints) the newest signature it
 * handled, as JSON `{address: signature}`.
 */
export interface ServerWalletSolanaWatchTable {
  wallet_id: string;
  caip2: string;
  cursors: string;
  /** The last check, done or failed: orders the wallets round-robin; each check's compare-and-set guard. */
  checked_at: number;
  /** When the last complete check began: an address without a cursor is read back to it. */
  synced_at: number | null;
}
