import type { DelegatedWalletUpload, DelegationUpload } from '@latchkey/protocol';
import { isEmbeddedWallet } from '../accounts/account-record.ts';
import { loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { HpkeOpenFailed, openWithPrivateKey } from '../server-wallets/hpke/hpke.ts';
import { addressKey, walletKeyOf } from '../server-wallets/hpke/import.ts';
import { markDelegated } from './account-flags.ts';
import { assertEnabled, delegationSettingsOf } from './app-settings.ts';
import { spendInit } from './init.ts';
import { type DelegatedKey, keepDelegatedKey } from './keep-key.ts';

/**
 * `frame/delegation`: the user's consent, carried out. Every upload must name one of the user's own
 * embedded wallets (same chain, index and kind) and open, with the init's one-time key, to a key
 * that controls its address; only then is anything kept. The frame sends the wallets' private keys,
 * never the seed: a delegated wallet gives the server that wallet, not the user's others.
 */

const invalid = (message: string) => new ApiError('invalid_data', message);

/** The user's embedded wallet an upload names, by address, chain, index and kind; or refused. */
function accountOf(user: UserRecord, upload: DelegatedWalletUpload, key: string) {
  const account = user.accounts.find(
    (a) => isEmbeddedWallet(a) && a.identifier === key && a.details.chain_type === upload.chain_type,
  );
  const matches =
    account &&
    Number(account.details.wallet_index ?? 0) === upload.wallet_index &&
    (account.details.imported === true) === upload.imported;
  if (!matches) throw invalid(`${upload.address} is not an embedded wallet of this user.`);
  return account;
}

/** Opens one upload with the init's scalar: the wallet's key, if it controls the address. */
async function openUpload(scalar: Uint8Array, upload: DelegatedWalletUpload, key: string) {
  let opened: Uint8Array;
  try {
    opened = await openWithPrivateKey(scalar, upload);
  } catch (error) {
    if (error instanceof HpkeOpenFailed)
      throw invalid(`The key of ${upload.address} is not sealed to this delegation key.`);
    throw error;
  }
  try {
    const privateKey = await walletKeyOf(upload.chain_type, opened, key);
    if (!privateKey) throw invalid(`The uploaded key does not control ${upload.address}.`);
    return privateKey;
  } finally {
    opened.fill(0);
  }
}

/**
 * Refuses the consent, before any wallet is kept, when an address is already a server wallet of the
 * app other than its own delegation's (the app imported that key itself): a consent is kept whole or
 * not at all, as far as that can be known beforehand.
 */
async function assertAddressesFree(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  keys: readonly DelegatedKey[],
): Promise<void> {
  for (const key of keys) {
    const taken = await ctx.db
      .selectFrom('server_wallets as w')
      .leftJoin('delegated_wallets as d', 'd.wallet_id', 'w.id')
      .select(['w.id', 'd.wallet_id'])
      .where('w.app_id', '=', appId)
      .where('w.chain_type', '=', key.upload.chain_type)
      .where('w.address_key', '=', key.addressKey)
      .executeTakeFirst();
    if (taken && taken.wallet_id === null)
      throw new ApiError(
        'resource_already_exists',
        `${key.upload.address} is already a server wallet of this app.`,
      );
  }
}

export async function delegateWallets(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  body: DelegationUpload,
): Promise<UserRecord> {
  const reason = body.reason ?? 'consent';
  const settings = delegationSettingsOf(app);
  assertEnabled(app, settings, reason);
  // Spent before anything else is looked at: a refused upload needs a new init, so one key is tried once.
  const scalar = await spendInit(ctx, app.id, userId, body.encryption_public_key);
  const keys: DelegatedKey[] = [];
  try {
    const user = await loadUser(ctx.db, app.id, userId);
    if (!user) throw new ApiError('user_does_not_exist', 'User not found.');
    const seen = new Set<string>();
    for (const upload of body.wallets) {
      const key = addressKey(upload.chain_type, upload.address);
      if (!key) throw invalid(`${upload.address} is not a ${upload.chain_type} address.`);
      if (seen.has(`${upload.chain_type}:${key}`)) throw invalid(`${upload.address} is named twice.`);
      seen.add(`${upload.chain_type}:${key}`);
      accountOf(user, upload, key);
      keys.push({ upload, addressKey: key, privateKey: await openUpload(scalar, upload, key) });
    }
    await assertAddressesFree(ctx, app.id, keys);
    const nowMs = ctx.now() * 1000;
    for (const key of keys) {
      const row = await keepDelegatedKey(ctx, app.id, userId, key, { settings, reason, nowMs });
      await markDelegated(ctx.db, row, true);
    }
  } finally {
    scalar.fill(0);
    for (const key of keys) key.privateKey.fill(0);
  }
  return (await loadUser(ctx.db, app.id, userId))!;
}
