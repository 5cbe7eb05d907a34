import { isEmbeddedWallet } from '../accounts/account-record.ts';
import { loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import type { SetRecoveryBody } from './bodies.ts';
import {
  accountsOfEntropy,
  displayEntropyId,
  lockEntropy,
  primaryAddressOf,
  recoveryMethodOf,
  replaceShares,
  requireEntropy,
} from './entropy-store.ts';
import { verifyKeyProofs } from './key-proofs.ts';
import { assertPasswordVerifier } from './password-verifier.ts';
import { recoveryMaterial } from './recovery-material.ts';
import { assertRecoveryChange } from './recovery-rules.ts';
import { recordRecoverySetup } from './wallet-events.ts';

/**
 * `/frame/set_recovery`: after a recovery or a change of recovery method, the frame re-split the
 * entropy; the new auth share and recovery material replace the old (whose device share is now
 * useless: old and new shares do not combine). Every wallet of that entropy shows the new method
 * (an imported key's one wallet, or all the HD wallets). Refused without proof of the key and, for
 * a password wallet, of its current password.
 */
export async function setRecovery(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  body: SetRecoveryBody,
): Promise<UserRecord> {
  const entropy = await requireEntropy(ctx.db, app.id, userId, body.entropy_id);
  assertRecoveryChange(app, entropy.recovery_method, body.recovery_method);
  const material = recoveryMaterial(body);
  // Proof of the key the shares rebuild (the entropy's primary address), and of the password a
  // password wallet has now: shares from anyone else would destroy the wallet for good.
  await verifyKeyProofs(ctx, {
    appId: app.id,
    userId,
    nonce: body.nonce,
    proofs: [{ address: primaryAddressOf(entropy), signature: body.signature }],
  });
  if (recoveryMethodOf(entropy) === 'user-passcode')
    await assertPasswordVerifier(ctx, entropy, body.current_password_verifier ?? null);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockEntropy(trx, entropy.id, now);
    await replaceShares(trx, ctx, entropy.id, body.auth_share, material, now);
    const user = (await loadUser(trx, app.id, userId))!;
    for (const account of accountsOfEntropy(entropy, user.accounts.filter(isEmbeddedWallet))) {
      await trx
        .updateTable('linked_accounts')
        .set({ details: JSON.stringify({ ...account.details, recovery_method: material.method }) })
        .where('id', '=', account.id)
        .execute();
    }
    await recordRecoverySetup(trx, user, displayEntropyId(entropy), material.method, now);
  });
  return (await loadUser(ctx.db, app.id, userId))!;
}
