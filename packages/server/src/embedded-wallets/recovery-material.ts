import type { FrameRecoveryMethod } from '@latchkey/protocol';
import { ApiError } from '../http/api-error.ts';

/** What the server keeps for a recovery method, besides the auth share. */
export interface RecoveryMaterial {
  method: FrameRecoveryMethod;
  /** The recovery share as the frame encrypted it under the recovery key. */
  encryptedRecoveryShare: Uint8Array;
  /** `privy`: the recovery key, which the server keeps and releases only to the frame. */
  recoveryKey: Uint8Array | null;
  /** `user-passcode`: the PBKDF2 salt; the password and the key it gives never reach the server. */
  salt: Uint8Array | null;
  /** `user-passcode`: proof of the password, kept sealed to check it later (password-verifier.ts). */
  passwordVerifier: Uint8Array | null;
}

/**
 * The recovery fields of a body, checked against the method: `recovery_key` is required for
 * `privy` and refused otherwise, `recovery_key_derivation_salt` the same for `user-passcode`.
 * A password-derived key sent by mistake must not end up stored beside the share it opens.
 */
export function recoveryMaterial(body: {
  recovery_method: FrameRecoveryMethod;
  encrypted_recovery_share: Uint8Array;
  recovery_key?: Uint8Array | null | undefined;
  recovery_key_derivation_salt?: Uint8Array | null | undefined;
  recovery_password_verifier?: Uint8Array | null | undefined;
}): RecoveryMaterial {
  const key = body.recovery_key ?? null;
  const salt = body.recovery_key_derivation_salt ?? null;
  const verifier = body.recovery_password_verifier ?? null;
  const invalid = (message: string) => new ApiError('invalid_data', message);
  if (body.recovery_method === 'privy') {
    if (!key) throw invalid("Invalid recovery_key: required for the 'privy' method");
    if (salt) throw invalid("Invalid recovery_key_derivation_salt: not used by the 'privy' method");
    if (verifier) throw invalid("Invalid recovery_password_verifier: not used by the 'privy' method");
  } else {
    if (!salt) throw invalid("Invalid recovery_key_derivation_salt: required for the 'user-passcode' method");
    if (!verifier)
      throw invalid("Invalid recovery_password_verifier: required for the 'user-passcode' method");
    if (key) throw invalid("Invalid recovery_key: never sent for the 'user-passcode' method");
  }
  return {
    method: body.recovery_method,
    encryptedRecoveryShare: body.encrypted_recovery_share,
    recoveryKey: key,
    salt,
    passwordVerifier: verifier,
  };
}

/** `recovery_type` of the key material (WIRE.md §3.8). */
export function recoveryType(method: FrameRecoveryMethod): string {
  return method === 'privy' ? 'privy_generated_recovery_key' : 'user_passcode_derived_recovery_key';
}
