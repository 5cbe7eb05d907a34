import { type User, type UsersPage, usersApiLimits } from '@latchkey/protocol';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { loadUser, toWireUser } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';

/*
 * Pages of an app's users, in (created_at, id) order: a stable order, so a user created while a
 * client pages is never skipped or repeated. The cursor is the last row's (created_at, id), base64url
 * encoded: opaque to clients, and valid even if that user is deleted in between.
 */

interface Position {
  createdAt: number;
  id: string;
}

export const encodeCursor = (p: Position): string =>
  Buffer.from(`${p.createdAt}:${p.id}`).toString('base64url');

/** The position a cursor names; anything this server did not make is `invalid_data`. */
export function decodeCursor(cursor: string): Position {
  const invalid = new ApiError('invalid_data', 'Invalid cursor.');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) throw invalid;
  const match = /^(\d{1,15}):([a-z0-9]{25})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) throw invalid;
  return { createdAt: Number(match[1]), id: match[2]! };
}

/** `limit` from a query or body: 1 to 100, default 100 (server-auth always sends 100). */
export function pageLimit(raw: string | number | undefined): number {
  if (raw === undefined) return usersApiLimits.pageMaxLimit;
  const text = String(raw);
  const limit = /^[0-9]{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= 1 && limit <= usersApiLimits.pageMaxLimit))
    throw new ApiError('invalid_data', `Invalid limit: an integer from 1 to ${usersApiLimits.pageMaxLimit}.`);
  return limit;
}

/** Which of the app's users a page lists: an expression over the `users` row, e.g. `id in (…)`. */
export type UsersFilter = (eb: ExpressionBuilder<Database, 'users'>) => Expression<SqlBool>;

/** One page of the app's users, optionally only those `filter` matches. */
export async function usersPage(
  ctx: ServerContext,
  appId: string,
  options: { cursor?: string | undefined; limit: number; filter?: UsersFilter },
): Promise<UsersPage> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  let query = ctx.db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('app_id', '=', appId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(options.limit + 1);
  if (options.filter) query = query.where(options.filter);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
      ]),
    );
  const rows = await query.execute();
  const page = rows.slice(0, options.limit);
  const data: User[] = [];
  for (const row of page) {
    const user = await loadUser(ctx.db, appId, row.id);
    if (user) data.push(toWireUser(user));
  }
  const last = page.at(-1);
  return {
    data,
    next_cursor:
      rows.length > options.limit && last
        ? encodeCursor({ createdAt: Number(last.created_at), id: last.id })
        : null,
  };
}

/** A LIKE pattern matching `term` anywhere, its wildcards escaped (with `ESCAPE '\'`). */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(identifier) LIKE pattern ESCAPE '\'`, the same on SQLite and PostgreSQL. */
export const identifierLike = (pattern: string) =>
  sql<SqlBool>`lower(identifier) like ${pattern} escape '\\'`;
