import { sha256 } from '@noble/hashes/sha2.js';
import { clean } from '@noble/hashes/utils.js';
import {
  mnemonicToSeedSync,
  mnemonicToEntropy as toEntropy,
  entropyToMnemonic as toMnemonic,
} from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** 16 bytes = 128 bits = a 12-word BIP-39 mnemonic, the size every embedded wallet uses. */
const ENTROPY_BYTES = 16;

export function generateEntropy(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES));
}

export function entropyToMnemonic(entropy: Uint8Array): string {
  return toMnemonic(entropy, wordlist);
}

/** Throws on unknown words or a bad checksum (the checksum is what catches a mistyped word). */
export function mnemonicToEntropy(mnemonic: string): Uint8Array {
  return toEntropy(mnemonic, wordlist);
}

/**
 * The BIP-39 seed (64 bytes) with an empty passphrase. It goes through the mnemonic, because the BIP-39 seed
 * is defined over the mnemonic's text, not over the entropy bytes.
 */
export function seedFromEntropy(entropy: Uint8Array): Uint8Array {
  return mnemonicToSeedSync(entropyToMnemonic(entropy), '');
}

const seedSalt = new TextEncoder().encode('mnemonic');

/** The English words as bytes: all lowercase ASCII, so each is its own NFKD form and its own UTF-8. */
let wordBytes: Uint8Array[] | null = null;

/**
 * The mnemonic of `entropy` as the UTF-8 bytes BIP-39 hashes (its NFKD form), written out here rather than
 * through @scure/bip39's `entropyToMnemonic` for the seed the frame rebuilds at every signature: that one
 * checks all 2048 words of the list, character by character, on every call (0.09 ms in Chromium on the
 * bench machine, about what the five HMACs of a BIP-32 derivation cost), and it returns the phrase as a
 * string, which cannot be wiped. Here the phrase only ever
 * exists in the returned bytes, which the caller wipes. BIP-39 "Generating the mnemonic": append the
 * first ENT/32 bits of SHA-256(entropy), cut into 11-bit word indexes. The tests compare it with
 * @scure/bip39 on the BIP-39 vectors and on random entropies of every length.
 */
export function mnemonicBytes(entropy: Uint8Array): Uint8Array<ArrayBuffer> {
  if (entropy.length < 16 || entropy.length > 32 || entropy.length % 4 !== 0) {
    throw new RangeError('BIP-39 entropy is 16 to 32 bytes, a multiple of 4');
  }
  const encoder = new TextEncoder();
  wordBytes ??= wordlist.map((word) => encoder.encode(word));
  const digest = sha256(entropy);
  const bits = new Uint8Array(entropy.length + 1);
  bits.set(entropy);
  bits[entropy.length] = digest[0]! & (0xff << (8 - entropy.length / 4));
  const indexes = new Uint16Array((entropy.length * 3) / 4);
  let carry = 0;
  let held = 0;
  let count = 0;
  for (const byte of bits) {
    carry = ((carry << 8) | byte) & 0x7ffff;
    held += 8;
    if (held >= 11) {
      held -= 11;
      indexes[count++] = (carry >>> held) & 0x7ff;
    }
  }
  let length = indexes.length - 1;
  for (const index of indexes) length += wordBytes[index]!.length;
  const phrase = new Uint8Array(length);
  let at = 0;
  for (const [i, index] of indexes.entries()) {
    if (i > 0) phrase[at++] = 0x20;
    phrase.set(wordBytes[index]!, at);
    at += wordBytes[index]!.length;
  }
  clean(digest, bits, indexes);
  return phrase;
}

/**
 * The same BIP-39 seed as `seedFromEntropy`, computed with WebCrypto's native PBKDF2-HMAC-SHA512 (2048
 * rounds, salt 'mnemonic' + the empty passphrase). The frame rebuilds the seed for every signature, and in
 * a browser the native PBKDF2 takes about a tenth of the time of the JavaScript one.
 */
export async function seedFromEntropyAsync(entropy: Uint8Array): Promise<Uint8Array> {
  const password = mnemonicBytes(entropy);
  try {
    const key = await globalThis.crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const bits = await globalThis.crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-512', salt: seedSalt, iterations: 2048 },
      key,
      512,
    );
    return new Uint8Array(bits);
  } finally {
    password.fill(0);
  }
}
