import { pastExpiry, type SweepEntry } from '../storage/retention.ts';

/** An OAuth login not finished in time, and codes never redeemed. */
export const oauthSweeps: SweepEntry[] = [
  { table: 'oauth_requests', expired: pastExpiry },
  { table: 'oauth_codes', expired: pastExpiry },
];
