import type { SupportedRecoveryMethod } from '../accounts.ts';
import { EmbeddedWalletError } from '../errors.ts';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { requireEntropy } from './entropy.ts';
import { onDevice } from './onDevice.ts';
import { recoveryChoice, recoveryRules } from './recoveryChoice.ts';

export interface SetRecoveryParameters {
  recoveryMethod: SupportedRecoveryMethod;
  password?: string | undefined;
  currentPassword?: string | undefined;
}

export interface SetRecoveryReturnType {
  entropyId: string;
  entropyIdVerifier: string;
  recoveryMethod: string;
}

/**
 * Moves the user's HD wallets to another recovery method or password (`privy:wallets:set-recovery`),
 * then refreshes the session so the linked accounts show it. A wallet that has a password moves
 * only with it (`currentPassword`, sent as `existingRecoveryPassword`).
 */
export async function setRecovery(
  ctx: EmbeddedWalletsContext,
  options: SetRecoveryParameters,
): Promise<SetRecoveryReturnType> {
  const entropy = requireEntropy(ctx);
  const data = recoveryChoice(options, { ...recoveryRules(ctx), from: entropy.recoveryMethod });
  const { currentPassword } = options;
  if (currentPassword !== undefined && typeof currentPassword !== 'string')
    throw new EmbeddedWalletError('invalid_input', 'Invalid current password');
  const reply = await onDevice(ctx, entropy, (auth) =>
    frameCall(ctx, 'privy:wallets:set-recovery', {
      ...auth,
      entropyId: entropy.entropyId,
      entropyIdVerifier: entropy.entropyIdVerifier,
      ...data,
      ...(currentPassword ? { existingRecoveryPassword: currentPassword } : {}),
    }),
  );
  try {
    await ctx.session.refreshAfterChange();
  } catch {
    // The linked accounts show the new method on the next refresh.
  }
  return reply;
}

/**
 * Throws what `setRecovery` to `recoveryMethod` would throw before asking the frame, leaving out
 * the password: a UI checks this before it asks for one.
 */
export function assertCanSetRecovery(
  ctx: EmbeddedWalletsContext,
  recoveryMethod: SupportedRecoveryMethod,
): void {
  const entropy = requireEntropy(ctx);
  recoveryChoice(
    { recoveryMethod },
    { ...recoveryRules(ctx), from: entropy.recoveryMethod, methodOnly: true },
  );
}
