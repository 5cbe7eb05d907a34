import {
  chainTypes,
  rawSignHashFunctions,
  serverWalletChainTypes,
  serverWalletLimits,
  serverWalletRpcMethods,
  serverWalletsApi,
} from '@latchkey/protocol';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { route } from '../feature.ts';
import { always, invalidData, label, ok } from '../hostile-fixtures.ts';
import type { AppEnv } from '../http/env.ts';
import { adminFixtures, adminRoutes } from './admin-routes.ts';
import { authorizeRequest } from './authorize.ts';
import { idempotent } from './idempotency.ts';
import {
  createKeyQuorum,
  deleteKeyQuorum,
  keyQuorumView,
  loadKeyQuorum,
  updateKeyQuorum,
} from './key-quorums.ts';
import type { FeaturePart } from './part.ts';
import { rawSign } from './raw-sign.ts';
import { checkRpcTarget, runRpc } from './rpc/dispatch.ts';
import { gatedWallet } from './signing-gates.ts';
import { callerWallet, checkCallerUpdate } from './user-callers.ts';
import {
  displayName,
  externalId,
  id,
  newWalletFields,
  owner,
  policyIds,
  signers,
  threshold,
} from './wallet-bodies.ts';
import { createServerWallet, listWallets, loadWallet, updateServerWallet } from './wallet-store.ts';
import { type ServerWalletRow, walletView } from './wallet-view.ts';

const createBody = z.object({
  chain_type: z.enum(serverWalletChainTypes),
  ...newWalletFields,
});

const updateBody = z.object({
  owner: owner.nullable().optional(),
  owner_id: id.nullable().optional(),
  policy_ids: policyIds.optional(),
  additional_signers: signers.optional(),
  display_name: displayName.nullable().optional(),
  external_id: externalId.optional(),
});

const caip2 = z
  .string()
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 chain id (eip155:1)');
const rpcBody = z.object({
  method: z.enum(serverWalletRpcMethods),
  params: z.record(z.string(), z.unknown()),
  caip2: caip2.optional(),
  chain_type: z.enum(chainTypes).optional(),
  address: z.string().min(1).max(100).optional(),
  wallet_id: id.optional(),
  reference_id: z.string().min(1).max(100).optional(),
  sponsor: z.boolean().optional(),
});

const rawSignBody = z.object({
  params: z.object({
    hash: z.string().max(200).optional(),
    bytes: z.string().max(1_000_000).optional(),
    encoding: z.enum(['utf-8', 'hex', 'base64']).optional(),
    hash_function: z.enum(rawSignHashFunctions).optional(),
  }),
});

const quorumBody = z.object({
  public_keys: z.array(z.string().min(1).max(1000)).max(serverWalletLimits.quorumMaxMembers).optional(),
  user_ids: z.array(id).max(serverWalletLimits.quorumMaxMembers).optional(),
  key_quorum_ids: z.array(id).max(serverWalletLimits.quorumMaxMembers).optional(),
  authorization_threshold: threshold.optional(),
  display_name: displayName.optional(),
});

const notFound = { status: 404, code: 'not_found' };
const absentWallet = `/api/v1/wallets/${'w'.repeat(24)}`;
const absentQuorum = `/api/v1/key_quorums/${'q'.repeat(25)}`;
/** A P-256 public key (base64 SPKI) for fixtures: any valid key makes a quorum. */
const examplePublicKey =
  'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqm+kJWgcPRnb6hQIZt2cadP3V23hC1fwVslmG7tCviygO2lCmiGw97P1tbwKXwW5q8wkDgpg2KDQcqzP5LgAIg==';

const appIdOf = (c: Context<AppEnv>) => c.get('app').id;

/**
 * The wallet of the path (or the one the route already loaded), authorized for this request;
 * `ownerOnly` for changes only its owner may make.
 */
async function authorizedWallet(
  ctx: ServerContext,
  c: Context<AppEnv>,
  options: { ownerOnly?: boolean; loaded?: ServerWalletRow } = {},
): Promise<{ wallet: ServerWalletRow; policyIds: string[] }> {
  const wallet = options.loaded ?? (await loadWallet(ctx, appIdOf(c), c.req.param('wallet_id') ?? ''));
  const authorized = await authorizeRequest(ctx, c, {
    appId: wallet.app_id,
    ownerId: wallet.owner_id,
    policyIds: JSON.parse(wallet.policy_ids) as string[],
    signers: options.ownerOnly ? [] : JSON.parse(wallet.additional_signers),
  });
  return { wallet, policyIds: authorized.policyIds };
}

