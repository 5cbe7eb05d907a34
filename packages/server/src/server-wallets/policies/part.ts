import { sql } from 'kysely';
import type { FeaturePart } from '../part.ts';
import { policyFixtures } from './fixtures.ts';
import { policyMigrations } from './migrations.ts';
import { policyRoutes } from './routes.ts';

/** Audit entries are kept this long (Latchkey's choice; the incumbent keeps none that apps can read). */
const auditRetentionDays = 400;

/**
 * The policies part of server wallets: policies and their rules, condition sets, aggregations, the
 * engine that evaluates them (evaluate.ts), enforcement with atomic aggregation reservations
 * (enforce.ts), a dry run and a change log. docs/server-wallet-policies.md describes it.
 */
export const policiesPart: FeaturePart = {
  routes: ({ ctx }) => policyRoutes(ctx),
  migrations: policyMigrations,
  sweeps: [
    // A reservation past its window counts for nothing (enforce.ts reads `expires_at > now`).
    { table: 'policy_aggregation_reservations', expired: ({ now }) => sql`expires_at <= ${now * 1000}` },
    {
      table: 'policy_audit_log',
      expired: ({ now }) => sql`created_at <= ${(now - auditRetentionDays * 86_400) * 1000}`,
    },
  ],
  fixtures: policyFixtures,
};
