import { type FarcasterSigner, farcasterSignerApi } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { Hex } from 'viem';
import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { Database } from '../storage/schema.ts';
import { appFarcasterSigner } from './app-identity.ts';
import { farcasterSettings } from './settings.ts';
import { assertFarcasterEnabled } from './sign-in.ts';
import { signSignedKeyRequest } from './signed-key-request.ts';
import { httpSignedKeyRequestApi, type SignedKeyRequestApi } from './signer-api.ts';
import { farcasterRegistry } from './verify-siwf.ts';

/*
 * Farcaster signers (WIRE.md §3.6, REFERENCES §2.4, docs/farcaster.md): an Ed25519 key the user's
 * wallet frame holds, added to the user's fid by the user's Farcaster app once they approve a signed
 * key request from the app's own fid (app-identity.ts). `init` signs and posts the request to
 * Warpcast (signer-api.ts) and answers its approval link; `status` reads the KeyRegistry, which is
 * the one word on whether the key was added (state 1, type 1: approved) or removed (state 2:
 * revoked). Once approved, the user's Farcaster account shows the key (`signer_public_key`).
 */

/** The default and longest life of a request, in seconds (spec: the deadline defaults to an hour). */
export const signerDeadlineDefaultSeconds = 3600;
export const signerDeadlineMaxSeconds = 24 * 3600;

const publicKeyShape = /^0x[0-9a-fA-F]{64}$/;

/** `0x` + 64 hex digits, lower-cased; refused as data otherwise. */
const publicKey = boundedString(100).transform((value, issue) => {
  if (publicKeyShape.test(value)) return value.toLowerCase() as Hex;
  issue.addIssue({ code: 'custom', message: 'must be an Ed25519 public key: 0x and 64 hex digits' });
  return z.NEVER;
});

const initBody = z.object({
  ed25519_public_key: publicKey,
  deadline: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
const statusBody = z.object({ ed25519_public_key: publicKey });

type SignerRow = Database['farcaster_signer_requests'];

const noFarcasterAccount = () =>
  new ApiError(
    'linked_account_not_found',
    'Farcaster signers need a Farcaster account: link one (its fid) before adding a signer.',
  );
const noAppIdentity = () =>
  new ApiError(
    'feature_not_enabled',
    'Farcaster signers are not set up for this app: it has no Farcaster identity (its fid and custody key; dashboard or admin API).',
  );
const unknownSigner = () =>
  new ApiError('not_found', 'No Farcaster signer request for this key.', { status: 404 });
const keyTaken = () =>
  new ApiError('resource_already_exists', 'This signer key is already requested by another user of the app.');
const chainUnreadable = () =>
  new ApiError('internal_error', "Could not read the signer's state from the chain. Try again later.", {
    status: 502,
  });

/** The user's Farcaster account in the app: its row id and fid. */
async function farcasterAccountOf(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
): Promise<{ id: string; fid: number; details: Record<string, unknown> } | null> {
  const account = await ctx.db
    .selectFrom('linked_accounts')
    .select(['id', 'identifier', 'details'])
    .where('app_id', '=', app.id)
    .where('user_id', '=', userId)
    .where('type', '=', 'farcaster')
    .orderBy('created_at')
    .executeTakeFirst();
  if (!account) return null;
  return {
    id: account.id,
    fid: Number(account.identifier),
    details: JSON.parse(account.details) as Record<string, unknown>,
  };
}

/** What the KeyRegistry says of the key on the user's fid. */
async function chainStatus(
  ctx: ServerContext,
  row: Pick<SignerRow, 'user_fid' | 'public_key'>,
): Promise<SignerRow['status'] | null> {
  const registry = farcasterRegistry(ctx);
  let data: { state: number; keyType: number };
  try {
    data = await registry.keyDataOf(BigInt(row.user_fid), row.public_key as Hex);
  } catch (error) {
    ctx.log.error('farcaster registry read failed', {
      read: 'keyDataOf',
      error: (error as { shortMessage?: string }).shortMessage ?? (error as Error).name,
    });
    throw chainUnreadable();
  }
  if (data.state === 1 && data.keyType === 1) return 'approved';
  if (data.state === 2) return 'revoked';
  return null;
}

/**
 * The request's status now: the chain's when it has one, else pending. A change is kept, and the
 * user's Farcaster account shows the key while it is approved (and no longer once revoked).
 */
async function settle(ctx: ServerContext, row: SignerRow): Promise<SignerRow['status']> {
  const status = (await chainStatus(ctx, row)) ?? 'pending_approval';
  if (status === row.status) return status;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('farcaster_signer_requests')
      .set({ status, updated_at: ctx.now() })
      .where('app_id', '=', row.app_id)
      .where('public_key', '=', row.public_key)
      .execute();
    await showSignerKey(trx, row, status);
  });
  return status;
}

/** Sets (approved) or clears (revoked, when it is this key) the account's `signer_public_key`. */
async function showSignerKey(
  db: Kysely<Database>,
  row: SignerRow,
  status: SignerRow['status'],
): Promise<void> {
  const account = await db
    .selectFrom('linked_accounts')
    .select(['id', 'details'])
    .where('app_id', '=', row.app_id)
    .where('user_id', '=', row.user_id)
    .where('type', '=', 'farcaster')
    .where('identifier', '=', String(row.user_fid))
    .executeTakeFirst();
  if (!account) return;
  const details = JSON.parse(account.details) as Record<string, unknown>;
  if (status === 'approved') details.signer_public_key = row.public_key;
  else if (details.signer_public_key === row.public_key) delete details.signer_public_key;
  else return;
  await db
    .updateTable('linked_accounts')
    .set({ details: JSON.stringify(details) })
    .where('id', '=', account.id)
    .execute();
}

