import { limits } from '@latchkey/protocol';
import { type Kysely, sql } from 'kysely';
import type { AccountType } from '../accounts/account-record.ts';
import type { UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { constantTimeEqual, hmacHex } from '../crypto/hash.ts';
import { randomDigits } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import { compiledQuery, compiledStatement, compiledWrites } from '../storage/compiled-query.ts';
import type { Database } from '../storage/schema.ts';
import type { CodeChannel, GuessChannel } from './code-channel.ts';
import { takeCodeWithinCap } from './take-code-postgres.ts';

/**
 * How codes may be guessed, counted per identifier (app, channel, email or phone), not per code,
 * so that resending does not buy guesses (before: 5 sends × 5 attempts = 25 guesses per 5 minutes).
 *
 * - `liveCodes`: the newest 3 unexpired codes of an identifier are accepted, so a stranger's resend
 *   does not invalidate the code the owner already has (the per-identifier send budget in
 *   http/rate-limit.ts allows 3 per code lifetime, so a stranger alone cannot push it out).
 * - `maxFailures` per `windowSeconds`: 5 wrong codes in 10 minutes (a code's lifetime), the window
 *   opening at the first failure. The fifth burns every live code of the identifier; until the
 *   window ends every check is refused with too_many_requests, whatever the code. One guess hits
 *   with p ≤ 3/10^6, so a window gives an attacker ≤ 1.5·10^-5 (about 0.2 % per day of non-stop
 *   guessing at one identifier, versus 0.7 % before), while a mistyping owner is locked out for
 *   10 minutes at most. The same cap applies to the app's test account and its fixed code.
 */
export const codeGuessing = {
  liveCodes: 3,
  maxFailures: limits.verificationCodeMaxAttempts,
  windowSeconds: limits.verificationCodeTtlSeconds,
} as const;

interface CodeKey {
  app_id: string;
  channel: GuessChannel;
  identifier: string;
}

function codeHash(ctx: ServerContext, key: CodeKey, code: string): string {
  return hmacHex(ctx.codeKey, `${key.app_id}\n${key.channel}\n${key.identifier}\n${code}`);
}

/** True when the identifier is the app's fixed test account (enabled per app). */
export function isTestIdentifier(app: AppRecord, channel: CodeChannel, identifier: string): boolean {
  if (!app.settings.test_credentials_enabled) return false;
  // The test account logs in with its fixed code; a second factor is never that fixed code.
  if (channel === 'mfa_sms') return false;
  return channel === 'email'
    ? identifier === app.settings.test_email
    : identifier === app.settings.test_phone_number;
}

/**
 * `issueCode`'s two writes, built once (storage/compiled-query.ts): the code, and the prune that
 * keeps the newest `liveCodes` of the identifier, this one among them (the others' newest
 * `liveCodes - 1`). The prune reads the codes as they were before this one (one statement on
 * PostgreSQL) and never touches this one's row, so it does not depend on the insert. Two sends
 * racing may leave one code too many stored; only the newest `liveCodes` are ever accepted
 * (takeMatchingCode).
 */
const codeIssue = compiledWrites(
  (
    db,
    a: {
      app_id: string;
      channel: CodeChannel;
      identifier: string;
      hash: string;
      now: number;
      expires_at: number;
    },
  ) => {
    const times = { created_at: a.now, expires_at: a.expires_at };
    // Issue order within the identifier (seconds tie when codes are resent quickly).
    const seq = sql<number>`(select coalesce(max(seq), 0) + 1 from verification_codes
      where app_id = ${a.app_id} and channel = ${a.channel} and identifier = ${a.identifier})`;
    const issued = db
      .insertInto('verification_codes')
      .values({
        app_id: a.app_id,
        channel: a.channel,
        identifier: a.identifier,
        code_hash: a.hash,
        ...times,
        seq,
      })
      // The same six digits again: the earlier message's code is now the newest one.
      .onConflict((oc) =>
        oc
          .columns(['app_id', 'channel', 'identifier', 'code_hash'])
          .doUpdateSet((eb) => ({ ...times, seq: eb.ref('excluded.seq') })),
      );
    // A code goes when it has expired or `liveCodes - 1` newer live codes besides this one: a count
    // over the identifier's few rows, not an ORDER BY … LIMIT, whose sorter cost SQLite ~45 µs a send.
    const pruned = db
      .deleteFrom('verification_codes')
      .where('app_id', '=', a.app_id)
      .where('channel', '=', a.channel)
      .where('identifier', '=', a.identifier)
      .where('code_hash', '<>', a.hash)
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', a.now),
          eb(newerLiveCodes('verification_codes', a.now, a.hash), '>=', codeGuessing.liveCodes - 1),
        ]),
      );
    return [issued, pruned];
  },
);

/**
 * Issues a 6-digit code for an identifier. Earlier codes stay valid (the newest `liveCodes` of
 * them); older ones are dropped. Only an HMAC of the code is stored; the caller delivers the code.
 */
