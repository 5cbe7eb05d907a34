import { sql } from 'kysely';
import { pastExpiry, type SweepEntry, secondsPerDay } from '../storage/retention.ts';

/** How long a signer request that was never approved is kept past its deadline (signers.ts). */
export const unapprovedSignerRetentionDays = 30;

/**
 * Channels and v2 nonces past their life: nothing reads them any more (channels.ts, v2-nonces.ts).
 * Signer requests still pending a month past their deadline: Warpcast no longer offers them, and an
 * `init` of the key makes a new one.
 */
export const farcasterSweeps: SweepEntry[] = [
  { table: 'farcaster_channels', expired: pastExpiry },
  { table: 'farcaster_nonces', expired: pastExpiry },
  {
    table: 'farcaster_signer_requests',
    expired: ({ now }) =>
      sql`status = 'pending_approval' and deadline <= ${now - unapprovedSignerRetentionDays * secondsPerDay}`,
  },
];
