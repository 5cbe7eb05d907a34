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
