import { type SqlBool, sql } from 'kysely';
import type { SweepEntry } from '../storage/retention.ts';

/**
 * Spent proofs, once a replay of them would be refused as stale anyway: `expires_at` is the last
 * second the proof is recent (spend-proof.ts), so a row goes only after it (not at it, as
 * `pastExpiry` would).
 */
export const telegramSweeps: SweepEntry[] = [
  { table: 'telegram_proofs', expired: ({ now }) => sql<SqlBool>`expires_at < ${now}` },
];
