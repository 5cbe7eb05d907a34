import { type FrameRecoveryMethod, userIdPrefix } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import type { EmbeddedWallet } from '../accounts/embedded-accounts.ts';
import { toWireUser, type UserRecord } from '../accounts/user-record.ts';
import { recordEvent } from '../outbox/record-event.ts';
import type { Database } from '../storage/schema.ts';

/** `user.wallet_created`, one per new embedded wallet, in the transaction that created it. */
export async function recordWalletCreated(
  trx: Kysely<Database>,
  user: UserRecord,
  wallets: EmbeddedWallet[],
  now: number,
): Promise<void> {
  for (const wallet of wallets) {
    await recordEvent(
      trx,
      user.appId,
      'user.wallet_created',
      { user: toWireUser(user), wallet: { address: wallet.address.display, chain_type: wallet.chainType } },
      now,
    );
  }
}

/**
 * `wallet.recovered` (the recovery share released to rebuild the wallet on a device) and
 * `wallet.private_key_export` (the auth share released to show a key): recorded before the share
 * leaves, so a share released for either always has its event.
 */
export async function recordShareRelease(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  walletAddress: string,
  type: 'wallet.recovered' | 'wallet.private_key_export',
  now: number,
): Promise<void> {
  await recordEvent(
    db,
    appId,
    type,
    { user_id: `${userIdPrefix}${userId}`, wallet_address: walletAddress },
    now,
  );
}

/** `wallet.recovery_setup`: the user's wallet now recovers with `method`. */
export async function recordRecoverySetup(
  trx: Kysely<Database>,
  user: UserRecord,
  walletAddress: string,
  method: FrameRecoveryMethod,
  now: number,
): Promise<void> {
  await recordEvent(
    trx,
    user.appId,
    'wallet.recovery_setup',
    { user_id: `${userIdPrefix}${user.id}`, wallet_address: walletAddress, method },
    now,
  );
}
