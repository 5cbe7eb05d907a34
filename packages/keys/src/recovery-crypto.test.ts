import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { WrongRecoveryKeyError } from './errors.ts';
import {
  decryptShare,
  encryptShare,
  passwordRecoveryKey,
  randomRecoveryKey,
  randomSalt,
} from './recovery-crypto.ts';

const share = Uint8Array.from({ length: 17 }, (_, i) => i * 7);

describe('recovery-share encryption', () => {
  it('round-trips a share as iv(12) ‖ ciphertext ‖ tag(16), with a fresh iv each time', async () => {
    const key = randomRecoveryKey();
    const box = await encryptShare(share, key);
    expect(box).toHaveLength(12 + share.length + 16);
    expect(await decryptShare(box, key)).toEqual(share);
    const again = await encryptShare(share, key);
    expect(again.subarray(0, 12)).not.toEqual(box.subarray(0, 12));
  });

  it('throws WrongRecoveryKeyError for a wrong key', async () => {
    const box = await encryptShare(share, randomRecoveryKey());
    await expect(decryptShare(box, randomRecoveryKey())).rejects.toThrow(WrongRecoveryKeyError);
    await expect(decryptShare(box, new Uint8Array(16))).rejects.toThrow(WrongRecoveryKeyError);
  });

  it('throws WrongRecoveryKeyError for a tampered or truncated box', async () => {
    const key = randomRecoveryKey();
    const box = await encryptShare(share, key);
    for (const index of [0, 12, box.length - 1]) {
      const tampered = box.slice();
      tampered[index]! ^= 1;
      await expect(decryptShare(tampered, key)).rejects.toThrow(WrongRecoveryKeyError);
    }
    await expect(decryptShare(box.subarray(0, 27), key)).rejects.toThrow(WrongRecoveryKeyError);
  });

  it('refuses to encrypt under a key that is not 32 bytes', async () => {
    await expect(encryptShare(share, new Uint8Array(16))).rejects.toThrow(RangeError);
  });

  it('makes random 32-byte keys and 16-byte salts', () => {
    expect(randomRecoveryKey()).toHaveLength(32);
    expect(randomSalt()).toHaveLength(16);
    expect(randomRecoveryKey()).not.toEqual(randomRecoveryKey());
    expect(randomSalt()).not.toEqual(randomSalt());
  });
});

describe('password recovery key', () => {
  it('is PBKDF2-HMAC-SHA256 with 600000 iterations (checked against @noble/hashes)', async () => {
    const salt = randomSalt();
    const key = await passwordRecoveryKey('correct horse battery staple', salt);
    expect(key).toEqual(pbkdf2(sha256, 'correct horse battery staple', salt, { c: 600_000, dkLen: 32 }));
  });

  it('is the same for the same password and salt, and differs with either', async () => {
    const salt = randomSalt();
    const key = await passwordRecoveryKey('hunter22', salt);
    expect(await passwordRecoveryKey('hunter22', salt)).toEqual(key);
    expect(await passwordRecoveryKey('hunter23', salt)).not.toEqual(key);
    expect(await passwordRecoveryKey('hunter22', randomSalt())).not.toEqual(key);
  });

  it('opens a share sealed under the same password and refuses another password', async () => {
    const salt = randomSalt();
    const box = await encryptShare(share, await passwordRecoveryKey('pässwörd', salt));
    expect(await decryptShare(box, await passwordRecoveryKey('pässwörd', salt))).toEqual(share);
    await expect(decryptShare(box, await passwordRecoveryKey('passwörd', salt))).rejects.toThrow(
      WrongRecoveryKeyError,
    );
  });
});
