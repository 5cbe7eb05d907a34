import { type EmbeddedWallet, parseWalletAddress } from '../accounts/embedded-accounts.ts';
import { findAccountOwner, loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { isUniqueViolation } from '../storage/db.ts';
import type { ImportBody } from './bodies.ts';
import { verifyKeyProofs } from './key-proofs.ts';
import { recoveryMaterial } from './recovery-material.ts';
import { assertRecoveryMethodAllowed } from './recovery-rules.ts';
import { storeEntropyWallets } from './store-entropy-wallets.ts';

/**
 * Refuses an address that is an account already: the user's own (`resource_already_exists`: an
 * imported key never replaces the wallet or login it already is), or another user's
 * (`linked_to_another_user`: never taken over by whoever knows its key).
 */
async function assertAddressFree(
  ctx: ServerContext,
  appId: string,
  userId: string,
  identifier: string,
): Promise<void> {
  const owner = await findAccountOwner(ctx.db, appId, 'wallet', identifier);
  if (owner === userId)
    throw new ApiError('resource_already_exists', 'Wallet address is already linked to this user');
  if (owner) throw new ApiError('linked_to_another_user');
}

/**
 * `/frame/import`: stores an imported private key's auth share and recovery material as an entropy
 * of its own (named by its address) and links its wallet: index 0, `imported: true`, once the key
 * signed the nonce. A user may import several keys beside their HD wallets.
 */
export async function importEmbeddedWallet(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  body: ImportBody,
): Promise<UserRecord> {
  const user = await loadUser(ctx.db, app.id, userId);
  if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.', { status: 401 });
  const wallet: EmbeddedWallet = {
    chainType: body.chain_type,
    walletIndex: 0,
    address: parseWalletAddress(body.chain_type, body.address),
    imported: true,
  };
  assertRecoveryMethodAllowed(app, body.recovery_method);
  const material = recoveryMaterial(body);
  await assertAddressFree(ctx, app.id, userId, wallet.address.identifier);
  await verifyKeyProofs(ctx, {
    appId: app.id,
    userId,
    nonce: body.nonce,
    proofs: [{ address: wallet.address, signature: body.signature }],
  });

  try {
    await storeEntropyWallets(
      ctx,
      {
        appId: app.id,
        userId,
        entropyId: wallet.address.identifier,
        verifier: wallet.chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
        authShare: body.auth_share,
        material,
        imported: true,
      },
      [wallet],
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent claim of the address won: say whose it is now.
    await assertAddressFree(ctx, app.id, userId, wallet.address.identifier);
    throw new ApiError('linked_to_another_user');
  }
  return (await loadUser(ctx.db, app.id, userId))!;
}
