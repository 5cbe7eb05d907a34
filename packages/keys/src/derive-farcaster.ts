import { ed25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { InvalidRequestError } from './errors.ts';

/**
 * The user's Farcaster signer: an Ed25519 key the wallet frame derives from the wallet's BIP-39 seed,
 * so it needs no storage of its own, comes back with the wallet on any device it is recovered on,
 * and is wiped with the seed. HKDF-SHA256 with a label of its own (RFC 5869 §3.2), not a BIP-32 or
 * SLIP-0010 path: Farcaster has no registered coin type, and a path under an existing one (60', 501')
 * would hand out a key that is also some wallet's.
 *
 * A key removed from an fid can never be added to it again (KeyRegistry), so a secret has a series
 * of signers: `generation` 0, then 1 once the user removed (revoked) the first, and so on.
 */

const salt = utf8ToBytes('latchkey');
/** How many signers a secret may go through: past that, a user revoking in a loop gets an error. */
export const farcasterSignerGenerations = 16;

/** The length of a Farcaster message hash: the first 20 bytes of its BLAKE3 digest. */
export const farcasterHashLength = 20;

export interface FarcasterSignerKey {
  /** The 32-byte RFC 8032 secret-key seed; wiped with the secret it came from. */
  privateKey: Uint8Array;
  publicKey: Uint8Array;
}

export function farcasterSignerKey(seed: Uint8Array, generation: number): FarcasterSignerKey {
  if (!Number.isInteger(generation) || generation < 0 || generation >= farcasterSignerGenerations)
    throw new InvalidRequestError('Invalid Farcaster signer generation');
  const privateKey = hkdf(sha256, seed, salt, utf8ToBytes(`farcaster signer v1 ${generation}`), 32);
  return { privateKey, publicKey: ed25519.getPublicKey(privateKey) };
}

/**
 * Signs a Farcaster message hash (what `ExternalEd25519Signer.signMessageHash` signs). Only a 20-byte
 * hash is signed: the key is a Farcaster key, and the frame is not an oracle for anything else.
 */
export function farcasterSign(key: FarcasterSignerKey, hash: Uint8Array): Uint8Array {
  if (hash.length !== farcasterHashLength)
    throw new InvalidRequestError(`A Farcaster message hash is ${farcasterHashLength} bytes`);
  return ed25519.sign(hash, key.privateKey);
}
