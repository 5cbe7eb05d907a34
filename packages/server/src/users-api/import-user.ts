import {
  type CustomMetadata,
  chainTypes,
  type ImportUserRequest,
  type LinkedAccountInput,
  type User,
  userIdPrefix,
  usersApiLimits,
} from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { VerifiedIdentity } from '../accounts/account-record.ts';
import { insertAccount } from '../accounts/insert-account.ts';
import { findAccountOwner, loadUser, toWireUser } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import { userLimit } from '../apps/app-service.ts';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { pregenerateWallets } from '../embedded-wallets/pregenerate-wallets.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString, checkedByHandler } from '../http/body.ts';
import { recordEvent } from '../outbox/record-event.ts';
import { isUniqueViolation } from '../storage/db.ts';
import type { Database } from '../storage/schema.ts';
import { parseCustomMetadata, storedCustomMetadata } from './custom-metadata.ts';
import { importIdentities } from './import-accounts.ts';

const flag = z.boolean().nullish();

/** `POST /users` (WIRE.md §7.2). `linked_accounts` entries are checked one by one (import-accounts.ts). */
export const importBody = z.object({
  linked_accounts: checkedByHandler<LinkedAccountInput[]>()(
    z.array(z.unknown()).max(usersApiLimits.importMaxAccounts * 5),
  ),
  custom_metadata: checkedByHandler<CustomMetadata>()(z.unknown()).optional(),
  create_ethereum_wallet: flag,
  create_solana_wallet: flag,
  create_ethereum_smart_wallet: flag,
  create_embedded_wallet: flag,
  wallets: z
    .array(
      z.object({
        chain_type: z.enum(chainTypes),
        policy_ids: z.array(boundedString(64)).max(10).nullish(),
        // Refused as `not_supported` whatever they hold (requestedWallets).
        additional_signers: checkedByHandler<{ signer_id: string; override_policy_ids?: string[] }[]>()(
          z.array(z.unknown()).max(10),
        ).nullish(),
        create_smart_wallet: flag,
      }),
    )
    .max(10)
    .nullish(),
});

export type ImportBody = z.infer<typeof importBody>;

/** `POST /users/import`: the users, each checked with `importBody` on its own (a result per user). */
export const importBatchBody = z.object({
  users: checkedByHandler<ImportUserRequest[]>()(
    z.array(z.unknown()).min(1).max(usersApiLimits.importMaxUsers),
  ),
});

/**
 * The wallets an import asks for: one embedded wallet per chain at most, created server-side
 * (embedded-wallets/pregenerate-wallets.ts). Smart wallets, policies and extra signers belong to
 * the TEE wallet API, which this server does not have.
 */
function requestedWallets(body: ImportBody): { ethereum: boolean; solana: boolean } {
  const chains = (body.wallets ?? []).map((w) => w.chain_type);
  if (new Set(chains).size !== chains.length)
    throw new ApiError('invalid_data', 'Invalid wallets: one wallet per chain_type.');
  if (body.create_ethereum_smart_wallet || body.wallets?.some((w) => w.create_smart_wallet))
    throw new ApiError('not_supported', 'Smart wallets are not supported.');
  if (body.wallets?.some((w) => (w.policy_ids?.length ?? 0) > 0 || (w.additional_signers?.length ?? 0) > 0))
    throw new ApiError('not_supported', 'Wallet policies and additional signers are not supported.');
  return {
    ethereum: Boolean(
      body.create_ethereum_wallet || body.create_embedded_wallet || chains.includes('ethereum'),
    ),
    solana: Boolean(body.create_solana_wallet || chains.includes('solana')),
  };
}

/** The app's development user limit, counted under the app row's lock (as login's sign-up does). */
async function assertRoomForUser(ctx: ServerContext, trx: Kysely<Database>, app: AppRecord): Promise<void> {
  const limit = userLimit(ctx, app);
  if (limit === null) return;
  if (ctx.dialect === 'postgres')
    await trx.selectFrom('apps').select('id').where('id', '=', app.id).forNoKeyUpdate().execute();
  const { count } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('app_id', '=', app.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= limit) throw new ApiError('max_accounts_reached');
}

const linkedElsewhere = (identity: VerifiedIdentity) =>
  new ApiError('linked_to_another_user', `The ${identity.type} account is already linked to another user.`);

/**
 * Imports one user: their accounts, custom metadata and requested wallets, in one transaction, so
 * an account another user holds (`linked_to_another_user`), a refused wallet or a crash leaves
 * nothing behind. Records `user.created`. The allowlist does not apply: the app's backend asks.
 */
export async function importUser(ctx: ServerContext, app: AppRecord, body: ImportBody): Promise<User> {
  const identities = importIdentities(body.linked_accounts);
  const metadata = body.custom_metadata === undefined ? undefined : parseCustomMetadata(body.custom_metadata);
  const wallets = requestedWallets(body);
  const userId = randomId(25);
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await assertRoomForUser(ctx, trx, app);
      for (const identity of identities)
        if (await findAccountOwner(trx, app.id, identity.type, identity.identifier))
          throw linkedElsewhere(identity);
      await trx
        .insertInto('users')
        .values({
          id: userId,
          app_id: app.id,
          created_at: now,
          has_accepted_terms: 0,
          is_guest: 0,
          custom_metadata: storedCustomMetadata(metadata),
        })
        .execute();
      for (const identity of identities) await insertAccount(trx, app.id, userId, identity, now);
      if (wallets.ethereum || wallets.solana) await pregenerateWallets(ctx, trx, app, userId, wallets);
      const user = toWireUser((await loadUser(trx, app.id, userId))!);
      await recordEvent(trx, app.id, 'user.created', { user }, now);
      return user;
    });
  } catch (error) {
    // A concurrent sign-up or import took one of the accounts between the check and the insert.
    if (!isUniqueViolation(error)) throw error;
    const taken = await takenIdentity(ctx, app.id, identities);
    throw taken ? linkedElsewhere(taken) : new ApiError('linked_to_another_user');
  }
}

async function takenIdentity(ctx: ServerContext, appId: string, identities: VerifiedIdentity[]) {
  for (const identity of identities)
    if (await findAccountOwner(ctx.db, appId, identity.type, identity.identifier)) return identity;
  return null;
}

/**
 * A batch import: each user imported on its own (one failing leaves the others imported), the
 * outcome of each by its index. Neither incumbent SDK calls a batch route (`@privy-io/node` has its
 * `UserBatchCreateInput` type only); the path and result shape are this server's.
 */
export async function importUsers(ctx: ServerContext, app: AppRecord, users: unknown[]) {
  const results = [];
  for (const [index, raw] of users.entries()) {
    try {
      const parsed = importBody.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ApiError(
          'invalid_data',
          `Invalid users.${index}.${issue?.path.join('.')}: ${issue?.message}`,
        );
      }
      const user = await importUser(ctx, app, parsed.data);
      results.push({ index, action: 'create' as const, success: true as const, id: user.id });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({
        index,
        action: 'create' as const,
        success: false as const,
        code: error.code,
        error: error.message,
      });
    }
  }
  return { results };
}

/** A user id from a path: `did:privy:{id}` (or the bare id); anything else names no user. */
export function pathUserId(raw: string | undefined): string | null {
  const id = raw?.startsWith(userIdPrefix) ? raw.slice(userIdPrefix.length) : raw;
  return id && /^[a-z0-9]{25}$/.test(id) ? id : null;
}
