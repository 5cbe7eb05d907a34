import { combineShares, splitEntropy, toBase64 } from '@latchkey/keys';
import { getAddress } from 'viem';
import { type DeviceShares, decodeDeviceShare } from './device-share.ts';
import type { FrameContext } from './frame-context.ts';
import { FrameError, frameMessages } from './frame-error.ts';
import type { HeldAuthShare } from './held-auth-share.ts';
import { type ImportedKey, importedKeyAddress, isImportedKeyOf } from './imported-key.ts';
import { proveImportedKey } from './key-proofs.ts';
import { type RecoveryChoice, resplit, sealRecoveryShare } from './recovery.ts';
import type { EntropyRef } from './request-data.ts';
import { wipe } from './wipe.ts';
import { type AuthShareOptions, withAuthShare } from './with-auth-share.ts';

/** This device's shares of imported keys (apart from HD entropies' shares: see DeviceShares). */
export function importedKeyShares(ctx: FrameContext): DeviceShares {
  return ctx.deviceShares.importedKeys();
}

/**
 * The name an imported key's share is stored under: its address, an Ethereum one in its EIP-55 form,
 * so a host that names the wallet in lower case finds the same share.
 */
export function importedKeyName(entropyId: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(entropyId) ? getAddress(entropyId.toLowerCase()) : entropyId;
}

/** True when this device holds a share of the imported key named `entropyId` (its address). */
export function isImportedKeyOnDevice(ctx: FrameContext, entropyId: unknown): boolean {
  return typeof entropyId === 'string' && importedKeyShares(ctx).read(importedKeyName(entropyId)) !== null;
}

/**
 * Splits an imported key 2-of-3 as an entropy is split and stores it: the device share on this device
 * (under the key's address), the auth share and the sealed recovery share with the server
 * (`/frame/import`), which links the wallet. As with creation, the device share is stored before the
 * upload and taken back if the server refuses; a share this device already held for that address (the
 * server then refuses it as already linked) is put back as it was.
 */
export async function storeImportedKey(
  ctx: FrameContext,
  accessToken: string | null,
  key: ImportedKey,
  choice: RecoveryChoice,
): Promise<void> {
  const shares = await splitEntropy(key.secret);
  try {
    const recovery = await sealRecoveryShare(shares.recoveryShare, choice);
    const nonce = await ctx.api.nonce(accessToken);
    const proof = proveImportedKey(key, nonce);
    const store = importedKeyShares(ctx);
    const previous = decodeDeviceShare(store.read(key.address));
    store.save([key.address], shares.deviceShare);
    try {
      await ctx.api.importWallet(accessToken, {
        chain_type: key.chain,
        address: key.address,
        auth_share: toBase64(shares.authShare),
        ...recovery,
        nonce: nonce.nonce,
        signature: proof.signature,
      });
    } catch (error) {
      if (previous) store.save([key.address], previous);
      else store.delete([key.address]);
      throw error;
    } finally {
      wipe(previous);
    }
    // A share of an earlier split the page held for this address is of no use now.
    ctx.authShares.forget(key.address);
  } finally {
    wipe(shares.deviceShare, shares.authShare, shares.recoveryShare);
  }
}

/**
 * Rebuilds an imported key from this device's share and the auth share, checks that its address is the
 * entropy id the request names, runs `use`, then wipes the key. Like `withEntropy` (see withAuthShare):
 * a device share that no longer combines (a recovery elsewhere re-split the key) is deleted and
 * answered with `wallet_not_on_device`.
 */
export async function withImportedKey<T>(
  ctx: FrameContext,
  accessToken: string | null,
  ref: EntropyRef,
  use: (key: ImportedKey) => T | Promise<T>,
  options: AuthShareOptions = {},
): Promise<T> {
  const store = importedKeyShares(ctx);
  const name = importedKeyName(ref.entropyId);
  const deviceShare = decodeDeviceShare(store.read(name));
  if (!deviceShare) throw new FrameError('wallet_not_on_device', frameMessages.notOnDevice);
  try {
    return await withAuthShare(
      ctx,
      accessToken,
      ref.entropyId,
      {
        rebuild: (held) => rebuild(deviceShare, held, ref),
        wipe: (key) => wipe(key.secret),
        dropStale: () => store.deleteStale(name),
      },
      use,
      options,
    );
  } finally {
    wipe(deviceShare);
  }
}

/** The key two shares rebuild, or null when they do not rebuild the key `ref` names. */
async function rebuild(
  deviceShare: Uint8Array,
  held: HeldAuthShare,
  ref: EntropyRef,
): Promise<ImportedKey | null> {
  let secret: Uint8Array;
  try {
    secret = await combineShares(deviceShare, held.share);
  } catch {
    return null;
  }
  // Deriving an address from a raw key is one scalar multiplication: checked every time.
  if (isImportedKeyOf(ref, secret))
    return { chain: ref.primaryChain, secret, address: importedKeyAddress(ref.primaryChain, secret) };
  wipe(secret);
  return null;
}

/**
 * Re-splits an imported key (recovery on a new device, or a new recovery method): the server gets the
 * new auth and recovery shares with the key's proof (and the current password's, `currentVerifier`),
 * and this device keeps the new device share under the key's address.
 */
export function reshareImportedKey(
  ctx: FrameContext,
  accessToken: string | null,
  entropyId: string,
  secret: Uint8Array,
  choice: RecoveryChoice,
  currentVerifier: string | null,
): Promise<void> {
  const chain = /^0x/i.test(entropyId) ? 'ethereum' : 'solana';
  const key = { chain, secret, address: importedKeyAddress(chain, secret) } as const;
  return resplit(
    ctx,
    accessToken,
    entropyId,
    secret,
    choice,
    { prove: (nonce) => proveImportedKey(key, nonce), currentVerifier },
    (deviceShare) => importedKeyShares(ctx).save([importedKeyName(entropyId)], deviceShare),
  );
}
