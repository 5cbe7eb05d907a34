import { timingSafeEqual } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { type EntropyRow, openPasswordVerifier } from './entropy-store.ts';

/**
 * Checks proof of a `user-passcode` wallet's password: the verifier the frame derives from the
 * password (SHA-256 of a label and the PBKDF2 recovery key) against the one stored when the password
 * was set. Wrong guesses are budgeted per wallet, so the only guessing left is online and slow.
 * An entropy from before verifiers were stored has none; the frame's own check (the share must
 * decrypt) then stands alone until its next re-split stores one.
 */
export async function assertPasswordVerifier(
  ctx: ServerContext,
  entropy: EntropyRow,
  verifier: Uint8Array | null | undefined,
): Promise<void> {
  const stored = await openPasswordVerifier(ctx, entropy);
  if (!stored) return;
  if (!verifier)
    throw new ApiError('invalid_recovery_password', 'The current recovery password is required.');
  await ctx.rateLimits.consume('recoveryPassword', entropy.id);
  if (verifier.length !== stored.length || !timingSafeEqual(verifier, stored))
    throw new ApiError('invalid_recovery_password');
}
