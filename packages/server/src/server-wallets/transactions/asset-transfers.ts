import { randomUUID } from 'node:crypto';
import type { WalletFundsWebhookEvent } from '@latchkey/protocol';
import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../storage/schema.ts';
import { recordTransactionEvents } from './events.ts';

/** A transfer of a registered asset into or out of a server wallet, seen on chain, not yet recorded. */
export interface AssetTransfer {
  wallet: { id: string; app_id: string };
  direction: 'in' | 'out';
  caip2: string;
  transactionHash: string;
  /** The Transfer log's index (EVM); 0 on Solana (one net transfer per mint and transaction). */
  transferIndex: number;
  asset: { type: 'erc20'; address: string } | { type: 'spl'; mint: string };
  decimals: number | null;
  sender: string;
  recipient: string;
  amount: bigint;
  block: { number: number; timestamp: number };
  /** The native fee, when the wallet paid for the transaction (withdrawals only). */
  fee?: bigint;
}

const assetValue = (transfer: AssetTransfer) =>
  transfer.asset.type === 'erc20' ? transfer.asset.address : transfer.asset.mint;

/**
 * Records transfers (`server_wallet_asset_transfers`) and writes each new one's `wallet.funds_*`
 * webhook, inside the caller's transaction (the one that moves its cursor). A transfer already
 * recorded (a range read twice) is skipped, event and all: the unique key is the wallet, chain,
 * transaction, direction, asset and log index.
 */
export async function recordAssetTransfers(
  ctx: Pick<ServerContext, 'now'>,
  trx: Transaction<Database>,
  transfers: readonly AssetTransfer[],
): Promise<void> {
  for (const transfer of transfers) {
    const asset = assetValue(transfer);
    const inserted = await trx
      .insertInto('server_wallet_asset_transfers')
      .values({
        id: randomUUID(),
        app_id: transfer.wallet.app_id,
        wallet_id: transfer.wallet.id,
        caip2: transfer.caip2,
        direction: transfer.direction,
        transaction_hash: transfer.transactionHash,
        transfer_index: transfer.transferIndex,
        asset_type: transfer.asset.type,
        asset,
        decimals: transfer.decimals,
        sender: transfer.sender,
        recipient: transfer.recipient,
        value: transfer.amount.toString(),
        block_number: transfer.block.number,
        block_timestamp: transfer.block.timestamp,
        created_at: transfer.block.timestamp * 1000,
      })
      .onConflict((oc) =>
        oc
          .columns(['wallet_id', 'caip2', 'transaction_hash', 'direction', 'asset', 'transfer_index'])
          .doNothing(),
      )
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    const type = transfer.direction === 'in' ? 'deposited' : 'withdrawn';
    const event: WalletFundsWebhookEvent = {
      type: `wallet.funds_${type}`,
      wallet_id: transfer.wallet.id,
      // Unique per event: a transaction may move several assets, or one token twice (two logs).
      idempotency_key: `${transfer.caip2}:${transfer.transactionHash}:${transfer.wallet.id}:${transfer.asset.type}:${asset}:${transfer.transferIndex}:${type}`,
      caip2: transfer.caip2,
      transaction_hash: transfer.transactionHash,
      sender: transfer.sender,
      recipient: transfer.recipient,
      amount: transfer.amount.toString(),
      asset: transfer.asset,
      block: transfer.block,
      ...(transfer.fee !== undefined ? { transaction_fee: transfer.fee.toString() } : {}),
    };
    await recordTransactionEvents(trx, transfer.wallet.app_id, ctx.now(), [event]);
  }
}
