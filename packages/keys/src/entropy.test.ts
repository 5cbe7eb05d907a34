import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { entropyToMnemonic as scureEntropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import {
  entropyToMnemonic,
  generateEntropy,
  mnemonicBytes,
  mnemonicToEntropy,
  seedFromEntropy,
  seedFromEntropyAsync,
} from './entropy.ts';

// The 128-bit vectors of the BIP-39 reference test set (trezor/python-mnemonic vectors.json).
const VECTORS: [string, string][] = [
  [
    '00000000000000000000000000000000',
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  ],
  [
    '7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f',
    'legal winner thank year wave sausage worth useful legal winner thank yellow',
  ],
  [
    '80808080808080808080808080808080',
    'letter advice cage absurd amount doctor acoustic avoid letter advice cage above',
  ],
  ['ffffffffffffffffffffffffffffffff', 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong'],
];

describe('BIP-39', () => {
  it.each(VECTORS)('entropy %s ↔ its mnemonic', (entropy, mnemonic) => {
    expect(entropyToMnemonic(hexToBytes(entropy))).toBe(mnemonic);
    expect(bytesToHex(mnemonicToEntropy(mnemonic))).toBe(entropy);
  });

  it('derives the BIP-39 seed with an empty passphrase', () => {
    const seed = seedFromEntropy(new Uint8Array(16));
    expect(bytesToHex(seed)).toBe(
      '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1' +
        '9a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    );
  });

  it('derives the same seed with WebCrypto as with the JavaScript PBKDF2', async () => {
    expect(bytesToHex(await seedFromEntropyAsync(new Uint8Array(16)))).toBe(
      bytesToHex(seedFromEntropy(new Uint8Array(16))),
    );
    for (const [entropy] of VECTORS) {
      const bytes = hexToBytes(entropy);
      expect(bytesToHex(await seedFromEntropyAsync(bytes)), entropy).toBe(bytesToHex(seedFromEntropy(bytes)));
    }
    for (let i = 0; i < 20; i++) {
      const bytes = i % 4 ? generateEntropy() : globalThis.crypto.getRandomValues(new Uint8Array(32));
      expect(bytesToHex(await seedFromEntropyAsync(bytes))).toBe(bytesToHex(seedFromEntropy(bytes)));
    }
  });

  it('writes the mnemonic as bytes the way @scure/bip39 writes it as text, at every entropy length', () => {
    const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    for (const [entropy, mnemonic] of VECTORS)
      expect(text(mnemonicBytes(hexToBytes(entropy)))).toBe(mnemonic);
    // trezor/python-mnemonic vectors.json, 256 bits.
    expect(text(mnemonicBytes(new Uint8Array(32).fill(0xff)))).toBe(`${'zoo '.repeat(23)}vote`);
    for (let i = 0; i < 400; i++) {
      const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16 + 4 * (i % 5)));
      const expected = scureEntropyToMnemonic(bytes, wordlist).normalize('NFKD');
      expect(text(mnemonicBytes(bytes)), bytesToHex(bytes)).toBe(expected);
    }
    // Every word is lowercase ASCII: its own NFKD form and its own UTF-8, which mnemonicBytes relies on.
    expect(wordlist.every((word) => /^[a-z]+$/.test(word))).toBe(true);
    for (const length of [0, 15, 17, 36])
      expect(() => mnemonicBytes(new Uint8Array(length))).toThrow(RangeError);
  });

  it('rejects a mnemonic with a bad checksum or an unknown word', () => {
    expect(() => mnemonicToEntropy(Array(12).fill('abandon').join(' '))).toThrow();
    expect(() => mnemonicToEntropy(`${Array(11).fill('abandon').join(' ')} abowt`)).toThrow();
  });

  it('generates 16 fresh random bytes (12 words) each time', () => {
    const a = generateEntropy();
    const b = generateEntropy();
    expect(a).toHaveLength(16);
    expect(bytesToHex(a)).not.toBe(bytesToHex(b));
    expect(entropyToMnemonic(a).split(' ')).toHaveLength(12);
  });
});
