import { embeddedWalletsOf, parseWalletAddress } from '../accounts/embedded-accounts.ts';
import { loadUser } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { WalletChainType } from '../wallets/addresses.ts';
import {
  type EntropyRow,
  entropyOfWallet,
  openEncryptedRecoveryShare,
  openRecoveryKey,
  recoveryMethodOf,
} from './entropy-store.ts';
import { assertPasswordVerifier } from './password-verifier.ts';
import { recoveryType } from './recovery-material.ts';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * `/frame/recovery_share`: the encrypted recovery share and how to get its key. A `user-passcode`
 * share goes only to a frame that proves the password (password-verifier.ts): even an enrolled device
 * cannot take it away to guess passwords offline.
 */
export async function recoveryShareReply(
  ctx: ServerContext,
  entropy: EntropyRow,
  passwordVerifier: Uint8Array | null,
) {
  if (recoveryMethodOf(entropy) === 'user-passcode')
    await assertPasswordVerifier(ctx, entropy, passwordVerifier);
  return {
    recovery_method: recoveryMethodOf(entropy),
    encrypted_recovery_share: base64(await openEncryptedRecoveryShare(ctx, entropy)),
    recovery_key_derivation_salt: entropy.recovery_key_derivation_salt,
  };
}

/**
 * `/embedded_wallets/:address/recovery/key_material` (WIRE.md §3.8) for one of the user's
 * embedded wallets: the `privy` method's recovery key, or the `user-passcode` method's salt, of
 * the entropy holding its key (the HD entropy, or an imported wallet's own).
 * Without a `chain_type`, a 0x address is read as Ethereum and anything else as Solana.
 */
export async function keyMaterial(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  address: string,
  chainType: WalletChainType | undefined,
) {
  const wallet = parseWalletAddress(chainType ?? (address.startsWith('0x') ? 'ethereum' : 'solana'), address);
  const user = await loadUser(ctx.db, app.id, userId);
  const owned = user
    ? embeddedWalletsOf(user.accounts).find((w) => w.address.identifier === wallet.identifier)
    : undefined;
  const entropy = owned
    ? await entropyOfWallet(ctx.db, app.id, userId, {
        identifier: owned.address.identifier,
        imported: owned.imported === true,
      })
    : undefined;
  if (!entropy) throw new ApiError('linked_account_not_found');
  const key = await openRecoveryKey(ctx, entropy);
  return {
    recovery_type: recoveryType(recoveryMethodOf(entropy)),
    recovery_key: key ? base64(key) : null,
    recovery_key_derivation_salt: entropy.recovery_key_derivation_salt,
    recovery_code: null,
    file_id: null,
    icloud_record_name: null,
  };
}
