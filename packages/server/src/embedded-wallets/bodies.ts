import { z } from 'zod';
import { boundedString } from '../http/body.ts';

/** Standard, padded base64 (RFC 4648 §4): how every binary value of the frame API travels. */
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A base64 field decoded to bytes, `min` to `max` bytes long. */
export function base64Bytes(min: number, max: number) {
  return z
    .string()
    .max(Math.ceil(max / 3) * 4)
    .regex(base64Pattern, 'must be standard base64')
    .transform((text, ctx) => {
      const bytes = new Uint8Array(Buffer.from(text, 'base64'));
      if (bytes.length >= min && bytes.length <= max) return bytes;
      ctx.addIssue({
        code: 'custom',
        message: min === max ? `must be ${min} bytes` : `must be ${min} to ${max} bytes`,
      });
      return z.NEVER;
    });
}

/**
 * A Shamir share of the 16-byte entropy is 17 bytes; the bound leaves room for longer secrets
 * without letting a share balloon storage.
 */
export const authShare = base64Bytes(1, 256);
/** AES-256-GCM of a share: iv (12) ‖ ciphertext ‖ tag (16). */
export const encryptedRecoveryShare = base64Bytes(29, 512);
/** The `privy` method's random AES-256 key. */
export const recoveryKey = base64Bytes(32, 32);
/** The `user-passcode` method's PBKDF2 salt. */
export const recoveryKeyDerivationSalt = base64Bytes(16, 16);

export const entropyId = boundedString(100);
export const entropyIdVerifier = z.enum(['ethereum-address-verifier', 'solana-address-verifier']);
export const recoveryMethod = z.enum(['privy', 'user-passcode']);
export const chainType = z.enum(['ethereum', 'solana']);
/** An HD index: BIP-32 non-hardened indexes end below 2^31. */
export const walletIndex = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

/** The fields that set a recovery method: the share it protects and the key material it needs. */
const recoveryFields = {
  recovery_method: recoveryMethod,
  encrypted_recovery_share: encryptedRecoveryShare,
  recovery_key: recoveryKey.nullable().optional(),
  recovery_key_derivation_salt: recoveryKeyDerivationSalt.nullable().optional(),
};

export const walletInput = z.object({
  chain_type: chainType,
  address: boundedString(100),
  wallet_index: walletIndex,
  public_key: boundedString(100).nullable().optional(),
});

export const createBody = z.object({
  entropy_id: entropyId,
  entropy_id_verifier: entropyIdVerifier,
  auth_share: authShare,
  ...recoveryFields,
  wallets: z.array(walletInput).min(1).max(16),
});

export const addWalletBody = z.object({
  entropy_id: entropyId,
  chain_type: chainType,
  address: boundedString(100),
  wallet_index: walletIndex,
});

export const entropyBody = z.object({ entropy_id: entropyId });

export const setRecoveryBody = z.object({
  entropy_id: entropyId,
  auth_share: authShare,
  ...recoveryFields,
});

export const keyMaterialBody = z.object({ chain_type: chainType.optional() });

/**
 * `/frame/import`: an imported private key's shares. The key is its own entropy, named by its
 * address (index 0, verifier of its chain); the server never sees the key, only the shares.
 */
export const importBody = z.object({
  chain_type: chainType,
  address: boundedString(100),
  auth_share: authShare,
  ...recoveryFields,
});

export type CreateBody = z.infer<typeof createBody>;
export type AddWalletBody = z.infer<typeof addWalletBody>;
export type SetRecoveryBody = z.infer<typeof setRecoveryBody>;
export type ImportBody = z.infer<typeof importBody>;
export type RecoveryMethod = z.infer<typeof recoveryMethod>;
export type EntropyIdVerifier = z.infer<typeof entropyIdVerifier>;
