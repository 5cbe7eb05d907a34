import {
  type AdditionalSigner,
  type AdminKeyQuorum,
  type AdminServerWallet,
  type AdminTransaction,
  type AdminWalletBalances,
  type AdminWalletSigner,
  adminServerWalletsApi as adminApi,
  serverWalletChainTypes,
  serverWalletLimits,
  toBigInt,
  userIdPrefix,
} from '@latchkey/protocol';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import type { RouteFixture } from '../hostile-fixtures.ts';
import { always, invalidData, label, ok } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';
import { adminAggregationFixtures, adminAggregationRoutes } from './admin-aggregation-routes.ts';
import { adminAppId } from './admin-app.ts';
import { adminConditionSetFixtures, adminConditionSetRoutes } from './admin-condition-set-routes.ts';
import { adminPolicyFixtures, adminPolicyRoutes } from './admin-policy-routes.ts';
import { createKeyQuorum, type KeyQuorumRow, keyQuorumView, loadKeyQuorum } from './key-quorums.ts';
import { dashboardPage } from './newest-first.ts';
import { chainName, displayValue, nativeAsset, parseCaip2, serverRpcUrl } from './transactions/chains.ts';
import { httpRpc } from './transactions/json-rpc.ts';
import { type TransactionRow, wireRecord } from './transactions/records.ts';
import type { RecordStatus } from './transactions/tables.ts';
import { createServerWallet, listWallets, loadWallet } from './wallet-store.ts';
import { type ServerWalletRow, walletView } from './wallet-view.ts';

/*
 * The dashboard's view of an app's server wallets (`/admin/v1/apps/:id/...`, auth `admin`). It reads
 * with the REST API's own store functions and views, and writes only what the REST API lets the app
 * secret write alone: a new wallet and a new key quorum. Changes to a wallet need its owner's
 * signature there, so the dashboard never makes them. Sealed keys never leave the store.
 */

const id = z.string().min(1).max(64);
const createWalletBody = z.object({
  chain_type: z.enum(serverWalletChainTypes),
  display_name: z.string().min(1).max(serverWalletLimits.displayNameMax).optional(),
  external_id: z.string().min(1).max(serverWalletLimits.externalIdMax).optional(),
  policy_ids: z.array(id).max(serverWalletLimits.maxPolicyIds, 'at most 1 policy id').optional(),
  owner_id: id.optional(),
});
const quorumBody = z.object({
  public_keys: z.array(z.string().min(1).max(1000)).max(serverWalletLimits.quorumMaxMembers).optional(),
  user_ids: z.array(id).max(serverWalletLimits.quorumMaxMembers).optional(),
  key_quorum_ids: z.array(id).max(serverWalletLimits.quorumMaxMembers).optional(),
  authorization_threshold: z.number().int().min(1).max(serverWalletLimits.quorumMaxMembers).optional(),
  display_name: z.string().min(1).max(serverWalletLimits.displayNameMax).optional(),
});

const maxLimit = 100;
const recentTransactions = 20;
const balanceTimeoutMs = 5_000;
/** Wire statuses by the stored ones: `pending` is the stored `signed`. */
const storedStatus: Record<string, RecordStatus> = {
  pending: 'signed',
  broadcasted: 'broadcasted',
  confirmed: 'confirmed',
  execution_reverted: 'execution_reverted',
  failed: 'failed',
  replaced: 'replaced',
};

const invalid = (message: string) => new ApiError('invalid_data', message);

function optionalQuery(c: Context<AppEnv>, name: string, max = 256): string | undefined {
  const value = c.req.query(name);
  if (value === undefined || value === '') return undefined;
  if (value.length > max) throw invalid(`Invalid ${name}: at most ${max} characters.`);
  return value;
}

const pageQuery = (c: Context<AppEnv>) => ({
  cursor: optionalQuery(c, 'cursor'),
  limit: c.req.query('limit'),
});

const adminWallet = (row: ServerWalletRow): AdminServerWallet => ({
  ...walletView(row),
  owner_user_id: row.owner_user_id === null ? null : `${userIdPrefix}${row.owner_user_id}`,
});

const adminQuorum = (row: KeyQuorumRow): AdminKeyQuorum => ({
  ...keyQuorumView(row),
  implicit: row.implicit === 1,
  created_at: Number(row.created_at),
});

const adminTransaction = (row: TransactionRow): AdminTransaction => ({
  ...wireRecord(row),
  chain: chainName(row.caip2),
  sender: row.sender,
  recipient: row.recipient,
  value: row.value,
  nonce: row.nonce === null ? null : Number(row.nonce),
  block_number: row.block_number === null ? null : Number(row.block_number),
  updated_at: Number(row.updated_at),
});

async function quorumOrNull(ctx: ServerContext, appId: string, quorumId: string) {
  try {
    return adminQuorum(await loadKeyQuorum(ctx, appId, quorumId));
  } catch {
    return null;
  }
}

