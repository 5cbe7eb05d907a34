import { type ChainRpc, toBigInt } from '@latchkey/protocol';
import type { ServerContext } from '../../context.ts';
import type { AssetTransfer } from './asset-transfers.ts';
import { registeredOn } from './registered-assets.ts';

/** keccak256("Transfer(address,address,uint256)"): ERC-20's (and ERC-721's) Transfer event. */
export const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** `decimals()`'s selector. */
const decimalsSelector = '0x313ce567';

/** Addresses per `IN (…)` when looking wallets up (far below either dialect's parameter limit). */
const lookupChunk = 500;

interface Log {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

/** The address in an indexed topic (its last 20 bytes), in lower case. */
const topicAddress = (topic: string) => `0x${topic.slice(-40).toLowerCase()}`;

/**
 * The ERC-20 transfers of blocks `from`..`to` of `caip2` that move a registered token into or out of
 * a server wallet of an app that registered it: one `eth_getLogs` of the Transfer event over the
 * tokens any app registered on the chain. ERC-721 transfers share the topic; they are told apart by
 * their indexed token id (four topics, no data) and skipped. `timestamps` holds the blocks' times
 * (the deposit scan read the blocks already).
 */
export async function findTokenTransfers(
  ctx: Pick<ServerContext, 'db' | 'apps'>,
  rpc: ChainRpc,
  caip2: string,
  from: number,
  to: number,
  timestamps: ReadonlyMap<number, number>,
): Promise<AssetTransfer[]> {
  const registered = await registeredOn(ctx, caip2, 'erc20');
  if (registered.size === 0) return [];
  const logs = (
    (await rpc('eth_getLogs', [
      {
        fromBlock: `0x${from.toString(16)}`,
        toBlock: `0x${to.toString(16)}`,
        address: [...registered.keys()],
        topics: [transferTopic],
      },
    ])) as Log[]
  ).filter(
    (log) =>
      !log.removed &&
      log.topics.length === 3 &&
      /^0x[0-9a-fA-F]{64}$/.test(log.data) &&
      registered.has(log.address.toLowerCase()),
  );
  if (logs.length === 0) return [];

  const parties = [
    ...new Set(logs.flatMap((log) => [topicAddress(log.topics[1]!), topicAddress(log.topics[2]!)])),
  ];
  const wallets: { id: string; app_id: string; address_key: string }[] = [];
  for (let i = 0; i < parties.length; i += lookupChunk)
    wallets.push(
      ...(await ctx.db
        .selectFrom('server_wallets')
        .select(['id', 'app_id', 'address_key'])
        .where('chain_type', '=', 'ethereum')
        .where('address_key', 'in', parties.slice(i, i + lookupChunk))
        .execute()),
    );
  if (wallets.length === 0) return [];

  const decimals = new Map<string, number | null>();
  const fees = new Map<string, { payer: string; fee: bigint } | null>();
  const transfers: AssetTransfer[] = [];
  for (const log of logs) {
    const token = log.address.toLowerCase();
    const sender = topicAddress(log.topics[1]!);
    const recipient = topicAddress(log.topics[2]!);
    const apps = registered.get(token)!;
    const number = Number(toBigInt(log.blockNumber));
    for (const wallet of wallets) {
      if (!apps.has(wallet.app_id)) continue; // another app's token: not this wallet's business
      for (const direction of ['in', 'out'] as const) {
        if (wallet.address_key !== (direction === 'in' ? recipient : sender)) continue;
        if (!decimals.has(token)) decimals.set(token, await tokenDecimals(rpc, token));
        let fee: bigint | undefined;
        if (direction === 'out') {
          if (!fees.has(log.transactionHash))
            fees.set(log.transactionHash, await paidFee(rpc, log.transactionHash));
          const paid = fees.get(log.transactionHash);
          if (paid?.payer === wallet.address_key) fee = paid.fee;
        }
        transfers.push({
          wallet: { id: wallet.id, app_id: wallet.app_id },
          direction,
          caip2,
          transactionHash: log.transactionHash,
          transferIndex: Number(toBigInt(log.logIndex)),
          asset: { type: 'erc20', address: token },
          decimals: decimals.get(token) ?? null,
          sender,
          recipient,
          amount: toBigInt(log.data),
          block: { number, timestamp: timestamps.get(number) ?? (await blockTime(rpc, number)) },
          ...(fee !== undefined ? { fee } : {}),
        });
      }
    }
  }
  return transfers;
}

/** The token's `decimals()` (optional in ERC-20): null when it has none or answers nonsense. */
async function tokenDecimals(rpc: ChainRpc, token: string): Promise<number | null> {
  try {
    const result = (await rpc('eth_call', [{ to: token, data: decimalsSelector }, 'latest'])) as string;
    if (!/^0x[0-9a-fA-F]{64}$/.test(result)) return null;
    const value = toBigInt(result);
    return value <= 36n ? Number(value) : null;
  } catch {
    return null;
  }
}

/** Who paid for a transaction and how much (gas used × effective price); null when unknown. */
async function paidFee(rpc: ChainRpc, hash: string): Promise<{ payer: string; fee: bigint } | null> {
  const receipt = (await rpc('eth_getTransactionReceipt', [hash])) as {
    from?: string;
    gasUsed?: string;
    effectiveGasPrice?: string;
  } | null;
  if (!receipt?.from || !receipt.gasUsed || !receipt.effectiveGasPrice) return null;
  return {
    payer: receipt.from.toLowerCase(),
    fee: toBigInt(receipt.gasUsed) * toBigInt(receipt.effectiveGasPrice),
  };
}

async function blockTime(rpc: ChainRpc, number: number): Promise<number> {
  const block = (await rpc('eth_getBlockByNumber', [`0x${number.toString(16)}`, false])) as {
    timestamp?: string;
  } | null;
  return block?.timestamp ? Number(toBigInt(block.timestamp)) : 0;
}
