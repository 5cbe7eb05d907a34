import { pastExpiry, type SweepEntry } from '../storage/retention.ts';

/** Channels and v2 nonces past their life: nothing reads them any more (channels.ts, v2-nonces.ts). */
export const farcasterSweeps: SweepEntry[] = [
  { table: 'farcaster_channels', expired: pastExpiry },
  { table: 'farcaster_nonces', expired: pastExpiry },
];
