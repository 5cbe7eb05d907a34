import {
  decryptShare,
  encryptShare,
  passwordRecoveryKey,
  passwordVerifier,
  randomRecoveryKey,
  randomSalt,
  seedFromEntropyAsync,
  splitEntropy,
  toBase64,
} from '@latchkey/keys';
import { decodeShare } from './auth-shares.ts';
import { entropyNames } from './entropy-names.ts';
import type { FrameContext } from './frame-context.ts';
import { FrameError } from './frame-error.ts';
import type { WalletKeyProof } from './key-proofs.ts';
import type { EntropyRef, FrameRecoveryMethod } from './request-data.ts';
import type { NonceReply, RecoveryUpload } from './server-api.ts';
import { wipe } from './wipe.ts';

/** A recovery method and, for `user-passcode`, the password its key is derived from. */
export interface RecoveryChoice {
  method: FrameRecoveryMethod;
  password: string | null;
}

/**
 * Encrypts a recovery share under a fresh recovery key: a random one for `privy` (uploaded for the server
 * to keep), or PBKDF2 of the password with a new salt for `user-passcode` (only the salt and the
 * password's verifier are uploaded).
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
      recovery_password_verifier: toBase64(await passwordVerifier(key)),
    };
  } finally {
    wipe(key);
  }
}

/** The opened recovery share, the method the server has on record, and the password's verifier. */
export interface OpenedRecovery {
  recoveryShare: Uint8Array;
  choice: RecoveryChoice;
  /** `user-passcode`: what proves the password to the server (base64); null for `privy`. */
  verifier: string | null;
}

/**
 * Fetches and opens the user's recovery share with the method the server has on record: `privy` with the
 * recovery key the server keeps; `user-passcode` with the key of `password()`, whose verifier the server
 * checks before it releases the share. A wrong password is refused by the server or fails AES-GCM (a
 * wallet from before verifiers), both `invalid_recovery_pin`. Proves the password as a side effect, which
 * is what a change of recovery method needs.
 */
export async function openRecoveryShare(
  ctx: FrameContext,
  accessToken: string | null,
  ref: EntropyRef,
  password: () => string,
  /** `recover` when the share rebuilds the wallet on this device: the server records it. */
  purpose?: 'recover',
): Promise<OpenedRecovery> {
  const material = await ctx.api.keyMaterial(accessToken, ref.entropyId, ref.primaryChain);
  let key: Uint8Array | null = null;
  try {
    let choice: RecoveryChoice;
    let verifier: string | null = null;
    if (material.recovery_type === 'privy_generated_recovery_key') {
      if (!material.recovery_key) throw new FrameError('error', 'The server sent no recovery key');
      key = decodeShare(material.recovery_key);
      choice = { method: 'privy', password: null };
    } else if (material.recovery_type === 'user_passcode_derived_recovery_key') {
      if (!material.recovery_key_derivation_salt) throw new FrameError('error', 'The server sent no salt');
      const secret = password();
      key = await passwordRecoveryKey(secret, decodeShare(material.recovery_key_derivation_salt));
      verifier = toBase64(await passwordVerifier(key));
      choice = { method: 'user-passcode', password: secret };
    } else {
      throw new FrameError('error', 'Unsupported recovery method');
    }
    const stored = await ctx.api.recoveryShare(accessToken, ref.entropyId, verifier, purpose);
    const recoveryShare = await decryptShare(decodeShare(stored.encrypted_recovery_share), key);
    return { recoveryShare, choice, verifier };
  } finally {
    wipe(key);
  }
}

/** What the server wants before it takes a new split: the key's proof, and the current password's. */
export interface ResplitProof {
  /** The entropy's primary key (or the imported key) signs the key-proof text for `nonce`. */
  prove(nonce: NonceReply): WalletKeyProof;
  /** The current password's verifier (base64) when the wallet has a password now. */
  currentVerifier: string | null;
}

/**
 * Splits the entropy again and makes the new split the only valid one: fresh auth and recovery shares go
 * to the server (`/frame/set_recovery`), then the fresh device share replaces this device's. Shares of the
 * old split on other devices stop combining, which the entropy check turns into `wallet_not_on_device`.
 */
export async function reshare(
  ctx: FrameContext,
  accessToken: string | null,
  entropyId: string,
  entropy: Uint8Array,
  choice: RecoveryChoice,
  proof: ResplitProof,
): Promise<void> {
  await resplit(ctx, accessToken, entropyId, entropy, choice, proof, async (deviceShare) => {
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
 * split goes to the server with the proofs it asks for, then `keepDeviceShare` stores this device's new
 * share where that kind of secret is kept.
 */
export async function resplit(
  ctx: FrameContext,
  accessToken: string | null,
  entropyId: string,
  secret: Uint8Array,
  choice: RecoveryChoice,
  proof: ResplitProof,
  keepDeviceShare: (deviceShare: Uint8Array) => void | Promise<void>,
): Promise<void> {
  const shares = await splitEntropy(secret);
  try {
    const recovery = await sealRecoveryShare(shares.recoveryShare, choice);
    const nonce = await ctx.api.nonce(accessToken);
    await ctx.api.setRecovery(accessToken, {
      entropy_id: entropyId,
      auth_share: toBase64(shares.authShare),
      ...recovery,
      nonce: nonce.nonce,
      signature: proof.prove(nonce).signature,
      ...(proof.currentVerifier ? { current_password_verifier: proof.currentVerifier } : {}),
    });
    await keepDeviceShare(shares.deviceShare);
  } finally {
    // The server now holds a new auth share; one this page held belongs to the old split.
    ctx.authShares.forget(entropyId);
    wipe(shares.deviceShare, shares.authShare, shares.recoveryShare);
  }
}