export async function issueCode(
  ctx: ServerContext,
  app: AppRecord,
  channel: CodeChannel,
  identifier: string,
): Promise<string> {
  const key: CodeKey = { app_id: app.id, channel, identifier };
  const code = randomDigits(limits.verificationCodeLength);
  const hash = codeHash(ctx, key, code);
  const now = ctx.now();
  await codeIssue(ctx.db, ctx.dialect, {
    ...key,
    channel,
    hash,
    now,
    expires_at: now + limits.verificationCodeTtlSeconds,
  });
  return code;
}

/** Drops one issued code (its delivery failed); the identifier's other codes stay valid. */
export async function discardCode(
  ctx: ServerContext,
  app: AppRecord,
  channel: CodeChannel,
  identifier: string,
  code: string,
): Promise<void> {
  const key: CodeKey = { app_id: app.id, channel, identifier };
  await ctx.db
    .deleteFrom('verification_codes')
    .where('app_id', '=', key.app_id)
    .where('channel', '=', key.channel)
    .where('identifier', '=', key.identifier)
    .where('code_hash', '=', codeHash(ctx, key, code))
    .execute();
}

const invalidCode = () => new ApiError('invalid_credentials', 'Invalid or expired verification code.');
/**
 * The identifier is locked until its window ends. A 429 `too_many_requests` (never a 401), so a
 * client tells it from a wrong code, and `Retry-After` says when a new code can be used: the modal
 * shows the lock with its countdown and offers 'Resend code' then (a new code before the window ends
 * would be refused too: resending does not buy guesses).
 */
const tooManyFailures = (retryAfterSeconds: number) =>
  new ApiError('too_many_requests', 'Too many incorrect codes. Try again in a few minutes.', {
    retryAfterSeconds,
  });

/**
 * Checks and consumes a code (or the test account's fixed code), within the identifier's guess cap
 * (`checkWithinGuessCap`). Single use: a right code takes every live code of the identifier with it.
 * Expired codes never pass. With `ownerOf`, a login's code: on PostgreSQL the statement that spends
 * the code also reads who owns the account of that type and identifier, and answers them (null: no
 * one); undefined means not read here (the login looks them up).
 */
export async function consumeCode(
  ctx: ServerContext,
  app: AppRecord,
  channel: CodeChannel,
  identifier: string,
  code: string,
  ownerOf?: AccountType,
): Promise<UserRecord | null | undefined> {
  const key: CodeKey = { app_id: app.id, channel, identifier };
  const testIdentifier = isTestIdentifier(app, channel, identifier);
  if (ctx.dialect === 'postgres' && !testIdentifier) {
    // The same rules in one statement (codes/take-code-postgres.ts).
    const now = ctx.now();
    const guess = await takeCodeWithinCap(
      ctx.db,
      { ...key, channel },
      codeHash(ctx, key, code),
      now,
      codeGuessing,
      ownerOf,
    );
    if (guess.outcome === 'locked') throw tooManyFailures(guess.windowEndsAt - now);
    if (guess.outcome === 'failed') throw invalidCode();
    return guess.owner;
  }
  await checkWithinGuessCap(ctx, app, channel, identifier, async (trx, now) =>
    testIdentifier
      ? constantTimeEqual(code, app.settings.test_otp_code)
      : await takeMatchingCode(ctx, trx, key, code, now),
  );
  return undefined;
}

/**
 * Runs `check` (true: the guess was right) within the identifier's guess cap, in one transaction.
 * The checks of one identifier run one at a time: each takes the identifier's attempts row first
 * (the upsert locks it until commit on PostgreSQL; SQLite runs one write transaction at a time), so
 * racing guesses cannot all read "fewer than 5 failures" and all be compared: at most `maxFailures`
 * wrong guesses are ever checked per window, and a right one that `check` spends inside the
 * transaction is spent once. Right answers are not counted. The failure that reaches the cap burns
 * the identifier's live codes; until the window ends every check is `too_many_requests`, and a
 * wrong guess is `invalid_credentials`.
 */
export async function checkWithinGuessCap(
  ctx: ServerContext,
  app: AppRecord,
  channel: GuessChannel,
  identifier: string,
  check: (trx: Kysely<Database>, now: number) => Promise<boolean>,
): Promise<void> {
  const key: CodeKey = { app_id: app.id, channel, identifier };
  const now = ctx.now();
  const passed = await ctx.db.transaction().execute(async (trx) => {
    // SQLite runs one transaction at a time (Kysely holds its one connection for it), so a read
    // cannot race; it spares a right guess at a fresh identifier (most logins) a row of its own.
    const attempts =
      ctx.dialect === 'sqlite' ? await readFailures(trx, key, now) : await lockFailures(trx, key, now);
    if (attempts.failures >= codeGuessing.maxFailures) return { locked: attempts.window_ends_at - now };
    if (await check(trx, now)) return 'passed';
    if ((await countFailure(trx, key, now)) >= codeGuessing.maxFailures) await deleteCodes(trx, key);
    return 'failed';
  });
  if (typeof passed === 'object') throw tooManyFailures(passed.locked);
  if (passed === 'failed') throw invalidCode();
}

/**
 * Takes (and locks) the identifier's attempts row, opening a fresh window when the last one has
 * ended, and returns its failures so far and when its window ends.
 */