function answer(row: SignerRow, status: SignerRow['status'], withUrl: boolean): FarcasterSigner {
  if (status === 'pending_approval')
    return {
      status,
      public_key: row.public_key,
      ...(withUrl ? { signer_approval_url: row.deeplink_url } : {}),
    };
  return { status, public_key: row.public_key, fid: row.user_fid };
}

async function findRequest(ctx: ServerContext, appId: string, key: string): Promise<SignerRow | undefined> {
  return ctx.db
    .selectFrom('farcaster_signer_requests')
    .selectAll()
    .where('app_id', '=', appId)
    .where('public_key', '=', key)
    .executeTakeFirst();
}

function signerApi(ctx: ServerContext): SignedKeyRequestApi {
  const settings = farcasterSettings(ctx.settings);
  return settings.signerApi ?? httpSignedKeyRequestApi(ctx, settings.signerApiUrl);
}

/** The deadline asked for, checked; default an hour from now. */
function deadlineOf(ctx: ServerContext, asked: number | undefined): number {
  const now = ctx.now();
  if (asked === undefined) return now + signerDeadlineDefaultSeconds;
  if (asked <= now) throw new ApiError('invalid_data', 'Invalid deadline: it has passed.');
  if (asked > now + signerDeadlineMaxSeconds)
    throw new ApiError('invalid_data', 'Invalid deadline: at most a day ahead.');
  return asked;
}

export function signerRoutes(ctx: ServerContext): Route[] {
  return [
    route(farcasterSignerApi.farcasterSignerInit, {
      auth: 'user',
      body: initBody,
      handler: async (c, body) => {
        const app = c.get('app');
        const userId = c.get('auth').userId;
        assertFarcasterEnabled(app);
        const key = body.ed25519_public_key;
        const deadline = deadlineOf(ctx, body.deadline);
        const existing = await findRequest(ctx, app.id, key);
        if (existing && existing.user_id !== userId) throw keyTaken();
        const account = await farcasterAccountOf(ctx, app, userId);
        if (!account) throw noFarcasterAccount();
        if (existing && existing.user_fid === account.fid) {
          // Asked before: a settled key answers its status; a pending request its link while it
          // lives (an expired one is made anew below).
          const status = await settle(ctx, existing);
          if (status !== 'pending_approval' || existing.deadline > ctx.now())
            return c.json(answer(existing, status, true));
        }
        const identity = appFarcasterSigner(ctx, app);
        if (!identity) throw noAppIdentity();
        // A key the fid already holds (or held) needs no request: the user's app could not add it.
        const settled = existing ? null : await chainStatus(ctx, { user_fid: account.fid, public_key: key });
        if (settled) {
          const now = ctx.now();
          const row: SignerRow = {
            app_id: app.id,
            public_key: key,
            user_id: userId,
            user_fid: account.fid,
            request_fid: Number(identity.fid),
            token: '',
            deeplink_url: '',
            deadline,
            status: settled,
            created_at: now,
            updated_at: now,
          };
          const inserted = await ctx.db
            .insertInto('farcaster_signer_requests')
            .values(row)
            .onConflict((oc) => oc.columns(['app_id', 'public_key']).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
            const winner = await findRequest(ctx, app.id, key);
            if (winner?.user_id !== userId) throw keyTaken();
          }
          if (settled === 'approved') await showSignerKey(ctx.db, row, settled);
          return c.json(answer(row, settled, true));
        }
        await ctx.rateLimits.consume('verifyIp', clientIp(c, ctx.settings.trustProxy));
        const signature = await signSignedKeyRequest(identity.account, {
          requestFid: identity.fid,
          key,
          deadline: BigInt(deadline),
        });
        const made = await signerApi(ctx).create({
          key,
          requestFid: identity.fid,
          signature,
          deadline: BigInt(deadline),
        });
        const now = ctx.now();
        const row: SignerRow = {
          app_id: app.id,
          public_key: key,
          user_id: userId,
          user_fid: account.fid,
          request_fid: Number(identity.fid),
          token: made.token,
          deeplink_url: made.deeplinkUrl,
          deadline,
          status: 'pending_approval',
          created_at: now,
          updated_at: now,
        };
        if (existing) {
          // Only the same user's own request is replaced (the user id is in the condition).
          const replaced = await ctx.db
            .updateTable('farcaster_signer_requests')
            .set({
              user_fid: row.user_fid,
              request_fid: row.request_fid,
              token: row.token,
              deeplink_url: row.deeplink_url,
              deadline: row.deadline,
              status: row.status,
              updated_at: now,
            })
            .where('app_id', '=', app.id)
            .where('public_key', '=', key)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (Number(replaced.numUpdatedRows) !== 1) throw keyTaken();
        } else {
          // Two users racing for one key: the primary key lets one in.
          const inserted = await ctx.db
            .insertInto('farcaster_signer_requests')
            .values(row)
            .onConflict((oc) => oc.columns(['app_id', 'public_key']).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
            const winner = await findRequest(ctx, app.id, key);
            if (winner?.user_id !== userId) throw keyTaken();
            return c.json(answer(winner, winner.status, true));
          }
        }
        return c.json(answer(row, 'pending_approval', true));
      },
    }),
    route(farcasterSignerApi.farcasterSignerStatus, {
      auth: 'user',
      body: statusBody,
      handler: async (c, body) => {
        const app = c.get('app');
        assertFarcasterEnabled(app);
        const row = await findRequest(ctx, app.id, body.ed25519_public_key);
        // Another user's key reads as no key at all.
        if (!row || row.user_id !== c.get('auth').userId) throw unknownSigner();
        return c.json(answer(row, await settle(ctx, row), false));
      },
    }),
  ];
}
