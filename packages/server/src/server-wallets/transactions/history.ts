import type { WalletTransaction, WalletTransactionsPage } from '@latchkey/protocol';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Database } from '../../storage/schema.ts';
import { caip2OfChain, chainName, displayValue, nativeAsset } from './chains.ts';
import { ownWallet } from './own-wallet.ts';
import { wireStatus } from './records.ts';
import type { ServerWalletTransactionsTable } from './tables.ts';

const maxLimit = 100;

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

/** A token as `?token=` and `?asset=` take it: an EVM address (matched in lower case) or a mint. */
function tokenKey(value: string): string | null {
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase();
  if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return value;
  return null;
}

/** Which entries a query asks for: native coins or not, and all tokens or only some. */
interface AssetFilter {
  native: boolean;
  tokens: string[] | null;
}

/** Assets a query may name: more than an app registers (50) and the native coins. */
const maxAssets = 60;

const nativeSymbols = new Set(['eth', 'sol', 'pol', 'bnb', 'avax']);

/**
 * `?asset=` (native coins' symbols, or registered tokens' addresses or mints, as entries name them)
 * or `?token=` (token addresses or mints), not both; neither: all.
 * A symbol of another asset (`usdc`) matches nothing: tokens are known by address only.
 */
function assetFilter(caip2: string | null, assetQuery: string[], tokenQuery: string[]): AssetFilter {
  // A list comes repeated (`?token=a&token=b`) or comma-separated, as `@privy-io/node` sends arrays.
  const list = (values: string[]) =>
    values.flatMap((value) => value.split(',')).filter((value) => value !== '');
  const asset = list(assetQuery);
  const token = list(tokenQuery);
  if (asset.length > 0 && token.length > 0)
    throw new ApiError('invalid_data', 'asset and token cannot be used together.');
  if (asset.length + token.length > maxAssets)
    throw new ApiError('invalid_data', `At most ${maxAssets} assets or tokens.`);
  if (asset.length === 0 && token.length === 0) return { native: true, tokens: null };
  const filter: AssetFilter = { native: false, tokens: [] };
  for (const value of token) {
    const key = tokenKey(value);
    if (!key)
      throw new ApiError(
        'invalid_data',
        `Invalid token "${value.slice(0, 60)}": expected an address or mint.`,
      );
    filter.tokens!.push(key);
  }
  for (const value of asset) {
    const key = tokenKey(value);
    if (key) filter.tokens!.push(key);
    else if (nativeSymbols.has(value) && (!caip2 || nativeAsset(caip2).asset === value)) filter.native = true;
  }
  return filter;
}

interface HistoryEntry extends WalletTransaction {
  id: string;
}

const detail = (asset: string, raw: string, decimals: number) => ({
  asset,
  raw_value: raw,
  raw_value_decimals: decimals,
  display_values: { [asset]: displayValue(BigInt(raw), decimals) },
});

/**
 * A wallet's transfers, newest first: its sends through Latchkey (`transfer_sent`), native deposits
 * the watcher saw (`transfer_received`), and registered tokens in and out. A send through Latchkey
 * that moved only a token (no native value) is shown once, as the token's `transfer_sent` carrying
 * the send's id and status.
 */
