import {
  serverWalletTransactionsApi as api,
  toBigInt,
  type WalletBalances,
  type WalletTransaction,
} from '@latchkey/protocol';
import type { ServerContext } from '../../context.ts';
import type { Route } from '../../feature.ts';
import { route } from '../../feature.ts';
import { ApiError } from '../../http/api-error.ts';
import {
  caip2OfChain,
  chainName,
  displayValue,
  nativeAsset,
  parseCaip2,
  rpcUrlFor,
  serverRpcUrl,
} from './chains.ts';
import { httpRpc } from './json-rpc.ts';
import { wireRecord, wireStatus } from './records.ts';

const notFound = (what: string) => new ApiError('not_found', `${what} not found.`);
const maxLimit = 100;

/** An app's wallet by id; another app's is as absent as a wallet that never was. */
async function ownWallet(ctx: ServerContext, appId: string, walletId: string) {
  const wallet = await ctx.db
    .selectFrom('server_wallets')
    .selectAll()
    .where('id', '=', walletId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!wallet) throw notFound('Wallet');
  return wallet;
}

function pageLimit(value: string | undefined): number {
  if (value === undefined || value === '') return maxLimit;
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > maxLimit)
    throw new ApiError('invalid_data', `limit must be a whole number from 1 to ${maxLimit}.`);
  return Number(value);
}

/** The cursor: the last entry's (created_at, id), opaque to callers. */
const encodeCursor = (entry: { created_at: number; id: string }) =>
  Buffer.from(`${entry.created_at}:${entry.id}`).toString('base64url');

function decodeCursor(value: string | undefined): { createdAt: number; id: string } | null {
  if (!value) return null;
  const match = /^(\d{1,16}):([\w-]{1,64})$/.exec(
    /^[\w-]{1,120}$/.test(value) ? Buffer.from(value, 'base64url').toString() : '',
  );
  if (!match) throw new ApiError('invalid_data', 'Invalid cursor.');
  return { createdAt: Number(match[1]), id: match[2]! };
}

interface HistoryEntry extends WalletTransaction {
  id: string;
}

/** A wallet's transfers, sent (its records) and received (deposits the watcher saw), newest first. */
async function walletHistory(
  ctx: ServerContext,
  appId: string,
  walletId: string,
  query: {
    chain?: string;
    asset?: string;
    token?: string;
    cursor?: string;
    limit?: string;
    tx_hash?: string;
  },
) {
  const wallet = await ownWallet(ctx, appId, walletId);
  const limit = pageLimit(query.limit);
  const cursor = decodeCursor(query.cursor);
  const caip2 = query.chain ? caip2OfChain(query.chain) : null;
  if (query.chain && !caip2)
    throw new ApiError('invalid_data', `Unknown chain "${query.chain.slice(0, 60)}".`);
  if (query.tx_hash !== undefined && !/^[\w]{1,100}$/.test(query.tx_hash))
    throw new ApiError('invalid_data', 'Invalid tx_hash.');
  // Only native coins are recorded: an ERC-20 or SPL filter has nothing to show yet.
  if (query.token !== undefined) return { transactions: [], next_cursor: null };
  if (query.asset !== undefined && caip2 && query.asset !== nativeAsset(caip2).asset)
    return { transactions: [], next_cursor: null };

  let sent = ctx.db
    .selectFrom('server_wallet_transactions')
    .selectAll()
    .where('wallet_id', '=', wallet.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  let received = ctx.db
    .selectFrom('server_wallet_deposits')
    .selectAll()
    .where('wallet_id', '=', wallet.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (caip2) {
    sent = sent.where('caip2', '=', caip2);
    received = received.where('caip2', '=', caip2);
  }
  if (query.tx_hash) {
    sent = sent.where('transaction_hash', '=', query.tx_hash);
    received = received.where('transaction_hash', '=', query.tx_hash);
  }
  if (cursor) {
    sent = sent.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)]),
      ]),
    );
    received = received.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  const [sentRows, receivedRows] = await Promise.all([sent.execute(), received.execute()]);
  const detail = (chain: string, raw: string) => {
    const { asset, decimals } = nativeAsset(chain);
    return {
      chain: chainName(chain),
      asset,
      raw_value: raw,
      raw_value_decimals: decimals,
      display_values: { [asset]: displayValue(BigInt(raw), decimals) },
    };
  };
  const entries: HistoryEntry[] = [
    ...sentRows.map((row) => ({
      id: row.id,
      caip2: row.caip2,
      transaction_hash: row.transaction_hash,
      status: wireStatus(row.status),
      created_at: Number(row.created_at),
      sponsored: false,
      privy_transaction_id: row.id,
      wallet_id: row.wallet_id,
      details: {
        type: 'transfer_sent' as const,
        sender: row.sender,
        sender_privy_user_id: null,
        recipient: row.recipient ?? '',
        recipient_privy_user_id: null,
        ...detail(row.caip2, row.value),
      },
    })),
    ...receivedRows.map((row) => ({
      id: row.id,
      caip2: row.caip2,
      transaction_hash: row.transaction_hash,
      status: 'confirmed' as const,
      created_at: Number(row.created_at),
      sponsored: false,
      privy_transaction_id: null,
      wallet_id: row.wallet_id,
      details: {
        type: 'transfer_received' as const,
        sender: row.sender,
        sender_privy_user_id: null,
        recipient: row.recipient,
        recipient_privy_user_id: null,
        ...detail(row.caip2, row.value),
      },
    })),
  ].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  return {
    transactions: page.map(({ id: _id, ...entry }) => entry),
    next_cursor: entries.length > limit && last ? encodeCursor(last) : null,
  };
}

