import {
  serverWalletTransactionsApi,
  type TransactionRecord,
  type TransactionRecordList,
  type WalletBalances,
  type WalletTransaction,
  type WalletTransactionsPage,
} from '@latchkey/protocol';
import { fillPath, type Http } from '../http.ts';
import type { CallOptions } from '../types.ts';

/** `GET /wallets/:id/transactions` filters: a chain (name or CAIP-2), its native asset, one hash. */
export interface WalletTransactionsFilters {
  chain?: string;
  asset?: string;
  tx_hash?: string;
}

/**
 * The records of server wallets' sends (REFERENCES §1.8): each `eth_sendTransaction` or
 * `signAndSendTransaction` answers a `transaction_id`, whose record the chain watcher moves from
 * `broadcasted` to `confirmed`, `execution_reverted`, `replaced` or `failed`.
 *
 * @example
 * const { transaction_id } = await latchkey.wallets.ethereum.sendTransaction(walletId, { caip2, transaction });
 * const record = await latchkey.transactions.get(transaction_id!); // { status: 'broadcasted', … }
 */
export class Transactions {
  readonly #http: Http;

  constructor(http: Http) {
    this.#http = http;
  }

  /** A send's record by id; `NotFoundError` when the app has none. */
  get(transactionId: string, options: CallOptions = {}): Promise<TransactionRecord> {
    return this.#http.request({
      method: 'GET',
      path: fillPath(serverWalletTransactionsApi.transactionGet.path, { transaction_id: transactionId }),
      idempotent: true,
      ...options,
    });
  }

  /** The records of the sends made with this `reference_id`, newest first. */
  async list(params: { reference_id: string }, options: CallOptions = {}): Promise<TransactionRecord[]> {
    const { transactions } = await this.#http.request<TransactionRecordList>({
      method: 'GET',
      path: serverWalletTransactionsApi.transactionsList.path,
      query: { reference_id: params.reference_id },
      idempotent: true,
      ...options,
    });
    return transactions;
  }
}

const walletPath = (path: string, walletId: string) => fillPath(path, { wallet_id: walletId });

/** One page of a wallet's transfers, sent and received, newest first. */
export function walletTransactionsPage(
  http: Http,
  walletId: string,
  params: WalletTransactionsFilters & { cursor?: string; limit?: number },
  options: CallOptions,
): Promise<WalletTransactionsPage> {
  const { cursor, ...query } = params;
  return http.request({
    method: 'GET',
    path: walletPath(serverWalletTransactionsApi.walletTransactions.path, walletId),
    query: { ...query, cursor: cursor || undefined },
    idempotent: true,
    ...options,
  });
}

/** Every transfer of a wallet, page by page. */
export async function* walletTransactions(
  http: Http,
  walletId: string,
  params: WalletTransactionsFilters & { limit?: number },
  options: CallOptions,
): AsyncGenerator<WalletTransaction, void> {
  let cursor: string | undefined;
  do {
    const page = await walletTransactionsPage(http, walletId, { ...params, cursor }, options);
    yield* page.transactions;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/** Native balances of a wallet: on the chains named (names or CAIP-2), else on every chain the server knows. */
export function walletBalance(
  http: Http,
  walletId: string,
  params: { chain?: string | readonly string[]; asset?: string },
  options: CallOptions,
): Promise<WalletBalances> {
  const chain = typeof params.chain === 'string' ? [params.chain] : params.chain;
  return http.request({
    method: 'GET',
    path: walletPath(serverWalletTransactionsApi.walletBalance.path, walletId),
    query: { chain, asset: params.asset },
    idempotent: true,
    ...options,
  });
}
