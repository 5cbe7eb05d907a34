import { appServerApi, bareUserId, chainTypes, routes, userIdPrefix } from '@latchkey/protocol';
import { z } from 'zod';
import { loadUser, toWireUser } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { route } from '../feature.ts';
import { invalidData, label, type Outcome, type RouteFixture } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import { isUniqueViolation } from '../storage/db.ts';
import { maxWalletsPerUser, pregenerateWallets, type WantedWallets } from './pregenerate-wallets.ts';

/** `POST /apps/:app_id/users/wallet` (WIRE.md §7.2; protocol `PregenerateWalletsRequest`). */
const pregenerateBody = z.object({
  user_id: boundedString(100),
  create_ethereum_wallet: z.boolean().optional(),
  create_solana_wallet: z.boolean().optional(),
  create_ethereum_smart_wallet: z.boolean().optional(),
  number_of_ethereum_wallets_to_create: z.number().int().min(1).max(maxWalletsPerUser).optional(),
  wallets: z
    .array(
      z.object({
        chain_type: z.enum(chainTypes),
        policy_ids: z.array(boundedString(100)).max(10).optional(),
        additional_signers: z.array(z.unknown()).max(10).optional(),
        create_smart_wallet: z.boolean().optional(),
      }),
    )
    .max(maxWalletsPerUser)
    .optional(),
});

type PregenerateBody = z.infer<typeof pregenerateBody>;

const notSupported = (message: string) => new ApiError('not_supported', message);

/**
 * The body as the wallets to make: `create_*_wallet` asks for a chain's primary wallet
 * (`number_of_ethereum_wallets_to_create` Ethereum wallets in all), and each `wallets` entry for one
 * more wallet of its chain. What embedded wallets here cannot be is refused, never ignored: smart
 * wallets, policies and additional signers belong to server wallets.
 */
function wantedOf(body: PregenerateBody): WantedWallets {
  if (body.create_ethereum_smart_wallet || body.wallets?.some((w) => w.create_smart_wallet))
    throw notSupported('Smart wallets are not supported: pregenerate an embedded wallet without one.');
  if (body.wallets?.some((w) => (w.policy_ids?.length ?? 0) > 0 || (w.additional_signers?.length ?? 0) > 0))
    throw notSupported('Policies and additional signers are not supported on embedded wallets.');
  if (body.number_of_ethereum_wallets_to_create !== undefined && !body.create_ethereum_wallet)
    throw new ApiError(
      'invalid_data',
      'Invalid number_of_ethereum_wallets_to_create: only with create_ethereum_wallet',
    );
  const extra = (chain: 'ethereum' | 'solana') =>
    body.wallets?.filter((w) => w.chain_type === chain).length ?? 0;
  const count = (asked: boolean, primary: number, chain: 'ethereum' | 'solana') =>
    (asked ? primary : 0) + extra(chain);
  const ethereum = count(
    body.create_ethereum_wallet === true,
    body.number_of_ethereum_wallets_to_create ?? 1,
    'ethereum',
  );
  const solana = count(body.create_solana_wallet === true, 1, 'solana');
  if (ethereum + solana === 0)
    throw new ApiError(
      'invalid_data',
      'Nothing to create: set create_ethereum_wallet, create_solana_wallet or wallets',
    );
  return {
    ethereum: ethereum > 0,
    solana: solana > 0,
    ...(ethereum > 0 ? { ethereumWallets: ethereum } : {}),
    ...(solana > 0 ? { solanaWallets: solana } : {}),
  };
}

/** A user id as the server SDKs send it (`did:privy:…`) or bare. */

/**
 * The route: the app's secret (Basic auth) for the app named in the path; the user must be that
 * app's (another app's user is the same 404 as an unknown one).
 */
export const pregenerateRoute = (ctx: ServerContext) =>
  route(appServerApi.appUsersWallet, {
    auth: 'server',
    body: pregenerateBody,
    handler: async (c, body) => {
      const app = c.get('app');
      const wanted = wantedOf(body);
      const userId = bareUserId(body.user_id);
      if (!(await loadUser(ctx.db, app.id, userId))) throw new ApiError('user_does_not_exist');
      try {
        await ctx.db.transaction().execute((trx) => pregenerateWallets(ctx, trx, app, userId, wanted));
      } catch (error) {
        // The user's frame (or another pregeneration) created their entropy meanwhile.
        if (isUniqueViolation(error))
          throw new ApiError('resource_already_exists', 'The user already has an embedded wallet.');
        throw error;
      }
      return c.json(toWireUser((await loadUser(ctx.db, app.id, userId))!));
    },
  });

const userNotFound: Outcome = { status: 404, code: 'user_does_not_exist' };

/** Hostile input: a well-formed request for a user that does not exist is a 404. */
export const pregenerateFixtures: Record<string, RouteFixture> = {
  [`POST ${routes.appUsersWallet}`]: {
    path: (env) => `/api/v1/apps/${env.appId}/users/wallet`,
    body: (env) => ({
      user_id: `${userIdPrefix}${'x'.repeat(20)}${env.next()}`,
      create_ethereum_wallet: true,
    }),
    valid: userNotFound,
    required: ['user_id'],
    strings: { user_id: label(userNotFound) },
    bad: invalidData,
  },
};
