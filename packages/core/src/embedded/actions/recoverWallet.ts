import { EmbeddedWalletError } from '../errors.ts';
import type { EmbeddedWalletsContext } from './context.ts';
import { entropyAt, requireEntropy } from './entropy.ts';
import { recoverEntropy } from './recoverEntropy.ts';

/** Recovers the user's HD wallets on this device, or with `address` that imported wallet. */
export async function recoverWallet(
  ctx: EmbeddedWalletsContext,
  options: { password?: string | undefined; address?: string | undefined },
): Promise<{ entropyId: string }> {
  if (options.password !== undefined && typeof options.password !== 'string')
    throw new EmbeddedWalletError('invalid_input', 'Invalid recovery password');
  const entropy = options.address === undefined ? requireEntropy(ctx) : entropyAt(ctx, options.address);
  return recoverEntropy(ctx, entropy, options.password);
}
