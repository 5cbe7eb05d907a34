import { randomUUID } from 'node:crypto';
import { base58 } from '@scure/base';
import type { Selectable } from 'kysely';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ServerWalletsTable } from '../tables.ts';
import { parseCaip2, rpcUrlFor } from './chains.ts';
import { nodeRefusal } from './ethereum-send.ts';
import { alreadyKnown, httpRpc, NodeError, UnreachableError } from './json-rpc.ts';
import { moveStatus, nowMs, type TransactionRow } from './records.ts';

export interface SolanaSendInput {
  wallet: Selectable<ServerWalletsTable>;
  /** `solana:<genesis hash prefix>` (the RPC body's `caip2`). */
  caip2: string;
  /** The transaction in wire form, signed by the wallet (the RPC route signs it). */
  signedTransaction: Uint8Array;
  referenceId: string | null;
}

export interface SolanaSendResult {
  hash: string;
  caip2: string;
  transaction_id: string;
  reference_id: string | null;
}

/**
 * The transaction id: its first signature (the fee payer's), base58. The wire form starts with a
 * compact-u16 count of 64-byte signatures.
 */
export function solanaSignature(wire: Uint8Array): string | null {
  let count = 0;
  let offset = 0;
  for (let shift = 0; offset < 3; shift += 7) {
    const byte = wire[offset];
    if (byte === undefined) return null;
    offset += 1;
    count |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
  }
  if (count < 1 || wire.length < offset + 64) return null;
  const signature = wire.subarray(offset, offset + 64);
  if (signature.every((b) => b === 0)) return null;
  return base58.encode(signature);
}

/**
 * Solana `signAndSendTransaction` after the RPC route signed: records the send (`signed`, with its
 * bytes) and then broadcasts it (`sendTransaction`, base64, with preflight). As for EVM sends, the
 * record comes first so a crash never loses a send; broadcasting the same bytes again cannot land
 * them twice (the signature is the transaction's id). Refused by the node: the record goes and the
 * error is `insufficient_funds` or `transaction_broadcast_failure`.
 */
export async function sendSolanaTransaction(
  ctx: ServerContext,
  input: SolanaSendInput,
): Promise<SolanaSendResult> {
  const { wallet, caip2 } = input;
  if (parseCaip2(caip2)?.namespace !== 'solana')
    throw new ApiError(
      'invalid_data',
      'signAndSendTransaction needs a Solana caip2 (solana:<genesis hash>).',
    );
  if (wallet.chain_type !== 'solana')
    throw new ApiError('invalid_data', 'signAndSendTransaction needs a solana wallet.');
  const hash = solanaSignature(input.signedTransaction);
  if (!hash) throw new ApiError('invalid_data', 'Invalid transaction: it carries no signature.');
  const rpc = httpRpc(await rpcUrlFor(ctx, wallet.app_id, caip2));
  const now = nowMs(ctx);
  const row: TransactionRow = {
    id: randomUUID(),
    app_id: wallet.app_id,
    wallet_id: wallet.id,
    caip2,
    chain_type: 'solana',
    status: 'signed',
    transaction_hash: hash,
    nonce: null,
    raw_transaction: Buffer.from(input.signedTransaction).toString('base64'),
    transaction_request: '{}',
    reference_id: input.referenceId,
    sender: wallet.address,
    recipient: null,
    value: '0',
    block_number: null,
    block_timestamp: null,
    broadcast_at: null,
    missing_since: null,
    still_pending_sent: 0,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('server_wallet_transactions').values(row).execute();
  const result = { hash, caip2, transaction_id: row.id, reference_id: row.reference_id };
  try {
    await rpc('sendTransaction', [row.raw_transaction, { encoding: 'base64' }]);
  } catch (error) {
    if (error instanceof NodeError && alreadyKnown(error.message)) {
      // Landed before (a retried request).
    } else if (error instanceof NodeError || error instanceof UnreachableError) {
      await ctx.db
        .deleteFrom('server_wallet_transactions')
        .where('id', '=', row.id)
        .where('status', '=', 'signed')
        .execute();
      throw nodeRefusal(error);
    } else {
      ctx.log.error('sendTransaction had no answer; the chain watcher will broadcast it again', {
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
