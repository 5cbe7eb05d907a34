import { pastExpiry, type SweepEntry } from '../storage/retention.ts';

/** Ceremony challenges: single use, minutes long (challenges.ts). */
export const passkeySweeps: SweepEntry[] = [{ table: 'passkey_challenges', expired: pastExpiry }];