export async function walletHistory(
  ctx: ServerContext,
  appId: string,
  walletId: string,
  query: {
    chain?: string;
    cursor?: string;
    limit?: string;
    tx_hash?: string;
    asset: string[];
    token: string[];
  },
): Promise<WalletTransactionsPage> {
  const wallet = await ownWallet(ctx, appId, walletId);
  const limit = pageLimit(query.limit);
  const cursor = decodeCursor(query.cursor);
  const caip2 = query.chain ? caip2OfChain(query.chain) : null;
  if (query.chain && !caip2)
    throw new ApiError('invalid_data', `Unknown chain "${query.chain.slice(0, 60)}".`);
  if (query.tx_hash !== undefined && !/^[\w]{1,100}$/.test(query.tx_hash))
    throw new ApiError('invalid_data', 'Invalid tx_hash.');
  const filter = assetFilter(caip2, query.asset, query.token);

  const window: Window = { walletId: wallet.id, caip2, txHash: query.tx_hash ?? null, cursor };
  const sent = filter.native
    ? ctx.db
        .selectFrom('server_wallet_transactions')
        .selectAll()
        .where((eb) => inWindow(eb, window))
        // A send of no native value whose token transfer the watcher saw is shown as that transfer.
        .where((eb) =>
          eb.or([
            eb('value', '!=', '0'),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('server_wallet_asset_transfers as t')
                  .select('t.id')
                  .whereRef('t.wallet_id', '=', 'server_wallet_transactions.wallet_id')
                  .whereRef('t.caip2', '=', 'server_wallet_transactions.caip2')
                  .whereRef('t.transaction_hash', '=', 'server_wallet_transactions.transaction_hash')
                  .where('t.direction', '=', 'out'),
              ),
            ),
          ]),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute()
    : [];
  const received = filter.native
    ? ctx.db
        .selectFrom('server_wallet_deposits')
        .selectAll()
        .where((eb) => inWindow(eb, window))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute()
    : [];
  const tokens =
    filter.tokens?.length === 0
      ? []
      : ctx.db
          .selectFrom('server_wallet_asset_transfers')
          .selectAll()
          .where((eb) => inWindow(eb, window))
          .$if(filter.tokens !== null, (select) => select.where('asset', 'in', filter.tokens!))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit + 1)
          .execute();
  const [sentRows, receivedRows, tokenTransfers] = await Promise.all([sent, received, tokens]);
  const sends = await sendsOf(
    ctx,
    wallet.id,
    tokenTransfers.filter((row) => row.direction === 'out').map((row) => row.transaction_hash),
  );

  const native = (chain: string, raw: string) => {
    const { asset, decimals } = nativeAsset(chain);
    return { chain: chainName(chain), ...detail(asset, raw, decimals) };
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
        ...native(row.caip2, row.value),
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
        ...native(row.caip2, row.value),
      },
    })),
    ...tokenTransfers.map((row) => {
      const send = row.direction === 'out' ? sends.get(`${row.caip2} ${row.transaction_hash}`) : undefined;
      return {
        id: row.id,
        caip2: row.caip2,
        transaction_hash: row.transaction_hash,
        status: send ? wireStatus(send.status) : ('confirmed' as const),
        created_at: Number(row.created_at),
        sponsored: false,
        privy_transaction_id: send?.id ?? null,
        wallet_id: row.wallet_id,
        details: {
          type: row.direction === 'in' ? ('transfer_received' as const) : ('transfer_sent' as const),
          sender: row.sender,
          sender_privy_user_id: null,
          recipient: row.recipient,
          recipient_privy_user_id: null,
          chain: chainName(row.caip2),
          // Decimals the token did not say are 0: raw_value is then the whole story.
          ...detail(row.asset, row.value, row.decimals ?? 0),
        },
      };
    }),
  ].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  return {
    transactions: page.map(({ id: _id, ...entry }) => entry),
    next_cursor: entries.length > limit && last ? encodeCursor(last) : null,
  };
}

/** The page window every source is read in: the wallet, `?chain=`, `?tx_hash=`, after the cursor. */
interface Window {
  walletId: string;
  caip2: string | null;
  txHash: string | null;
  cursor: { createdAt: number; id: string } | null;
}

type HistoryTable = 'server_wallet_transactions' | 'server_wallet_deposits' | 'server_wallet_asset_transfers';

function inWindow<T extends HistoryTable>(eb: ExpressionBuilder<Database, T>, window: Window) {
  // The three tables share these columns by name, so one builder's references serve them all.
  const on = eb as unknown as ExpressionBuilder<Database, 'server_wallet_deposits'>;
  const { cursor } = window;
  return on.and([
    on('wallet_id', '=', window.walletId),
    ...(window.caip2 ? [on('caip2', '=', window.caip2)] : []),
    ...(window.txHash ? [on('transaction_hash', '=', window.txHash)] : []),
    ...(cursor
      ? [
          on.or([
            on('created_at', '<', cursor.createdAt),
            on.and([on('created_at', '=', cursor.createdAt), on('id', '<', cursor.id)]),
          ]),
        ]
      : []),
  ]);
}

type SendRow = Selectable<ServerWalletTransactionsTable>;

/** The wallet's sends through Latchkey with these hashes, by `caip2 hash`: a token send's record. */
async function sendsOf(ctx: ServerContext, walletId: string, hashes: string[]) {
  const sends = new Map<string, Pick<SendRow, 'id' | 'status'>>();
  if (hashes.length === 0) return sends;
  const rows = await ctx.db
    .selectFrom('server_wallet_transactions')
    .select(['id', 'status', 'caip2', 'transaction_hash'])
    .where('wallet_id', '=', walletId)
    .where('transaction_hash', 'in', [...new Set(hashes)])
    .execute();
  for (const row of rows) sends.set(`${row.caip2} ${row.transaction_hash}`, row);
  return sends;
}
