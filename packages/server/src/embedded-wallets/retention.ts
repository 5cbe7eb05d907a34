import { pastExpiry, type SweepEntry } from '../storage/retention.ts';

/** Spent DPoP proof ids and key-proof nonces, kept only while a proof carrying them could still be accepted. */
export const embeddedWalletSweeps: SweepEntry[] = [
  { table: 'dpop_proofs', expired: pastExpiry },
  { table: 'key_proof_nonces', expired: pastExpiry },
];
