import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { ApiError } from '../http/api-error.ts';
import type { RelyingParty } from './relying-party.ts';

/** A ceremony's challenge lives this long: the options' `timeout` plus time to answer. */
export const challengeTtlSeconds = 5 * 60;

/**
 * The ceremonies: a challenge of one never serves another. `mfa` is a passkey factor's assertion
 * (mfa/passkey-factor.ts), bound to its user like `link`.
 */
export type Ceremony = 'register' | 'authenticate' | 'link' | 'mfa';

export interface IssuedChallenge {
  ceremony: Ceremony;
  relyingParty: RelyingParty;
  /** The user a `link` or `mfa` challenge belongs to. */
  userId?: string | undefined;
  /** base64url of the WebAuthn user handle the registration options carried. */
  userHandle?: string | undefined;
}

/** Stored as its SHA-256 only: the base64url challenge itself goes to the browser alone. */
const challengeKey = (challenge: string) => sha256Hex(challenge);

/**
 * Keeps the challenge an `/init` route hands out, bound to the app, the ceremony, the page origin
 * (and for `link` the user); expired challenges of the app are swept on the way.
 */
export async function storeChallenge(
  ctx: ServerContext,
  app: AppRecord,
  challenge: string,
  issued: IssuedChallenge,
): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .deleteFrom('passkey_challenges')
    .where('app_id', '=', app.id)
    .where('expires_at', '<=', now)
    .execute();
  await ctx.db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: challengeKey(challenge),
      app_id: app.id,
      ceremony: issued.ceremony,
      user_id: issued.userId ?? null,
      relying_party: issued.relyingParty.origin,
      user_handle: issued.userHandle ?? null,
      created_at: now,
      expires_at: now + challengeTtlSeconds,
    })
    .execute();
}

export const invalidChallenge = () =>
  new ApiError('invalid_credentials', 'Invalid or expired passkey challenge.');

/** What a live challenge was issued for; the ceremony's verification checks the rest. */
export interface LiveChallenge {
  userHandle: string | null;
}

/**
 * The live challenge `challenge` names, if it was issued for this app, ceremony, page origin (and
 * user): unknown, spent, expired or issued for anything else is null. Read only: the challenge is
 * spent by `consumeChallenge` once the response verifies, so garbage cannot burn a user's challenge.
 */
export async function findChallenge(
  ctx: ServerContext,
  app: AppRecord,
  challenge: string,
  expected: IssuedChallenge,
): Promise<LiveChallenge | null> {
  const row = await matching(ctx, app, challenge, expected).select('user_handle').executeTakeFirst();
  return row ? { userHandle: row.user_handle } : null;
}

/** Spends a challenge: one statement deletes it, so of two racing uses of one exactly one wins. */
export async function consumeChallenge(
  ctx: ServerContext,
  app: AppRecord,
  challenge: string,
  expected: IssuedChallenge,
): Promise<void> {
  let query = ctx.db
    .deleteFrom('passkey_challenges')
    .where('challenge_hash', '=', challengeKey(challenge))
    .where('app_id', '=', app.id)
    .where('ceremony', '=', expected.ceremony)
    .where('relying_party', '=', expected.relyingParty.origin)
    .where('expires_at', '>', ctx.now());
  query = expected.userId ? query.where('user_id', '=', expected.userId) : query.where('user_id', 'is', null);
  const result = await query.executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw invalidChallenge();
}

function matching(ctx: ServerContext, app: AppRecord, challenge: string, expected: IssuedChallenge) {
  const query = ctx.db
    .selectFrom('passkey_challenges')
    .where('challenge_hash', '=', challengeKey(challenge))
    .where('app_id', '=', app.id)
    .where('ceremony', '=', expected.ceremony)
    .where('relying_party', '=', expected.relyingParty.origin)
    .where('expires_at', '>', ctx.now());
  return expected.userId ? query.where('user_id', '=', expected.userId) : query.where('user_id', 'is', null);
}