/** CAIP-2 ids with an RPC URL (the app's `rpc_urls`, then `LATCHKEY_RPC_URLS`) in a chain type's namespace. */
async function rpcChains(ctx: ServerContext, appId: string, chainType: string): Promise<Map<string, string>> {
  const namespace = chainType === 'solana' ? 'solana' : chainType === 'ethereum' ? 'eip155' : null;
  const chains = new Map<string, string>();
  if (!namespace) return chains;
  const app = await ctx.apps.load(appId);
  const own = (app?.settings as unknown as { rpc_urls?: Record<string, string> | null } | undefined)
    ?.rpc_urls;
  const keys = [...Object.keys(own ?? {}), ...Object.keys(ctx.settings.rpcUrls)].map((key) =>
    /^\d+$/.test(key) ? `eip155:${key}` : key,
  );
  for (const caip2 of keys) {
    if (chains.has(caip2) || parseCaip2(caip2)?.namespace !== namespace) continue;
    const url = own?.[caip2] ?? serverRpcUrl(ctx, caip2);
    if (url) chains.set(caip2, url);
  }
  return chains;
}

/** Native balances on every chain with a URL; a node that fails is an entry of `errors`, not a failed page. */
async function walletBalances(ctx: ServerContext, wallet: ServerWalletRow): Promise<AdminWalletBalances> {
  const chains = await rpcChains(ctx, wallet.app_id, wallet.chain_type);
  const result: AdminWalletBalances = { balances: [], errors: [] };
  await Promise.all(
    [...chains].map(async ([caip2, url]) => {
      const rpc = httpRpc(url, balanceTimeoutMs);
      try {
        const raw =
          wallet.chain_type === 'solana'
            ? BigInt(((await rpc('getBalance', [wallet.address])) as { value: number }).value)
            : toBigInt(await rpc('eth_getBalance', [wallet.address, 'latest']));
        const { asset, decimals } = nativeAsset(caip2);
        result.balances.push({
          chain: chainName(caip2),
          asset,
          raw_value: raw.toString(),
          raw_value_decimals: decimals,
          display_values: { [asset]: displayValue(raw, decimals) },
        });
      } catch (error) {
        result.errors.push({ caip2, message: error instanceof Error ? error.message : 'No answer' });
      }
    }),
  );
  return result;
}

/** The admin routes of server wallets (and their policies, condition sets, aggregations), registered by the wallets part. */
export function adminRoutes(ctx: ServerContext): Route[] {
  const appOf = (c: Context<AppEnv>) => adminAppId(ctx, c);
  return [
    route(adminApi.adminWalletsList, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await appOf(c);
        const query: Record<string, string> = {};
        for (const name of ['chain_type', 'user_id', 'external_id', 'address', 'cursor', 'limit']) {
          const value = optionalQuery(c, name);
          if (value !== undefined) query[name] = value;
        }
        const page = await listWallets(ctx, appId, query);
        return c.json({ data: page.rows.map(adminWallet), next_cursor: page.nextCursor });
      },
    }),
    route(adminApi.adminWalletsCreate, {
      auth: 'admin',
      body: createWalletBody,
      handler: async (c, body) => c.json(adminWallet(await createServerWallet(ctx, await appOf(c), body))),
    }),
    route(adminApi.adminWalletGet, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await appOf(c);
        const wallet = await loadWallet(ctx, appId, c.req.param('wallet_id') ?? '');
        const signers: AdminWalletSigner[] = await Promise.all(
          (JSON.parse(wallet.additional_signers) as AdditionalSigner[]).map(async (signer) => ({
            signer_id: signer.signer_id,
            override_policy_ids: signer.override_policy_ids ?? [],
            key_quorum: await quorumOrNull(ctx, appId, signer.signer_id),
          })),
        );
        const transactions = await ctx.db
          .selectFrom('server_wallet_transactions')
          .selectAll()
          .where('app_id', '=', appId)
          .where('wallet_id', '=', wallet.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(recentTransactions)
          .execute();
        return c.json({
          wallet: adminWallet(wallet),
          owner: wallet.owner_id ? await quorumOrNull(ctx, appId, wallet.owner_id) : null,
          signers,
          transactions: transactions.map(adminTransaction),
          rpc_chains: [...(await rpcChains(ctx, appId, wallet.chain_type)).keys()],
        });
      },
    }),
    route(adminApi.adminWalletBalance, {
      auth: 'admin',
      handler: async (c) => {
        const wallet = await loadWallet(ctx, await appOf(c), c.req.param('wallet_id') ?? '');
        return c.json(await walletBalances(ctx, wallet));
      },
    }),
    route(adminApi.adminKeyQuorumsList, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await appOf(c);
        let select = ctx.db.selectFrom('key_quorums').selectAll().where('app_id', '=', appId);
        // Owner quorums made for a wallet's `owner` object go with their wallet, unless asked for.
        if (c.req.query('implicit') !== 'true') select = select.where('implicit', '=', 0);
        return c.json(await dashboardPage(select, pageQuery(c), adminQuorum));
      },
    }),
    route(adminApi.adminKeyQuorumsCreate, {
      auth: 'admin',
      body: quorumBody,
      handler: async (c, body) => c.json(adminQuorum(await createKeyQuorum(ctx, await appOf(c), body))),
    }),
    route(adminApi.adminKeyQuorumGet, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await appOf(c);
        const quorum = await loadKeyQuorum(ctx, appId, c.req.param('key_quorum_id') ?? '');
        const wallets = await ctx.db
          .selectFrom('server_wallets')
          .select('id')
          .where('app_id', '=', appId)
          .where((eb) =>
            eb.or([eb('owner_id', '=', quorum.id), eb('additional_signers', 'like', `%"${quorum.id}"%`)]),
          )
          .orderBy('created_at', 'desc')
          .limit(maxLimit)
          .execute();
        return c.json({ ...adminQuorum(quorum), wallet_ids: wallets.map((row) => row.id) });
      },
    }),
    route(adminApi.adminTransactionsList, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await appOf(c);
        const walletId = optionalQuery(c, 'wallet_id', 64);
        const referenceId = optionalQuery(c, 'reference_id');
        const status = optionalQuery(c, 'status', 40);
        if (status !== undefined && !Object.hasOwn(storedStatus, status))
          throw invalid(`Invalid status: one of ${Object.keys(storedStatus).join(', ')}.`);
        let select = ctx.db.selectFrom('server_wallet_transactions').selectAll().where('app_id', '=', appId);
        if (walletId) select = select.where('wallet_id', '=', walletId);
        if (referenceId) select = select.where('reference_id', '=', referenceId);
        if (status) select = select.where('status', '=', storedStatus[status]!);
        return c.json(await dashboardPage(select, pageQuery(c), adminTransaction));
      },
    }),
    route(adminApi.adminTransactionGet, {
      auth: 'admin',
      handler: async (c) => {
        const appId = await appOf(c);
        const row = await ctx.db
          .selectFrom('server_wallet_transactions')
          .selectAll()
          .where('app_id', '=', appId)
          .where('id', '=', c.req.param('transaction_id') ?? '')
          .executeTakeFirst();
        if (!row) throw new ApiError('not_found', 'Transaction not found.');
        return c.json(adminTransaction(row));
      },
    }),
    ...adminPolicyRoutes(ctx),
    ...adminConditionSetRoutes(ctx),
    ...adminAggregationRoutes(ctx),
  ];
}

