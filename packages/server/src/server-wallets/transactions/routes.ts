import { serverWalletTransactionsApi as api, toBigInt, type WalletBalances } from '@latchkey/protocol';
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
import { walletHistory } from './history.ts';
import { httpRpc } from './json-rpc.ts';
import { ownWallet } from './own-wallet.ts';
import { wireRecord } from './records.ts';

const notFound = (what: string) => new ApiError('not_found', `${what} not found.`);
const maxLimit = 100;

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
        c.json(
          await walletHistory(ctx, c.get('app').id, c.req.param('wallet_id') ?? '', {
            ...c.req.query(),
            asset: c.req.queries('asset') ?? [],
            token: c.req.queries('token') ?? [],
          }),
        ),
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
