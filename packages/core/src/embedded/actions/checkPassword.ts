import { embeddedEntropy } from '../accounts.ts';
import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { type EntropyDetails, entropyAt } from './entropy.ts';
import { frameAuth } from './frameAuth.ts';

/**
 * Resolves when `password` is the current password of the user's HD wallets (or, with `address`,
 * of that imported wallet): `privy:wallets:check-recovery-password`, which rejects with
 * `invalid_recovery_pin` otherwise. Wrong guesses count against the server's budget.
 */
export async function checkPassword(
  ctx: EmbeddedWalletsContext,
  options: { password: string; address?: string | undefined },
): Promise<void> {
  const { password, address } = (options ?? {}) as { password?: unknown; address?: string };
  if (typeof password !== 'string' || password === '')
    throw new EmbeddedWalletError('invalid_input', 'A password is required');
  const entropy: EntropyDetails | null =
    address === undefined ? embeddedEntropy(ctx.session.user) : entropyAt(ctx, address);
  if (!entropy)
    throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletToConnect);
  await frameCall(ctx, 'privy:wallets:check-recovery-password', {
    ...(await frameAuth(ctx)),
    entropyId: entropy.entropyId,
    entropyIdVerifier: entropy.entropyIdVerifier,
    recoveryPassword: password,
  });
}
