import type { DelegatedWalletUpload, DelegationReason } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { createServerWallet } from '../server-wallets/wallet-store.ts';
import type { DelegationSettings } from './app-settings.ts';
import { destroyKey } from './destroy.ts';

/** One checked upload: the wallet's private key (the caller zeroes it) and its address key. */
export interface DelegatedKey {
  upload: DelegatedWalletUpload;
  addressKey: string;
  privateKey: Uint8Array;
}

/** What `markDelegated` needs of the delegation kept. */
export interface KeptDelegation {
  app_id: string;
  user_id: string;
  address_key: string;
  wallet_id: string;
}

/**
 * Keeps one delegated wallet's key as a server wallet the user owns (`owner: {user_id}`), with the
 * app's signer (and its policies) as the additional signer: so the whole server-wallet API (list by
 * user, RPC, raw sign, policies) works on it, and the app's backend signs only with its
 * authorization signature. A live delegation is renewed (its key is the one already kept); an ended
 * one is made again under its old wallet id, so the id the app stored names it again.
 */
export async function keepDelegatedKey(
  ctx: Pick<ServerContext, 'db' | 'keyStore'>,
  appId: string,
  userId: string,
  key: DelegatedKey,
  options: { settings: DelegationSettings; reason: DelegationReason; nowMs: number },
): Promise<KeptDelegation> {
  const { settings, reason, nowMs } = options;
  const { upload } = key;
  const expiresAt = settings.ttlSeconds === null ? null : nowMs + settings.ttlSeconds * 1000;
  const existing = await ctx.db
    .selectFrom('delegated_wallets')
    .selectAll()
    .where('app_id', '=', appId)
    .where('chain_type', '=', upload.chain_type)
    .where('address_key', '=', key.addressKey)
    .executeTakeFirst();
  const kept = { app_id: appId, user_id: userId, address_key: key.addressKey };
  if (existing && existing.revoked_at === null && existing.user_id !== userId)
    // The address moved to this user (an account transfer): the old owner's delegation ends here.
    await destroyKey(ctx.db, existing);
  else if (existing && existing.revoked_at === null) {
    await ctx.db
      .updateTable('delegated_wallets')
      .set({ expires_at: expiresAt, reason })
      .where('wallet_id', '=', existing.wallet_id)
      .execute();
    return { ...kept, wallet_id: existing.wallet_id };
  }
  // Checked here, as any wallet's signers are (wallet-store.ts): the app's quorum and policy.
  const signers = settings.signerId
    ? [
        {
          signer_id: settings.signerId,
          ...(settings.policyIds.length > 0 ? { override_policy_ids: settings.policyIds } : {}),
        },
      ]
    : [];
  const wallet = await createServerWallet(
    ctx,
    appId,
    { chain_type: upload.chain_type, owner: { user_id: userId }, additional_signers: signers },
    { privateKey: key.privateKey, ...(existing ? { id: existing.wallet_id } : {}) },
  );
  const row = {
    user_id: userId,
    wallet_index: upload.wallet_index,
    imported: upload.imported ? 1 : 0,
    reason,
    owner_quorum_id: wallet.owner_id,
    created_at: nowMs,
    expires_at: expiresAt,
    revoked_at: null,
  };
  if (existing)
    await ctx.db
      .updateTable('delegated_wallets')
      .set(row)
      .where('wallet_id', '=', existing.wallet_id)
      .execute();
  else
    await ctx.db
      .insertInto('delegated_wallets')
      .values({
        ...row,
        wallet_id: wallet.id,
        app_id: appId,
        chain_type: upload.chain_type,
        address_key: key.addressKey,
      })
      .execute();
  return { ...kept, wallet_id: wallet.id };
}
