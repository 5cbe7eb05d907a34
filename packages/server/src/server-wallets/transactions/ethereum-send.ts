import { randomUUID } from 'node:crypto';
import { ethereumRpc } from '@latchkey/keys';
import { type ChainRpc, fillGasAndFees, toBigInt } from '@latchkey/protocol';
import type { Selectable } from 'kysely';
import { keccak256 } from 'viem';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ServerWalletsTable } from '../tables.ts';
import { withWalletKey } from '../wallet-keys.ts';
import { parseCaip2, rpcUrlFor } from './chains.ts';
import { parseWireTransaction, rpcTransaction, wireRequest } from './ethereum-request.ts';
import {
  alreadyKnown,
  httpRpc,
  insufficientFunds,
  NodeError,
  nonceTooHigh,
  nonceTooLow,
  UnreachableError,
} from './json-rpc.ts';
import { noteNonce, releaseNonce, takeNonce } from './nonces.ts';
import { moveStatus, nowMs, type TransactionRow } from './records.ts';

export interface EthereumSendInput {
  wallet: Selectable<ServerWalletsTable>;
  /** `eip155:<chain id>` (the RPC body's `caip2`). */
  caip2: string;
  /** The RPC body's `params.transaction` (snake_case, as the incumbent's API takes it). */
  transaction: unknown;
  referenceId: string | null;
}

export interface EthereumSendResult {
  hash: string;
  caip2: string;
  transaction_id: string;
  reference_id: string | null;
  transaction_request: Record<string, unknown>;
}

/** A node's refusal as the API reports it: `insufficient_funds`, else `transaction_broadcast_failure`. */
export function nodeRefusal(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof NodeError) {
    if (insufficientFunds(error.message))
      return new ApiError('insufficient_funds', `Insufficient funds: ${error.message}`);
    return new ApiError(
      'transaction_broadcast_failure',
      `The node refused the transaction: ${error.message}`,
    );
  }
  const detail = error instanceof Error ? error.message : 'unknown error';
  return new ApiError('transaction_broadcast_failure', `The transaction could not be broadcast: ${detail}`);
}

/** Nonce-too-low retries: the chain moved on under us (the key used elsewhere). */
const maxAttempts = 3;

/**
 * `eth_sendTransaction` for a server wallet (after authorization and the policy check, which the RPC
 * route does): fills gas and fees by the chain's rules, takes a nonce, signs, records, broadcasts.
 *
 * Record first: the nonce, the signature and the record (`signed`, with the raw bytes) commit in
 * one database transaction, then the bytes go to the node. A process killed before that commit
 * took no nonce and sent nothing; killed after it, the watcher finds the `signed` record and
 * broadcasts the same bytes, which the chain can include once at most (fixed nonce). A node that
 * refuses the send (insufficient funds, bad fee, …) or cannot be reached gets the record deleted and
 * the nonce given back (nonces.ts); a node that may have taken it without answering leaves the
 * record to the watcher, and the send answers with its hash.
 */
export async function sendEthereumTransaction(
  ctx: ServerContext,
  input: EthereumSendInput,
): Promise<EthereumSendResult> {
  const { wallet, caip2 } = input;
  const chain = parseCaip2(caip2);
  if (chain?.namespace !== 'eip155')
    throw new ApiError('invalid_data', 'eth_sendTransaction needs an EVM caip2 (eip155:<chain id>).');
  if (wallet.chain_type !== 'ethereum')
    throw new ApiError('invalid_data', 'eth_sendTransaction needs an ethereum wallet.');
  const fields = parseWireTransaction(input.transaction, wallet.address);
  if (fields.chainId !== undefined && fields.chainId !== chain.chainId)
    throw new ApiError('invalid_data', `Invalid transaction: chain_id ${fields.chainId} is not ${caip2}.`);
  const rpc = httpRpc(await rpcUrlFor(ctx, wallet.app_id, caip2));

  const pendingCount = async () =>
    Number(toBigInt(await rpc('eth_getTransactionCount', [wallet.address, 'pending'])));
  let filled: Awaited<ReturnType<typeof fillGasAndFees>>;
  let chainPending: number;
  try {
    [filled, chainPending] = await Promise.all([
      fillGasAndFees(fields, { from: wallet.address, chain: { id: chain.chainId }, rpc }),
      pendingCount(),
    ]);
  } catch (error) {
    throw nodeRefusal(error);
  }

  for (let attempt = 1; ; attempt += 1) {
    const row = await signAndRecord(ctx, input, fields, filled, chain.chainId, chainPending);
    const request = JSON.parse(row.transaction_request) as Record<string, unknown>;
    const result: EthereumSendResult = {
      hash: row.transaction_hash,
      caip2,
      transaction_id: row.id,
      reference_id: row.reference_id,
      transaction_request: request,
    };
    try {
      await broadcast(rpc, row.raw_transaction);
    } catch (error) {
      if (error instanceof NodeError && alreadyKnown(error.message)) {
        // Sent before (a retried request): the node has these very bytes.
      } else if (error instanceof NodeError || error instanceof UnreachableError) {
        // Nothing reached the chain: the record goes, and the nonce back (unless the caller chose it).
        const retry =
          error instanceof NodeError &&
          nonceTooLow(error.message) &&
          fields.nonce === undefined &&
          attempt < maxAttempts;
        await forget(ctx, row, fields.nonce === undefined && !nonceTooLow(error.message));
        if (retry) {
          chainPending = await pendingCount().catch((e: unknown) => {
            throw nodeRefusal(e);
          });
          continue;
        }
        throw nodeRefusal(error);
      } else {
        // No answer: the node may have it. The watcher broadcasts the recorded bytes again.
        ctx.log.error('eth_sendRawTransaction had no answer; the chain watcher will broadcast it again', {
          transactionId: row.id,
          error: error instanceof Error ? error.message : String(error),
        });
        return result;
      }
    }
    await ctx.db
      .transaction()
      .execute((trx) => moveStatus(ctx, trx, row, ['signed'], 'broadcasted', { broadcast_at: nowMs(ctx) }));
    return result;
  }
}

