import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/**
 * The linked account of a delegated embedded wallet says so (WIRE.md §4.2): `delegated: true` and
 * `id`, the server wallet that holds its key; after the delegation ends `delegated: false` (the id
 * stays: it names the wallet a new consent restores). The account keeps `recovery_method` 'privy':
 * the incumbent's SDK still treats the wallet as on-device, which it is.
 */
export async function markDelegated(
  db: Kysely<Database>,
  row: { app_id: string; user_id: string; address_key: string; wallet_id: string },
  delegated: boolean,
): Promise<void> {
  const account = await db
    .selectFrom('linked_accounts')
    .select(['id', 'details'])
    .where('app_id', '=', row.app_id)
    .where('user_id', '=', row.user_id)
    .where('type', '=', 'wallet')
    .where('identifier', '=', row.address_key)
    .executeTakeFirst();
  if (!account) return;
  const details = JSON.parse(account.details) as Record<string, unknown>;
  await db
    .updateTable('linked_accounts')
    .set({ details: JSON.stringify({ ...details, delegated, id: row.wallet_id }) })
    .where('id', '=', account.id)
    .execute();
}
