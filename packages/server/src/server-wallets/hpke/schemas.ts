import { walletImportChainTypes } from '@latchkey/protocol';
import { z } from 'zod';
import { newWalletFields } from '../wallet-bodies.ts';

/** The body schemas of the key-transport routes (protocol api/server-wallet-keys.ts), bounded before any work. */

const hpke = z.literal('HPKE');
/** An SPKI P-256 key is 124 base64 characters; PEM adds its armour and line breaks. */
const recipientPublicKey = z.string().min(1).max(300);

export const userKeyBody = z.object({
  // Our access tokens are under 1 KB; a custom-auth JWT with claims may be longer.
  user_jwt: z.string().min(1).max(8192),
  encryption_type: hpke,
  recipient_public_key: recipientPublicKey,
});

export const exportBody = z.object({
  encryption_type: hpke,
  recipient_public_key: recipientPublicKey,
  export_seed_phrase: z.boolean().optional(),
  export_type: z.enum(['display', 'client']).optional(),
});

const importChainType = z.enum(walletImportChainTypes);
const entropyType = z.enum(['private-key', 'hd']);
/** Addresses of every import chain fit in 100 characters (Ethereum 42, Solana ≤ 44). */
const address = z.string().min(1).max(100);
const index = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

export const importInitBody = z.object({
  chain_type: importChainType,
  address,
  entropy_type: entropyType,
  index: index.optional(),
  encryption_type: hpke,
});

export const importSubmitBody = z.object({
  wallet: z.object({
    chain_type: importChainType,
    address,
    entropy_type: entropyType,
    index: index.optional(),
    encryption_type: hpke,
    // A sealed 64-byte key is 80 bytes (108 base64 characters); a seed phrase several hundred.
    ciphertext: z.string().min(1).max(4096),
    encapsulated_key: z.string().min(1).max(200),
    hpke_config: z
      .object({
        aad: z.string().max(4096).optional(),
        aead_algorithm: z.enum(['CHACHA20_POLY1305', 'AES_GCM256']).optional(),
        info: z.string().max(4096).optional(),
      })
      .optional(),
  }),
  ...newWalletFields,
});
