import {
  type CreateServerWalletRequest,
  type RawSignRequest,
  type RawSignResponse,
  type ServerWallet,
  type ServerWalletChainType,
  type ServerWalletsPage,
  serverWalletsApi,
  type UpdateServerWalletRequest,
  type WalletBalances,
  type WalletTransaction,
  type WalletTransactionsPage,
} from '@latchkey/protocol';
import { fillPath } from '../http.ts';
import type { CallOptions } from '../types.ts';
import { EthereumWallets } from './ethereum.ts';
import type { WalletRpcInput, WalletRpcMethod, WalletRpcResult } from './rpc-methods.ts';
import { type ServerWalletsTransport, signedCall, type WriteOptions } from './signed-call.ts';
import { SolanaWallets } from './solana.ts';
import {
  type WalletTransactionsFilters,
  walletBalance,
  walletTransactions,
  walletTransactionsPage,
} from './transactions.ts';
import { authenticateUser, type UserAuthorizationKey } from './user-keys.ts';
import { exportWallet, type ImportWalletInput, importWallet } from './wallet-keys.ts';

/** `GET /wallets` filters. */
export interface WalletListFilters {
  chain_type?: ServerWalletChainType;
  user_id?: string;
  external_id?: string;
  address?: string;
}

/** One page: a cursor from the previous page's `next_cursor`, and at most 100 wallets. */
export interface WalletListPageParams extends WalletListFilters {
  cursor?: string;
  limit?: number;
}

const walletPath = (path: string, walletId: string) => fillPath(path, { wallet_id: walletId });

/**
 * Server wallets (WIRE.md §7.3): wallets the app's backend holds, created on the server and used
 * through RPC. Writes on an owned wallet need its owner's `authorizationContext`.
 *
 * @example
 * const wallet = await latchkey.wallets.create({ chain_type: 'ethereum' }, { idempotencyKey: orderId });
 * const { signature } = await latchkey.wallets.ethereum.signMessage(wallet.id, 'Hello');
 */
export class Wallets {
  /** Ethereum signing and sending (`personal_sign`, `eth_signTypedData_v4`, …). */
  readonly ethereum: EthereumWallets;
  /** Solana signing and sending (`signMessage`, `signTransaction`, `signAndSendTransaction`). */
  readonly solana: SolanaWallets;
  readonly #transport: ServerWalletsTransport;

  constructor(transport: ServerWalletsTransport) {
    this.#transport = transport;
    const rpc = this.rpc.bind(this);
    this.ethereum = new EthereumWallets(rpc);
    this.solana = new SolanaWallets(rpc);
  }

  /**
   * Creates a wallet: `chain_type`, and `owner` (`{public_key}` or `{user_id}`) or `owner_id` (a key
   * quorum), `policy_ids`, `additional_signers`, `display_name`, `external_id`. With an
   * `idempotencyKey`, a repeat returns the same wallet (and the call is retried on network failures).
   */
  create(input: CreateServerWalletRequest, options: WriteOptions = {}): Promise<ServerWallet> {
    return signedCall(
      this.#transport,
      { method: 'POST', path: serverWalletsApi.walletsCreate.path, body: input },
      options,
    );
  }

