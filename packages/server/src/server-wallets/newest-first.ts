import { serverWalletLimits } from '@latchkey/protocol';
import type { SelectQueryBuilder } from 'kysely';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';

/*
 * Lists of server-wallet resources (wallets, key quorums, policies, condition sets, aggregations,
 * transaction records), newest first in (created_at, id) order: a stable order, so a row made while
 * a client pages is never skipped or repeated. One row more than the page is read to tell whether
 * another page follows.
 */

/** Where a page starts: after the row at this (created_at, id). */
export interface PagePosition {
  createdAt: number;
  id: string;
}

/** The tables listed this way (each has `created_at` in ms and a text `id`). */
type Listed =
  | 'server_wallets'
  | 'key_quorums'
  | 'wallet_policies'
  | 'server_wallet_transactions'
  | 'policy_condition_sets'
  | 'policy_aggregations';

const invalid = (message: string) => new ApiError('invalid_data', message);

/** `?limit=`: 1 to 100, default 100. */
export function pageLimit(value: string | undefined): number {
  const max = serverWalletLimits.pageMaxLimit;
  if (value === undefined || value === '') return max;
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > max)
    throw invalid(`limit must be a whole number from 1 to ${max}.`);
  return Number(value);
}

/** The dashboard's cursor: the last entry's (created_at, id), opaque. */
export const encodeCursor = (row: { created_at: number; id: string }): string =>
  Buffer.from(`${Number(row.created_at)}:${row.id}`).toString('base64url');

/** The position a cursor names, null for none; anything this server did not make is `invalid_data`. */
export function decodeCursor(value: string | undefined): PagePosition | null {
  if (!value) return null;
  const match = /^(\d{1,16}):([\w-]{1,64})$/.exec(
    /^[\w-]{1,120}$/.test(value) ? Buffer.from(value, 'base64url').toString() : '',
  );
  if (!match) throw invalid('Invalid cursor.');
  return { createdAt: Number(match[1]), id: match[2]! };
}

/**
 * One page of `select` (already filtered to the app and whatever else), newest first, after `after`.
 * `more` says whether another page follows; `page.at(-1)` is where it starts.
 */
export async function newestFirst<T extends Listed, O extends { created_at: number; id: string }>(
  select: SelectQueryBuilder<Database, T, O>,
  after: PagePosition | null,
  limit: number,
): Promise<{ page: O[]; more: boolean }> {
  // The tables share these two columns; kysely cannot see that through the union.
  const listed = select as unknown as SelectQueryBuilder<Database, 'server_wallets', O>;
  const positioned = after
    ? listed.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      )
    : listed;
  const rows = await positioned
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  return { page: rows.slice(0, limit), more: rows.length > limit };
}

/** The dashboard's page: the entries, and the cursor of the next page (null on the last). */
export async function dashboardPage<T extends Listed, O extends { created_at: number; id: string }, V>(
  select: SelectQueryBuilder<Database, T, O>,
  query: { cursor: string | undefined; limit: string | undefined },
  view: (row: O) => V,
): Promise<{ data: V[]; next_cursor: string | null }> {
  const { page, more } = await newestFirst(select, decodeCursor(query.cursor), pageLimit(query.limit));
  const last = page.at(-1);
  return { data: page.map(view), next_cursor: more && last ? encodeCursor(last) : null };
}
