import type { Kysely } from 'kysely';
import { sealedKind } from '../crypto/sealed-value.ts';
import { secretBoxKind } from '../crypto/secret-box.ts';
import type { Database } from '../storage/schema.ts';
import { contexts, type EntropyKeys } from './entropy-store.ts';

const page = 100;

/**
 * Re-seals, under the key store, the recovery material that was sealed with the secret box (`v1.`)
 * before there was a key store; runs at every start and finds nothing to do once done.
 *
 * Each row is rewritten by one UPDATE, which is its own transaction: both columns change together
 * or not at all. The UPDATE only applies while the row still holds the values read, so a recovery
 * that replaced the material meanwhile, or a replica starting at the same time that re-sealed the
 * row first, is never overwritten; an interrupted run leaves rows either old (still readable, see
 * `openRecoverySealed`) or new, and the next start finishes. Returns how many rows it rewrote.
 */
export async function resealLegacyRecoveryMaterial(db: Kysely<Database>, keys: EntropyKeys): Promise<number> {
  const reseal = async (sealed: string, context: string) => {
    if (sealedKind(sealed) !== secretBoxKind) return sealed;
    const plaintext = keys.secretBox.open(sealed, context);
    try {
      return await keys.keyStore.seal(plaintext, context);
    } finally {
      plaintext.fill(0);
    }
  };
  let resealed = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('wallet_entropies')
      .select(['id', 'encrypted_recovery_share', 'recovery_key_sealed'])
      .where((eb) =>
        eb.or([
          eb('encrypted_recovery_share', 'like', `${secretBoxKind}.%`),
          eb('recovery_key_sealed', 'like', `${secretBoxKind}.%`),
        ]),
      )
      .where('id', '>', after)
      .orderBy('id')
      .limit(page)
      .execute();
    for (const row of rows) {
      const share = await reseal(row.encrypted_recovery_share, contexts.recoveryShare(row.id));
      const key = row.recovery_key_sealed
        ? await reseal(row.recovery_key_sealed, contexts.recoveryKey(row.id))
        : null;
      const result = await db
        .updateTable('wallet_entropies')
        .set({ encrypted_recovery_share: share, recovery_key_sealed: key })
        .where('id', '=', row.id)
        .where('encrypted_recovery_share', '=', row.encrypted_recovery_share)
        .where((eb) =>
          row.recovery_key_sealed === null
            ? eb('recovery_key_sealed', 'is', null)
            : eb('recovery_key_sealed', '=', row.recovery_key_sealed),
        )
        .executeTakeFirst();
      resealed += Number(result.numUpdatedRows);
    }
    if (rows.length < page) return resealed;
    after = rows.at(-1)!.id;
  }
}

/**
 * Whether the key store opens a stored recovery share: how a database without a key-store check
 * value tells a wrong key store (crypto/key-checks.ts).
 */
export async function probeRecoverySealing(
  db: Kysely<Database>,
  keyStore: EntropyKeys['keyStore'],
): Promise<'opens' | 'fails' | 'none'> {
  const row = await db
    .selectFrom('wallet_entropies')
    .select(['id', 'encrypted_recovery_share'])
    .where('encrypted_recovery_share', 'not like', `${secretBoxKind}.%`)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 'none';
  try {
    await keyStore.open(row.encrypted_recovery_share, contexts.recoveryShare(row.id));
    return 'opens';
  } catch {
    return 'fails';
  }
}