async function lockFailures(
  trx: Kysely<Database>,
  key: CodeKey,
  now: number,
): Promise<{ failures: number; window_ends_at: number }> {
  const row = await trx
    .insertInto('verification_attempts')
    .values({ ...key, failures: 0, window_ends_at: now })
    .onConflict((oc) =>
      oc.columns(['app_id', 'channel', 'identifier']).doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('verification_attempts.window_ends_at', '<=', now)
          .then(0)
          .else(eb.ref('verification_attempts.failures'))
          .end(),
      })),
    )
    .returning(['failures', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return row;
}

const attemptsRow = compiledQuery((db, a: CodeKey) =>
  db
    .selectFrom('verification_attempts')
    .select(['failures', 'window_ends_at'])
    .where('app_id', '=', a.app_id)
    .where('channel', '=', a.channel)
    .where('identifier', '=', a.identifier),
);

/** The identifier's failures in its current window (none once it has ended), without a lock. */
async function readFailures(
  trx: Kysely<Database>,
  key: CodeKey,
  now: number,
): Promise<{ failures: number; window_ends_at: number }> {
  const [row] = await attemptsRow(trx, key);
  return row && row.window_ends_at > now ? row : { failures: 0, window_ends_at: now };
}

/**
 * Counts a wrong guess, making the identifier's row if it has none; the window opens with the
 * first failure (and afresh once the last one has ended). Returns the failures now.
 */
async function countFailure(trx: Kysely<Database>, key: CodeKey, now: number): Promise<number> {
  const windowEnd = now + codeGuessing.windowSeconds;
  const row = await trx
    .insertInto('verification_attempts')
    .values({ ...key, failures: 1, window_ends_at: windowEnd })
    .onConflict((oc) =>
      oc.columns(['app_id', 'channel', 'identifier']).doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('verification_attempts.window_ends_at', '<=', now)
          .then(1)
          .else(eb('verification_attempts.failures', '+', 1))
          .end(),
        window_ends_at: eb
          .case()
          .when(
            eb.or([
              eb('verification_attempts.window_ends_at', '<=', now),
              eb('verification_attempts.failures', '=', 0),
            ]),
          )
          .then(windowEnd)
          .else(eb.ref('verification_attempts.window_ends_at'))
          .end(),
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/**
 * True when `code` is one of the newest live codes of the identifier, which are then all deleted:
 * one statement, that deletes only when the code matches. The match is the database's equality on
 * the stored HMAC: it is keyed with the server's code key, so how long a comparison takes tells a
 * guesser nothing about the HMAC of a code they could try next (the refresh tokens' hashes are
 * looked up the same way).
 */
async function takeMatchingCode(
  ctx: ServerContext,
  trx: Kysely<Database>,
  key: CodeKey,
  code: string,
  now: number,
): Promise<boolean> {
  const result = await matchingCodeTaken(trx, { ...key, hash: codeHash(ctx, key, code), now });
  return Number(result.numAffectedRows ?? 0) > 0;
}

const matchingCodeTaken = compiledStatement((db, a: CodeKey & { hash: string; now: number }) =>
  db
    .deleteFrom('verification_codes')
    .where('app_id', '=', a.app_id)
    .where('channel', '=', a.channel)
    .where('identifier', '=', a.identifier)
    .where((eb) =>
      eb.exists(
        // The guessed code, live, with fewer than `liveCodes` live codes issued after it: one of the
        // newest `liveCodes`. Counted rather than sorted (see `codeIssue`'s prune).
        db
          .selectFrom('verification_codes as guessed')
          .select(sql.lit(1).as('one'))
          .where('guessed.app_id', '=', a.app_id)
          .where('guessed.channel', '=', a.channel)
          .where('guessed.identifier', '=', a.identifier)
          .where('guessed.code_hash', '=', a.hash)
          .where('guessed.expires_at', '>', a.now)
          .where((inner) => inner(newerLiveCodes('guessed', a.now, null), '<', codeGuessing.liveCodes)),
      ),
    ),
);

/**
 * How many live codes of the row's identifier were issued after it (`seq` is the issue order within
 * an identifier), `except` aside; `row` is the outer query's name for the table.
 */
function newerLiveCodes(row: 'verification_codes' | 'guessed', now: number, except: string | null) {
  const at = (column: string) => sql.ref(`${row}.${column}`);
  const besides = except === null ? sql`` : sql` and newer.code_hash <> ${except}`;
  return sql<number>`(select count(*) from verification_codes as newer
    where newer.app_id = ${at('app_id')} and newer.channel = ${at('channel')}
      and newer.identifier = ${at('identifier')} and newer.seq > ${at('seq')}
      and newer.expires_at > ${now}${besides})`;
}

/** Deletes every code of the identifier; returns how many there were. */
async function deleteCodes(trx: Kysely<Database>, key: CodeKey): Promise<number> {
  const result = await trx
    .deleteFrom('verification_codes')
    .where('app_id', '=', key.app_id)
    .where('channel', '=', key.channel)
    .where('identifier', '=', key.identifier)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