  /** A wallet by id; `NotFoundError` when the app has none. */
  get(walletId: string, options: CallOptions = {}): Promise<ServerWallet> {
    return this.#transport.http.request({
      method: 'GET',
      path: walletPath(serverWalletsApi.walletGet.path, walletId),
      idempotent: true,
      ...options,
    });
  }

  /** One page of the app's wallets, newest first; pass `next_cursor` back as `cursor` for the next. */
  listPage(params: WalletListPageParams = {}, options: CallOptions = {}): Promise<ServerWalletsPage> {
    const { cursor, ...query } = params;
    return this.#transport.http.request({
      method: 'GET',
      path: serverWalletsApi.walletsList.path,
      query: { ...query, cursor: cursor || undefined },
      idempotent: true,
      ...options,
    });
  }

  /**
   * Every wallet of the app (or those the filters match), page by page as the loop asks for them;
   * `limit` is the page size (at most 100).
   *
   * @example
   * for await (const wallet of latchkey.wallets.list({ chain_type: 'solana' })) console.log(wallet.address);
   */
  async *list(
    params: WalletListFilters & { limit?: number } = {},
    options: CallOptions = {},
  ): AsyncGenerator<ServerWallet, void> {
    let cursor: string | undefined;
    do {
      const page = await this.listPage({ ...params, cursor }, options);
      yield* page.data;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  /** Changes a wallet's owner, policies, signers or names; an owned wallet needs its owner's signature. */
  update(
    walletId: string,
    input: UpdateServerWalletRequest,
    options: WriteOptions = {},
  ): Promise<ServerWallet> {
    return signedCall(
      this.#transport,
      { method: 'PATCH', path: walletPath(serverWalletsApi.walletUpdate.path, walletId), body: input },
      options,
    );
  }

  /**
   * One RPC method (spec document 2 §7), typed by `method`: the wire request and its answer. The chain
   * helpers (`wallets.ethereum`, `wallets.solana`) are shorter for the common ones.
   *
   * @example
   * const { data } = await latchkey.wallets.rpc(walletId, {
   *   method: 'secp256k1_sign',
   *   params: { hash: '0x…' },
   * });
   */
  rpc<M extends WalletRpcMethod>(
    walletId: string,
    input: WalletRpcInput<M>,
    options: WriteOptions = {},
  ): Promise<WalletRpcResult<M>> {
    return signedCall(
      this.#transport,
      { method: 'POST', path: walletPath(serverWalletsApi.walletRpc.path, walletId), body: input },
      options,
    );
  }

  /**
   * A signature over a 32-byte hash (`params.hash`), or over bytes the server hashes
   * (`params.bytes`, `encoding`, `hash_function`): secp256k1 for Ethereum wallets, Ed25519 for Solana.
   */
  rawSign(walletId: string, input: RawSignRequest, options: WriteOptions = {}): Promise<RawSignResponse> {
    return signedCall(
      this.#transport,
      { method: 'POST', path: walletPath(serverWalletsApi.walletRawSign.path, walletId), body: input },
      options,
    );
  }

  /** Native balances, on the chains named (`'base'`, `'eip155:8453'`), else on every chain the server knows. */
  balance(
    walletId: string,
    params: { chain?: string | readonly string[]; asset?: string } = {},
    options: CallOptions = {},
  ): Promise<WalletBalances> {
    return walletBalance(this.#transport.http, walletId, params, options);
  }

  /**
   * The wallet's transfers, sent through Latchkey and received, newest first, page by page.
   *
   * @example
   * for await (const transfer of latchkey.wallets.transactions(walletId, { chain: 'base' })) console.log(transfer.transaction_hash);
   */
  transactions(
    walletId: string,
    params: WalletTransactionsFilters & { limit?: number } = {},
    options: CallOptions = {},
  ): AsyncGenerator<WalletTransaction, void> {
    return walletTransactions(this.#transport.http, walletId, params, options);
  }

  /** One page of `transactions`; pass `next_cursor` back as `cursor`. */
  transactionsPage(
    walletId: string,
    params: WalletTransactionsFilters & { cursor?: string; limit?: number } = {},
    options: CallOptions = {},
  ): Promise<WalletTransactionsPage> {
    return walletTransactionsPage(this.#transport.http, walletId, params, options);
  }

  /**
   * The wallet's private key (Ethereum 0x-hex, Solana base58), sealed by the server to a one-time key
   * of this call and opened here; needs the owner's `authorizationContext` for an owned wallet.
   */
  export(walletId: string, options: WriteOptions = {}): Promise<{ private_key: string }> {
    return exportWallet(this.#transport, walletId, options);
  }

  /**
   * A new wallet from a private key you hold (sealed to the server's one-time key): `wallet` names the
   * chain, address and key, the rest is as `create` takes it (`owner`, `policy_ids`, …).
   */
  import(input: ImportWalletInput, options: WriteOptions = {}): Promise<ServerWallet> {
    return importWallet(this.#transport, input, options);
  }

  /**
   * A user's access token for their short-lived authorization key (base64 PKCS#8) and wallets. An
   * `authorizationContext: { userJwts: [token] }` does this by itself, once per token.
   */
  authenticate(userJwt: string, options: CallOptions = {}): Promise<UserAuthorizationKey> {
    return authenticateUser(this.#transport.http, userJwt, options.signal);
  }
}
