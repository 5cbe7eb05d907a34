import { seedFromEntropyAsync } from '../keys/entropy.ts';
import {
  decryptShare,
  encryptShare,
  passwordRecoveryKey,
  randomRecoveryKey,
  randomSalt,
  splitEntropy,
  toBase64,
} from '../keys/index.ts';
import { decodeShare } from './auth-shares.ts';
import { entropyNames } from './entropy-names.ts';
import type { FrameContext } from './frame-context.ts';
import { FrameError } from './frame-error.ts';
import { type EntropyRef, type RecoveryMethod, type RequestData, recoveryPassword } from './request-data.ts';
import type { RecoveryUpload } from './server-api.ts';
import { wipe } from './wipe.ts';

/** A recovery method and, for `user-passcode`, the password its key is derived from. */
export interface RecoveryChoice {
  method: RecoveryMethod;
  password: string | null;
}

/**
 * Encrypts a recovery share under a fresh recovery key: a random one for `privy` (uploaded for the server
 * to keep), or PBKDF2 of the password with a new salt for `user-passcode` (only the salt is uploaded).
 */
export async function sealRecoveryShare(
  recoveryShare: Uint8Array,
  choice: RecoveryChoice,
): Promise<RecoveryUpload> {
  if (choice.method === 'privy') {
    const key = randomRecoveryKey();
    try {
      const box = await encryptShare(recoveryShare, key);
      return {
        recovery_method: 'privy',
        encrypted_recovery_share: toBase64(box),
        recovery_key: toBase64(key),
      };
    } finally {
      wipe(key);
    }
  }
  if (!choice.password) throw new FrameError('invalid_request_arguments', 'Missing recovery password');
  const salt = randomSalt();
  const key = await passwordRecoveryKey(choice.password, salt);
  try {
    const box = await encryptShare(recoveryShare, key);
    return {
      recovery_method: 'user-passcode',
      encrypted_recovery_share: toBase64(box),
      recovery_key_derivation_salt: toBase64(salt),
    };
  } finally {
    wipe(key);
  }
}

/**
 * Fetches and opens the user's recovery share with the method the server has on record. A wrong password
 * fails AES-GCM, which surfaces as `invalid_recovery_pin`. Returns the method so recovery keeps it.
 */
export async function openRecoveryShare(
  ctx: FrameContext,
  accessToken: string,
  ref: EntropyRef,
  data: RequestData,
): Promise<{ recoveryShare: Uint8Array; choice: RecoveryChoice }> {
  const stored = await ctx.api.recoveryShare(accessToken, ref.entropyId);
  const box = decodeShare(stored.encrypted_recovery_share);
  let key: Uint8Array | null = null;
  try {
    let choice: RecoveryChoice;
    if (stored.recovery_method === 'privy') {
      const material = await ctx.api.keyMaterial(accessToken, ref.entropyId, ref.primaryChain);
      if (!material.recovery_key) throw new FrameError('error', 'The server sent no recovery key');
      key = decodeShare(material.recovery_key);
      choice = { method: 'privy', password: null };
    } else if (stored.recovery_method === 'user-passcode') {
      const password = recoveryPassword(data);
      if (!stored.recovery_key_derivation_salt) throw new FrameError('error', 'The server sent no salt');
      key = await passwordRecoveryKey(password, decodeShare(stored.recovery_key_derivation_salt));
      choice = { method: 'user-passcode', password };
    } else {
      throw new FrameError('error', 'Unsupported recovery method');
    }
    return { recoveryShare: await decryptShare(box, key), choice };
  } finally {
    wipe(key);
  }
}

/**
 * Splits the entropy again and makes the new split the only valid one: fresh auth and recovery shares go
 * to the server (`/frame/set_recovery`), then the fresh device share replaces this device's. Shares of the
 * old split on other devices stop combining, which the entropy check turns into `wallet_not_on_device`.
 */
export async function reshare(
  ctx: FrameContext,
  accessToken: string,
  entropyId: string,
  entropy: Uint8Array,
  choice: RecoveryChoice,
): Promise<void> {
  await resplit(ctx, accessToken, entropyId, entropy, choice, async (deviceShare) => {
    const seed = await seedFromEntropyAsync(entropy);
    try {
      ctx.deviceShares.save(entropyNames(seed), deviceShare);
    } finally {
      seed.fill(0);
    }
  });
}

/**
 * `reshare` for any secret the server stores as an entropy (an HD entropy or an imported key): the new
 * split goes to the server, then `keepDeviceShare` stores this device's new share where that kind of
 * secret is kept.
 */
export async function resplit(
  ctx: FrameContext,
  accessToken: string,
  entropyId: string,
  secret: Uint8Array,
  choice: RecoveryChoice,
  keepDeviceShare: (deviceShare: Uint8Array) => void | Promise<void>,
): Promise<void> {
  const shares = await splitEntropy(secret);
  try {
    const recovery = await sealRecoveryShare(shares.recoveryShare, choice);
    await ctx.api.setRecovery(accessToken, {
      entropy_id: entropyId,
      auth_share: toBase64(shares.authShare),
      ...recovery,
    });
    await keepDeviceShare(shares.deviceShare);
  } finally {
    // The server now holds a new auth share; one this page held belongs to the old split.
    ctx.authShares.forget(entropyId);
    wipe(shares.deviceShare, shares.authShare, shares.recoveryShare);
  }
}
