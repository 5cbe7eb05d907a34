import { type SqlBool, sql } from 'kysely';
import { pastExpiry, type SweepEntry } from '../storage/retention.ts';

/** MFA tokens past their 5 minutes, and authenticator-app enrolments never finished. */
export const mfaSweeps: SweepEntry[] = [
  { table: 'mfa_tokens', expired: pastExpiry },
  {
    table: 'mfa_factors',
    expired: ({ now }) => sql<SqlBool>`enrolled_at is null and expires_at <= ${now}`,
  },
];
