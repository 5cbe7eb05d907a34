import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/curves/utils.js';
import { base58 } from '@scure/base';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { FrameError } from './frame-error.ts';
import { importedKeyAddress, isImportedKeyOf, parseImportedKey, solanaKeypair } from './imported-key.ts';

/** Hardhat's first account: a key every Ethereum developer has seen, and its address. */
const hardhatKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const hardhatAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** The error a parse fails with: its type and message (never the key). */
function refusal(chain: 'ethereum' | 'solana', value: unknown): { type: string; message: string } {
  try {
    parseImportedKey(chain, value);
  } catch (error) {
    expect(error).toBeInstanceOf(FrameError);
    return { type: (error as FrameError).type, message: (error as FrameError).message };
  }
  throw new Error('the key was accepted');
}

describe('parseImportedKey: Ethereum', () => {
  it('reads 0x + 64 hex digits, without 0x, in any case, with a pasted newline', () => {
    for (const text of [
      hardhatKey,
      hardhatKey.slice(2),
      hardhatKey.toUpperCase().replace('0X', '0x'),
      ` ${hardhatKey}\n`,
    ]) {
      const key = parseImportedKey('ethereum', text);
      expect(key.chain).toBe('ethereum');
      expect(key.address).toBe(hardhatAddress);
      expect(`0x${bytesToHex(key.secret)}`).toBe(hardhatKey);
    }
  });

  it('refuses what is not a secp256k1 private key, without quoting it', () => {
    const n = secp256k1.Point.Fn.ORDER.toString(16);
    const cases: [unknown, string][] = [
      [undefined, 'Missing or invalid privateKey'],
      [null, 'Missing or invalid privateKey'],
      [42, 'Missing or invalid privateKey'],
      [{ privateKey: hardhatKey }, 'Missing or invalid privateKey'],
      ['', 'Missing or invalid privateKey'],
      ['x'.repeat(201), 'Missing or invalid privateKey'],
      [hardhatKey.slice(0, -1), 'An Ethereum private key is 64 hex digits, with or without 0x'],
      [`${hardhatKey}00`, 'An Ethereum private key is 64 hex digits, with or without 0x'],
      [hardhatKey.replace('a', 'g'), 'An Ethereum private key is 64 hex digits, with or without 0x'],
      [`0X${hardhatKey.slice(2)}`, 'An Ethereum private key is 64 hex digits, with or without 0x'],
      [`0x ${hardhatKey.slice(2)}`, 'An Ethereum private key is 64 hex digits, with or without 0x'],
      [`0x${'0'.repeat(64)}`, 'Invalid Ethereum private key: not a secp256k1 private key'],
      [`0x${n}`, 'Invalid Ethereum private key: not a secp256k1 private key'],
      [`0x${'f'.repeat(64)}`, 'Invalid Ethereum private key: not a secp256k1 private key'],
      // A Solana key is not an Ethereum one.
      [
        base58.encode(solanaKeypair(new Uint8Array(32).fill(7))),
        'An Ethereum private key is 64 hex digits, with or without 0x',
      ],
    ];
    for (const [value, message] of cases) {
      const got = refusal('ethereum', value);
      expect(got, String(value)).toEqual({ type: 'invalid_request_arguments', message });
      if (typeof value === 'string' && value.length > 8)
        expect(got.message).not.toContain(value.slice(2, 12));
    }
  });
});

describe('parseImportedKey: Solana', () => {
  const seed = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(seed);
  const address = base58.encode(publicKey);
  const keypair = new Uint8Array([...seed, ...publicKey]);

  it('reads base58 of the 64-byte keypair, as Phantom exports it', () => {
    const key = parseImportedKey('solana', base58.encode(keypair));
    expect(key).toEqual({ chain: 'solana', secret: seed, address });
    expect(solanaKeypair(key.secret)).toEqual(keypair);
  });

  it('reads base58 of the 32-byte seed', () => {
    expect(parseImportedKey('solana', `${base58.encode(seed)}\n`)).toEqual({
      chain: 'solana',
      secret: seed,
      address,
    });
  });

  it('refuses a keypair whose public half is not its seed’s, other lengths and non-base58', () => {
    const otherPublic = ed25519.getPublicKey(ed25519.utils.randomSecretKey());
    const mismatched = base58.encode(new Uint8Array([...seed, ...otherPublic]));
    const cases: [unknown, string][] = [
      [mismatched, 'Invalid Solana private key: its public key does not match its secret key'],
      [base58.encode(keypair.slice(0, 63)), 'A Solana private key is 64 bytes (or its 32-byte seed)'],
      [
        base58.encode(new Uint8Array([...keypair, 1])),
        'A Solana private key is 64 bytes (or its 32-byte seed)',
      ],
      [base58.encode(seed.slice(0, 31)), 'A Solana private key is 64 bytes (or its 32-byte seed)'],
      // 0, O, I and l are not base58; nor is an Ethereum key's 0x.
      [`0${base58.encode(keypair).slice(1)}`, 'A Solana private key is base58'],
      [hardhatKey, 'A Solana private key is base58'],
      [[...keypair], 'Missing or invalid privateKey'],
    ];
    for (const [value, message] of cases) {
      expect(refusal('solana', value), String(value)).toEqual({ type: 'invalid_request_arguments', message });
    }
  });
});

describe('isImportedKeyOf', () => {
  it('is true only for the 32-byte key whose address is the entropy id', () => {
    const key = parseImportedKey('ethereum', hardhatKey);
    const ref = {
      entropyId: hardhatAddress.toLowerCase(),
      verifier: 'ethereum-address-verifier',
      primaryChain: 'ethereum',
    } as const;
    expect(isImportedKeyOf(ref, key.secret)).toBe(true);
    expect(
      isImportedKeyOf({ ...ref, entropyId: privateKeyToAddress(`0x${'11'.repeat(32)}`) }, key.secret),
    ).toBe(false);
    // An HD entropy (16 bytes), zero bytes (no key) and the same key read as Solana.
    expect(isImportedKeyOf(ref, new Uint8Array(16).fill(1))).toBe(false);
    expect(isImportedKeyOf(ref, new Uint8Array(32))).toBe(false);
    expect(
      isImportedKeyOf(
        { entropyId: hardhatAddress, verifier: 'solana-address-verifier', primaryChain: 'solana' },
        key.secret,
      ),
    ).toBe(false);
    expect(importedKeyAddress('solana', key.secret)).toBe(base58.encode(ed25519.getPublicKey(key.secret)));
  });
});