const notFound = { status: 404, code: 'not_found' };
const under = (appId: string, rest: string) => `/admin/v1/apps/${appId}${rest}`;
/** A P-256 public key (base64 SPKI): any valid key makes a quorum. */
const examplePublicKey =
  'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqm+kJWgcPRnb6hQIZt2cadP3V23hC1fwVslmG7tCviygO2lCmiGw97P1tbwKXwW5q8wkDgpg2KDQcqzP5LgAIg==';

/** The hostile-input suite's fixtures of these routes (in the admin target app). */
export const adminFixtures: Record<string, RouteFixture> = {
  ...adminPolicyFixtures,
  ...adminConditionSetFixtures,
  ...adminAggregationFixtures,
  [`GET ${adminApi.adminWalletsList.path}`]: {
    path: (env) => under(env.adminTargetId, '/wallets?chain_type=ethereum'),
    valid: ok,
  },
  [`POST ${adminApi.adminWalletsCreate.path}`]: {
    path: (env) => under(env.adminTargetId, '/wallets'),
    body: () => ({ chain_type: 'ethereum', display_name: 'Treasury' }),
    valid: ok,
    required: ['chain_type'],
    strings: {
      chain_type: always(invalidData),
      display_name: label(ok),
      external_id: label(ok),
      // No such quorum, whatever the text.
      owner_id: label(invalidData),
    },
  },
  [`GET ${adminApi.adminWalletGet.path}`]: {
    path: (env) => under(env.adminTargetId, `/wallets/${'w'.repeat(24)}`),
    valid: notFound,
  },
  [`GET ${adminApi.adminWalletBalance.path}`]: {
    path: (env) => under(env.adminTargetId, `/wallets/${'w'.repeat(24)}/balance`),
    valid: notFound,
  },
  [`GET ${adminApi.adminKeyQuorumsList.path}`]: {
    path: (env) => under(env.adminTargetId, '/key_quorums?implicit=true'),
    valid: ok,
  },
  [`POST ${adminApi.adminKeyQuorumsCreate.path}`]: {
    path: (env) => under(env.adminTargetId, '/key_quorums'),
    body: () => ({ public_keys: [examplePublicKey], authorization_threshold: 1, display_name: 'Ops' }),
    valid: ok,
    empty: invalidData,
    strings: { display_name: label(ok) },
  },
  [`GET ${adminApi.adminKeyQuorumGet.path}`]: {
    path: (env) => under(env.adminTargetId, `/key_quorums/${'q'.repeat(25)}`),
    valid: notFound,
  },
  [`GET ${adminApi.adminTransactionsList.path}`]: {
    path: (env) => under(env.adminTargetId, '/transactions?status=confirmed&reference_id=nothing-here'),
    valid: ok,
  },
  [`GET ${adminApi.adminTransactionGet.path}`]: {
    path: (env) => under(env.adminTargetId, '/transactions/00000000-0000-4000-8000-000000000000'),
    valid: notFound,
  },
};
