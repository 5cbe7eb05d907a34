/**
 * BIP-32's "invalid child: proceed with the next index" rule, which no real seed reaches (probability below
 * 2^-127 per step): the HMAC is forced to give an invalid I for one child number, here and in @scure/bip32
 * (through its test seam `_deriveChild(index, I)`), and both must land on the same next child.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { numberToBytesBE } from '@noble/curves/utils.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { describe, expect, it, vi } from 'vitest';
import { deriveSecp256k1 } from './derive-ethereum.ts';

const forced = vi.hoisted(() => ({ child: null as number | null, digest: new Uint8Array(64) }));

vi.mock('@noble/hashes/hmac.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('@noble/hashes/hmac.js')>();
  const hmac = ((hash, key, message) => {
    const child =
      message.length === 37 ? new DataView(message.buffer, message.byteOffset).getUint32(33) : null;
    return child !== null && child === forced.child
      ? forced.digest.slice()
      : original.hmac(hash, key, message);
  }) as typeof original.hmac;
  return { ...original, hmac };
});

const N = secp256k1.Point.Fn.ORDER;
const H = 0x80000000;
const seed = globalThis.crypto.getRandomValues(new Uint8Array(64));
const chainCode = globalThis.crypto.getRandomValues(new Uint8Array(32));
const digestOf = (tweak: bigint) => {
  const digest = new Uint8Array(64);
  digest.set(numberToBytesBE(tweak, 32), 0);
  digest.set(chainCode, 32);
  return digest;
};

/** @scure/bip32's child of `parent` at `child` when the HMAC gives `digest` there. */
function reference(parent: HDKey, child: number, digest: Uint8Array): HDKey {
  return (parent as unknown as { _deriveChild(index: number, I: Uint8Array): HDKey })._deriveChild(
    child,
    digest,
  );
}

describe('an invalid BIP-32 child', () => {
  const parentPath = [H + 44, H + 60, H];

  it.each([
    ['I_L = n', 3, () => N],
    ['I_L = 2^256 - 1', H + 7, () => 2n ** 256n - 1n],
    ['k_par + I_L = 0 (mod n)', 5, (parentKey: bigint) => N - parentKey],
    ['k_par + I_L = 0 (mod n), hardened', H + 9, (parentKey: bigint) => N - parentKey],
  ])('%s at child %i: moves on to the next child number, as @scure/bip32 does', (_, child, tweak) => {
    const parent = HDKey.fromMasterSeed(seed).derive(`m/44'/60'/0'`);
    forced.child = null;
    expect(bytesToHex(deriveSecp256k1(seed, parentPath).privateKey)).toBe(bytesToHex(parent.privateKey!));
    const parentKey = BigInt(`0x${bytesToHex(parent.privateKey!)}`);
    forced.child = child;
    forced.digest = digestOf(tweak(parentKey));
    const node = deriveSecp256k1(seed, [...parentPath, child]);
    const expected = reference(parent, child, forced.digest);
    expect(expected.index).toBe(child + 1);
    expect(bytesToHex(node.privateKey)).toBe(bytesToHex(expected.privateKey!));
    expect(bytesToHex(node.chainCode)).toBe(bytesToHex(expected.chainCode!));
    // The forced digest is not used: the next child number's HMAC is the real one.
    forced.child = null;
    expect(bytesToHex(deriveSecp256k1(seed, [...parentPath, child + 1]).privateKey)).toBe(
      bytesToHex(node.privateKey),
    );
  });

  it('fails at the last child number, where there is no next one', () => {
    forced.child = 0xffffffff;
    forced.digest = digestOf(N);
    expect(() => deriveSecp256k1(seed, [...parentPath, 0xffffffff])).toThrow(/no valid child/);
  });
});
