import { type EntropyIdVerifier, entropyIdVerifiers } from '@latchkey/protocol';
import { type EmbeddedWalletAccount, embeddedEntropy, findEmbeddedWallet } from '../accounts.ts';
import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import type { EmbeddedWalletsContext } from './context.ts';

/** The entropy a frame call works on: the seed of the HD wallets, or one imported key. */
export interface EntropyDetails {
  entropyId: string;
  entropyIdVerifier: EntropyIdVerifier;
  recoveryMethod: string | null;
}

/** The user's HD entropy, or 'embedded_wallet_not_found' when they have no embedded wallet. */
export function requireEntropy(ctx: EmbeddedWalletsContext): EntropyDetails {
  const entropy = embeddedEntropy(ctx.session.user);
  if (!entropy)
    throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletToConnect);
  return entropy;
}

/** An imported wallet is its own entropy; HD wallets share the user's. */
export function entropyOf(ctx: EmbeddedWalletsContext, wallet: EmbeddedWalletAccount): EntropyDetails {
  if (!wallet.imported) return requireEntropy(ctx);
  return {
    entropyId: wallet.address,
    entropyIdVerifier: entropyIdVerifiers[wallet.chainType],
    recoveryMethod: wallet.recoveryMethod,
  };
}

/** The entropy of the user's wallet at `address`, or 'No wallet found for address'. */
export function entropyAt(ctx: EmbeddedWalletsContext, address: string): EntropyDetails {
  const wallet = findEmbeddedWallet(ctx.session.user, String(address));
  if (!wallet)
    throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
  return entropyOf(ctx, wallet);
}
