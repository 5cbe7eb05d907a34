import type { Kysely } from 'kysely';
import { type SqlBool, sql } from 'kysely';
import type { SweepEntry } from '../storage/retention.ts';
import type { Database } from '../storage/schema.ts';
import { endDelegations } from './destroy.ts';

/**
 * Delegations past `expires_at` whose key the sweep destroyed: each ends as a revoke would, at its
 * own `expires_at` (the sweep hands `after` no clock, and that is when it ended). A consent never
 * leaves a live delegation without its wallet row (the row is made first), so nothing else matches.
 */
async function endExpired(db: Kysely<Database>): Promise<void> {
  const rows = await db
    .selectFrom('delegated_wallets as d')
    .selectAll('d')
    .where('d.revoked_at', 'is', null)
    .where('d.expires_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('server_wallets as w').select('w.id').whereRef('w.id', '=', 'd.wallet_id')),
      ),
    )
    .limit(1000)
    .execute();
  for (const row of rows)
    await db.transaction().execute((trx) => endDelegations(trx, [row], row.expires_at!));
}

/**
 * The sweep destroys the keys of expired delegations (signing checks `expires_at` itself, so this
 * is about not keeping keys, not about refusing), and unused one-time init keys. Milliseconds here.
 */
export const delegationSweeps: SweepEntry[] = [
  { table: 'delegation_inits', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now * 1000}` },
  {
    table: 'server_wallets',
    expired: ({ now }) =>
      sql<SqlBool>`id in (select wallet_id from delegated_wallets where revoked_at is null and expires_at <= ${now * 1000})`,
    after: endExpired,
  },
];