/** Wallets and key quorums (WIRE.md §7.3): create, read, list, update, RPC, raw sign. */
export const walletsPart: FeaturePart = {
  routes: ({ ctx }) => [
    ...adminRoutes(ctx),
    route(serverWalletsApi.walletsCreate, {
      auth: 'server',
      body: createBody,
      handler: (c, body) =>
        idempotent(ctx, c, appIdOf(c), async () =>
          c.json(walletView(await createServerWallet(ctx, appIdOf(c), body))),
        ),
    }),
    route(serverWalletsApi.walletsList, {
      auth: 'server',
      handler: async (c) => {
        const query = c.req.query();
        const page = await listWallets(ctx, appIdOf(c), query);
        return c.json({ data: page.rows.map(walletView), next_cursor: page.nextCursor });
      },
    }),
    route(serverWalletsApi.walletGet, {
      auth: 'server-or-user',
      handler: async (c) => c.json(walletView(await callerWallet(ctx, c))),
    }),
    route(serverWalletsApi.walletUpdate, {
      // The user too, for the signers of a wallet they own (user-callers.ts); their key signs it.
      auth: 'server-or-user',
      body: updateBody,
      handler: async (c, body) => {
        checkCallerUpdate(c, body);
        const { wallet } = await authorizedWallet(ctx, c, {
          ownerOnly: true,
          loaded: await callerWallet(ctx, c),
        });
        return c.json(walletView(await updateServerWallet(ctx, wallet, body)));
      },
    }),
    route(serverWalletsApi.walletRpc, {
      auth: 'server',
      body: rpcBody,
      handler: async (c, body) => {
        const wallet = await gatedWallet(ctx, appIdOf(c), c.req.param('wallet_id') ?? '');
        checkRpcTarget(wallet, body);
        const { policyIds } = await authorizedWallet(ctx, c, {
          ownerOnly: body.method === 'exportPrivateKey',
          loaded: wallet,
        });
        return idempotent(ctx, c, wallet.app_id, async () =>
          c.json(await runRpc(ctx, { wallet, request: body, policyIds })),
        );
      },
    }),
    route(serverWalletsApi.walletRawSign, {
      auth: 'server',
      body: rawSignBody,
      handler: async (c, body) => {
        const { wallet, policyIds } = await authorizedWallet(ctx, c, {
          loaded: await gatedWallet(ctx, appIdOf(c), c.req.param('wallet_id') ?? ''),
        });
        return idempotent(ctx, c, wallet.app_id, async () =>
          c.json(await rawSign(ctx, wallet, policyIds, body)),
        );
      },
    }),
    route(serverWalletsApi.keyQuorumsCreate, {
      auth: 'server',
      body: quorumBody,
      handler: async (c, body) => c.json(keyQuorumView(await createKeyQuorum(ctx, appIdOf(c), body))),
    }),
    route(serverWalletsApi.keyQuorumGet, {
      auth: 'server',
      handler: async (c) =>
        c.json(keyQuorumView(await loadKeyQuorum(ctx, appIdOf(c), c.req.param('key_quorum_id') ?? ''))),
    }),
    route(serverWalletsApi.keyQuorumUpdate, {
      auth: 'server',
      body: quorumBody,
      handler: async (c, body) => {
        const quorum = await loadKeyQuorum(ctx, appIdOf(c), c.req.param('key_quorum_id') ?? '');
        // A quorum changes only with its own members' signatures: else the app could replace a wallet's owner keys.
        await authorizeRequest(ctx, c, { appId: quorum.app_id, ownerId: quorum.id, policyIds: [] });
        return c.json(keyQuorumView(await updateKeyQuorum(ctx, quorum, body)));
      },
    }),
    route(serverWalletsApi.keyQuorumDelete, {
      auth: 'server',
      handler: async (c) => {
        const quorum = await loadKeyQuorum(ctx, appIdOf(c), c.req.param('key_quorum_id') ?? '');
        await authorizeRequest(ctx, c, { appId: quorum.app_id, ownerId: quorum.id, policyIds: [] });
        await deleteKeyQuorum(ctx, quorum);
        return c.json({ success: true });
      },
    }),
  ],
  fixtures: {
    ...adminFixtures,
    [`POST ${serverWalletsApi.walletsCreate.path}`]: {
      body: () => ({ chain_type: 'ethereum', display_name: 'Treasury' }),
      valid: ok,
      required: ['chain_type'],
      strings: { chain_type: always(invalidData), display_name: label(ok), external_id: label(ok) },
    },
    [`GET ${serverWalletsApi.walletsList.path}`]: { valid: ok },
    [`GET ${serverWalletsApi.walletGet.path}`]: { path: () => absentWallet, valid: notFound },
    [`PATCH ${serverWalletsApi.walletUpdate.path}`]: {
      path: () => absentWallet,
      body: () => ({ display_name: 'Renamed' }),
      valid: notFound,
      empty: notFound,
      strings: { display_name: label(notFound), external_id: label(notFound) },
    },
    [`POST ${serverWalletsApi.walletRpc.path}`]: {
      path: () => `${absentWallet}/rpc`,
      body: () => ({ method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } }),
      valid: notFound,
      required: ['method', 'params'],
      strings: {
        method: always(invalidData),
        caip2: always(invalidData),
        address: label(notFound),
        wallet_id: label(notFound),
        reference_id: label(notFound),
        chain_type: always(invalidData),
      },
    },
    [`POST ${serverWalletsApi.walletRawSign.path}`]: {
      path: () => `${absentWallet}/raw_sign`,
      body: () => ({ params: { hash: `0x${'11'.repeat(32)}` } }),
      valid: notFound,
      required: ['params'],
    },
    [`POST ${serverWalletsApi.keyQuorumsCreate.path}`]: {
      body: () => ({ public_keys: [examplePublicKey], authorization_threshold: 1, display_name: 'Ops' }),
      valid: ok,
      empty: invalidData,
      strings: { display_name: label(ok) },
    },
    [`GET ${serverWalletsApi.keyQuorumGet.path}`]: { path: () => absentQuorum, valid: notFound },
    [`PATCH ${serverWalletsApi.keyQuorumUpdate.path}`]: {
      path: () => absentQuorum,
      body: () => ({ display_name: 'Ops' }),
      valid: notFound,
      empty: notFound,
      strings: { display_name: label(notFound) },
    },
    [`DELETE ${serverWalletsApi.keyQuorumDelete.path}`]: {
      path: () => absentQuorum,
      body: () => ({}),
      // Takes no body: whatever is sent is ignored.
      valid: notFound,
      bad: notFound,
      empty: notFound,
    },
  },
};