/** Native balances: of `?chain=` (names or CAIP-2 ids), else of every chain the server has a URL for. */
async function walletBalance(
  ctx: ServerContext,
  appId: string,
  walletId: string,
  chains: string[],
): Promise<WalletBalances> {
  const wallet = await ownWallet(ctx, appId, walletId);
  if (wallet.chain_type !== 'ethereum' && wallet.chain_type !== 'solana')
    throw new ApiError('not_supported', `Balances of ${wallet.chain_type} wallets are not supported.`);
  const namespace = wallet.chain_type === 'solana' ? 'solana' : 'eip155';
  const asked = chains.map((chain) => {
    const caip2 = caip2OfChain(chain);
    if (!caip2) throw new ApiError('invalid_data', `Unknown chain "${chain.slice(0, 60)}".`);
    return caip2;
  });
  const targets = (
    asked.length > 0 ? asked : Object.keys(ctx.settings.rpcUrls).filter((c) => serverRpcUrl(ctx, c))
  )
    .map((c) => (/^\d+$/.test(c) ? `eip155:${c}` : c))
    .filter((c) => parseCaip2(c)?.namespace === namespace);
  const balances: WalletBalances['balances'] = [];
  for (const caip2 of [...new Set(targets)]) {
    const rpc = httpRpc(await rpcUrlFor(ctx, appId, caip2), 10_000);
    let raw: bigint;
    try {
      raw =
        namespace === 'solana'
          ? BigInt(((await rpc('getBalance', [wallet.address])) as { value: number }).value)
          : toBigInt(await rpc('eth_getBalance', [wallet.address, 'latest']));
    } catch (error) {
      throw new ApiError(
        'not_supported',
        `The balance on ${caip2} could not be read from its node: ${error instanceof Error ? error.message : 'no answer'}`,
      );
    }
    const { asset, decimals } = nativeAsset(caip2);
    balances.push({
      chain: chainName(caip2),
      asset,
      raw_value: raw.toString(),
      raw_value_decimals: decimals,
      display_values: { [asset]: displayValue(raw, decimals) },
    });
  }
  return { balances };
}

/** `GET /transactions/:id`, `GET /transactions?reference_id=`, a wallet's history and balance. */
export function transactionRoutes(ctx: ServerContext): Route[] {
  return [
    route(api.transactionGet, {
      auth: 'server',
      handler: async (c) => {
        const id = c.req.param('transaction_id') ?? '';
        const row = await ctx.db
          .selectFrom('server_wallet_transactions')
          .selectAll()
          .where('id', '=', id)
          .where('app_id', '=', c.get('app').id)
          .executeTakeFirst();
        if (!row) throw notFound('Transaction');
        return c.json(wireRecord(row));
      },
    }),
    route(api.transactionsList, {
      auth: 'server',
      handler: async (c) => {
        const referenceId = c.req.query('reference_id');
        if (!referenceId || referenceId.length > 256)
          throw new ApiError('invalid_data', 'reference_id is required (at most 256 characters).');
        const rows = await ctx.db
          .selectFrom('server_wallet_transactions')
          .selectAll()
          .where('app_id', '=', c.get('app').id)
          .where('reference_id', '=', referenceId)
          .orderBy('created_at', 'desc')
          .limit(maxLimit)
          .execute();
        return c.json({ transactions: rows.map(wireRecord) });
      },
    }),
    route(api.walletTransactions, {
      auth: 'server',
      handler: async (c) =>
        c.json(await walletHistory(ctx, c.get('app').id, c.req.param('wallet_id') ?? '', c.req.query())),
    }),
    route(api.walletBalance, {
      auth: 'server',
      handler: async (c) =>
        c.json(
          await walletBalance(
            ctx,
            c.get('app').id,
            c.req.param('wallet_id') ?? '',
            c.req.queries('chain') ?? [],
          ),
        ),
    }),
  ];
}
