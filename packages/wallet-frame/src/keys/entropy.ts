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

/**
 * The same BIP-39 seed as `seedFromEntropy`, computed with WebCrypto's native PBKDF2-HMAC-SHA512 (2048
 * rounds, salt 'mnemonic' + the empty passphrase). The frame rebuilds the seed for every signature, and in
 * a browser the native PBKDF2 takes about a tenth of the time of the JavaScript one.
 */
export async function seedFromEntropyAsync(entropy: Uint8Array): Promise<Uint8Array> {
  // BIP-39 hashes the NFKD form of the mnemonic; the English words are ASCII, so this is its UTF-8.
  const password = new TextEncoder().encode(entropyToMnemonic(entropy).normalize('NFKD'));
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
