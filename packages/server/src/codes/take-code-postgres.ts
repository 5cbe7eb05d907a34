import { type Kysely, sql } from 'kysely';
import type { AccountType } from '../accounts/account-record.ts';
import { accountOwnerQuery, type UserRecord, type UserRow, userFromRows } from '../accounts/user-record.ts';
import { compiledQuery } from '../storage/compiled-query.ts';
import type { Database } from '../storage/schema.ts';
import type { CodeChannel } from './code-channel.ts';

/** What one guess at a stored code came to. */
export type GuessOutcome =
  /** `owner`: when asked for, the account's owner (null: no one), as the statement read it. */
  | { outcome: 'passed'; owner?: UserRecord | null }
  | { outcome: 'failed' }
  | { outcome: 'locked'; windowEndsAt: number };

export interface GuessRules {
  liveCodes: number;
  maxFailures: number;
  windowSeconds: number;
}

/**
 * `checkWithinGuessCap` with `takeMatchingCode`, for PostgreSQL in one statement (one round trip and
 * an autocommit, not a begin, two statements and a commit): the same rules, in this order.
 *
 * 1. The identifier's attempts row is upserted, which locks it until the statement commits: the
 *    guesses at one identifier are counted one at a time. A right guess at an identifier without
 *    a row writes none (there is nothing to count, and no lock to honour). `ON CONFLICT DO UPDATE` computes from the
 *    row's latest committed version (not the statement's snapshot), so racing wrong guesses each see
 *    the failures of those before them, and at most `maxFailures` are ever compared per window.
 * 2. A window that has ended starts afresh. While the window is locked (`maxFailures` reached) every
 *    guess is refused and counted past the cap: a result above `maxFailures` says "locked", one equal
 *    to it says "this guess was the last allowed failure".
 * 3. A right guess (among the newest `liveCodes` unexpired codes) is not counted and takes every code
 *    of the identifier; the wrong guess that reaches the cap burns them all.
 *
 * Whether the guess is right is read from the statement's snapshot, so of two racing right guesses
 * both may look right; the codes' delete decides: only one finds the rows still there (a delete
 * under READ COMMITTED skips rows another transaction deleted meanwhile), the other fails without
 * being counted as a wrong guess (it was a replay of a spent code, not a guess).
 */
export async function takeCodeWithinCap(
  db: Kysely<Database>,
  key: { app_id: string; channel: CodeChannel; identifier: string },
  hash: string,
  now: number,
  rules: GuessRules,
  /** Also read the owner of the account of this type whose identifier is the code's. */
  ownerOf?: AccountType,
): Promise<GuessOutcome> {
  const args = {
    ...key,
    hash,
    now,
    windowEnd: now + rules.windowSeconds,
    liveCodes: rules.liveCodes,
    maxFailures: rules.maxFailures,
  };
  const rows: (GuessRow & Partial<UserRow>)[] = ownerOf
    ? await codeGuessWithOwner(db, { ...args, type: ownerOf })
    : await codeGuess(db, args);
  const row = rows[0];
  if (!row) throw new Error('takeCodeWithinCap: the statement returned no row');
  if (row.failures > rules.maxFailures)
    return { outcome: 'locked', windowEndsAt: Number(row.window_ends_at) };
  const taken = row.right_code && row.failures < rules.maxFailures && Number(row.spent) > 0;
  if (!taken) return { outcome: 'failed' };
  if (!ownerOf) return { outcome: 'passed' };
  return { outcome: 'passed', owner: row.user_id ? userFromRows(rows as UserRow[]) : null };
}

interface GuessArgs {
  app_id: string;
  channel: CodeChannel;
  identifier: string;
  hash: string;
  now: number;
  windowEnd: number;
  liveCodes: number;
  maxFailures: number;
}

interface GuessRow {
  failures: number;
  window_ends_at: number;
  right_code: boolean;
  spent: number | string;
}

/** The guess's CTEs and its outcome's columns, with `more` columns from `joined` beside them. */
const guessStatement = (a: GuessArgs, more = sql``, joined = sql``) => sql`
    with live as (
      select code_hash from verification_codes
      where app_id = ${a.app_id} and channel = ${a.channel} and identifier = ${a.identifier} and expires_at > ${a.now}
      order by seq desc limit ${a.liveCodes}
    ), guess as (
      select exists (select 1 from live where code_hash = ${a.hash}) as right_code
    ), attempt as (
      insert into verification_attempts as a (app_id, channel, identifier, failures, window_ends_at)
      select ${a.app_id}, ${a.channel}, ${a.identifier},
        case when right_code then 0 else 1 end,
        case when right_code then ${a.now}::bigint else ${a.windowEnd}::bigint end
      from guess
      -- A right guess at an identifier with no attempts row has nothing to count or check: no row
      -- is written for it (most logins). Wrong guesses always take the row.
      where not right_code or exists (
        select 1 from verification_attempts
        where app_id = ${a.app_id} and channel = ${a.channel} and identifier = ${a.identifier})
      on conflict (app_id, channel, identifier) do update set
        failures = case
          when a.window_ends_at <= ${a.now} then excluded.failures
          when a.failures >= ${a.maxFailures} then a.failures + 1
          else a.failures + excluded.failures end,
        window_ends_at = case
          when a.window_ends_at <= ${a.now} then excluded.window_ends_at
          when a.failures = 0 and excluded.failures = 1 then excluded.window_ends_at
          else a.window_ends_at end
      returning failures, window_ends_at
    ), spent as (
      delete from verification_codes
      where app_id = ${a.app_id} and channel = ${a.channel} and identifier = ${a.identifier}
        and exists (
          select 1 from guess left join attempt on true
          where (right_code and coalesce(attempt.failures, 0) < ${a.maxFailures})
            or (not right_code and attempt.failures = ${a.maxFailures}))
      returning 1
    )
    select coalesce(attempt.failures, 0) as failures,
      coalesce(attempt.window_ends_at, ${a.now}::bigint) as window_ends_at,
      guess.right_code as right_code, (select count(*) from spent) as spent${more}
    from guess left join attempt on true${joined}`;

/** The statement, built once (storage/compiled-query.ts). */
const codeGuess = compiledQuery((_db, a: GuessArgs) => sql<GuessRow>`${guessStatement(a)}`);

/**
 * The statement with the identifier's account owner read beside it (`loadAccountOwner`'s rows, one
 * per account, the guess's columns on each; one row of nulls when no one owns it): a login spends
 * the code and learns whose account it opens in one round trip. The read sees the database as the
 * statement started, as a lookup right after would (a sign-up racing it is the unique key's to settle).
 */
const codeGuessWithOwner = compiledQuery((db, a: GuessArgs & { type: AccountType }) => {
  const owner = accountOwnerQuery(db, { appId: a.app_id, type: a.type, identifier: a.identifier }).select(
    sql<number>`linked_accounts.created_at`.as('account_linked_at'),
  );
  return sql<GuessRow & Partial<UserRow>>`${guessStatement(
    a,
    sql`, owner.*`,
    sql` left join ${owner} as owner on true order by owner.account_linked_at, owner.account_id`,
  )}`;
});
