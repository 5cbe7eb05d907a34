import { chainTypes, entropyIdVerifiers, frameRecoveryMethods } from '@latchkey/protocol';
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
/** SHA-256 of a label and the password-derived key: proves the password (see password-verifier.ts). */
export const passwordVerifier = base64Bytes(32, 32);
/** A single-use key-proof nonce from `/frame/nonce` (base64url of 24 random bytes). */
export const keyProofNonce = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'must be a nonce from /frame/nonce');
/** A key proof: 0x hex of a 65-byte ECDSA signature (Ethereum) or base64 of a 64-byte ed25519 one. */
export const keyProofSignature = boundedString(200);

export const entropyId = boundedString(100);
export const entropyIdVerifier = z.enum(entropyIdVerifiers);
/** The methods the frame sets wallets up with (two of the spec's seven: protocol wallets.ts). */
export const recoveryMethod = z.enum(frameRecoveryMethods);
export const chainType = z.enum(chainTypes);
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
  recovery_password_verifier: passwordVerifier.nullable().optional(),
};

/** Proof of the key of one address: the nonce is the request's, the signature the address's. */
const keyProof = {
  nonce: keyProofNonce,
  signature: keyProofSignature,
};

export const walletInput = z.object({
  chain_type: chainType,
  address: boundedString(100),
  wallet_index: walletIndex,
  public_key: boundedString(100).nullable().optional(),
});

/** Each created wallet signs the nonce with its own key (`key_proofs`, one per wallet, by address). */
export const createBody = z.object({
  entropy_id: entropyId,
  entropy_id_verifier: entropyIdVerifier,
  auth_share: authShare,
  ...recoveryFields,
  wallets: z.array(walletInput).min(1).max(16),
  nonce: keyProofNonce,
  key_proofs: z
    .array(z.object({ address: boundedString(100), signature: keyProofSignature }))
    .min(1)
    .max(16),
});

export const addWalletBody = z.object({
  entropy_id: entropyId,
  chain_type: chainType,
  address: boundedString(100),
  wallet_index: walletIndex,
  ...keyProof,
});

export const entropyBody = z.object({ entropy_id: entropyId });

/** `/frame/auth_share`: `purpose: 'export'` when the share rebuilds a key to show it (frame-api.ts). */
export const authShareBody = entropyBody.extend({ purpose: z.literal('export').optional() });

/** Routes that take nothing still read their body: a malformed one is refused like anywhere else. */
export const emptyBody = z.object({});

/** `password_verifier` opens a `user-passcode` recovery share (see password-verifier.ts). */
export const recoveryShareBody = z.object({
  entropy_id: entropyId,
  password_verifier: passwordVerifier.nullable().optional(),
  /** `recover` when the share rebuilds the wallet on this device (frame-api.ts). */
  purpose: z.literal('recover').optional(),
});

/**
 * A re-split: the new shares, signed for by the entropy's primary key (its id's address), and for a
 * `user-passcode` wallet the current password's verifier, so a page that can talk to the frame but
 * does not know the password cannot move the wallet to another method.
 */
export const setRecoveryBody = z.object({
  entropy_id: entropyId,
  auth_share: authShare,
  ...recoveryFields,
  ...keyProof,
  current_password_verifier: passwordVerifier.nullable().optional(),
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
  ...keyProof,
});

export type CreateBody = z.infer<typeof createBody>;
export type AddWalletBody = z.infer<typeof addWalletBody>;
export type SetRecoveryBody = z.infer<typeof setRecoveryBody>;
export type ImportBody = z.infer<typeof importBody>;