/**
 * `eth_sendRawTransaction`. A node without a pool for later nonces (Hardhat automining) refuses a
 * send whose lower nonce, handed out just before, is still on its way: tried again for a while.
 */
async function broadcast(rpc: ChainRpc, raw: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await rpc('eth_sendRawTransaction', [raw]);
      return;
    } catch (error) {
      if (!(error instanceof NodeError && nonceTooHigh(error.message)) || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Takes the nonce, signs and writes the `signed` record, all in one database transaction. */
async function signAndRecord(
  ctx: ServerContext,
  input: EthereumSendInput,
  fields: ReturnType<typeof parseWireTransaction>,
  filled: Awaited<ReturnType<typeof fillGasAndFees>>,
  chainId: number,
  chainPending: number,
): Promise<TransactionRow> {
  const { wallet, caip2 } = input;
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowMs(ctx);
    let nonce: number;
    if (fields.nonce === undefined)
      nonce = await takeNonce(trx, ctx.dialect, wallet.id, caip2, chainPending, now);
    else {
      if (fields.nonce > BigInt(Number.MAX_SAFE_INTEGER))
        throw new ApiError('invalid_data', 'Invalid transaction: nonce is too large.');
      nonce = Number(fields.nonce);
      await noteNonce(trx, ctx.dialect, wallet.id, caip2, nonce, chainPending, now);
    }
    const request = wireRequest(wallet.address, fields, filled, nonce, chainId);
    const raw = await withWalletKey(ctx, wallet, (privateKey, secp256k1) =>
      ethereumRpc(
        { privateKey, address: wallet.address as `0x${string}`, sign: secp256k1.sign },
        { method: 'eth_signTransaction', params: [rpcTransaction(request)] },
      ),
    ).catch((error: unknown) => {
      throw new ApiError(
        'invalid_data',
        `Invalid transaction: ${error instanceof Error ? error.message : 'not signable'}.`,
      );
    });
    const row: TransactionRow = {
      id: randomUUID(),
      app_id: wallet.app_id,
      wallet_id: wallet.id,
      caip2,
      chain_type: 'ethereum',
      status: 'signed',
      transaction_hash: keccak256(raw as `0x${string}`),
      nonce,
      raw_transaction: raw,
      transaction_request: JSON.stringify(request),
      reference_id: input.referenceId,
      sender: wallet.address,
      recipient: fields.to ?? null,
      value: fields.value.toString(),
      block_number: null,
      block_timestamp: null,
      broadcast_at: null,
      missing_since: null,
      still_pending_sent: 0,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('server_wallet_transactions').values(row).execute();
    return row;
  });
}

/** A send no node took: its record is deleted, and its nonce given back when asked. */
async function forget(ctx: ServerContext, row: TransactionRow, giveNonceBack: boolean): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('server_wallet_transactions')
      .where('id', '=', row.id)
      .where('status', '=', 'signed')
      .execute();
    if (giveNonceBack && row.nonce !== null)
      await releaseNonce(trx, ctx.dialect, row.wallet_id, row.caip2, Number(row.nonce), nowMs(ctx));
  });
}

/** The native balance of `address` on an EVM chain, from its node. */
export async function evmBalance(rpc: ChainRpc, address: string): Promise<bigint> {
  return toBigInt(await rpc('eth_getBalance', [address, 'latest']));
}
