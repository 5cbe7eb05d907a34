import { chainTypes, delegationLimits } from '@latchkey/protocol';
import { z } from 'zod';
import { walletIndex } from '../embedded-wallets/bodies.ts';

/** Base64 of at most `max` characters: the parsers (HPKE, SPKI) refuse what is not theirs. */
const base64 = (max: number) => z.string().min(1).max(max);

const walletUpload = z.object({
  address: z.string().min(1).max(100),
  chain_type: z.enum(chainTypes),
  // As the embedded wallets' own routes bound it: any index the user's wallet can have.
  wallet_index: walletIndex,
  imported: z.boolean(),
  // A P-256 point (65 bytes) and a 32-byte key with its tag: both far under these.
  encapsulated_key: base64(200),
  ciphertext: base64(400),
});

export const delegationUploadBody = z.object({
  encryption_public_key: base64(200),
  wallets: z.array(walletUpload).min(1).max(delegationLimits.walletsPerConsent),
  reason: z.enum(['consent', 'migration']).optional(),
});

export const userSignerBody = z.object({ public_key: base64(300) });

/** The routes that take `{}`: anything else in it is ignored, as the other frame routes do. */
export const emptyBody = z.object({});
