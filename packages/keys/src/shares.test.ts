import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { generateEntropy } from './entropy.ts';
import { combineShares, splitEntropy } from './shares.ts';

describe('2-of-3 shares', () => {
  it('rebuilds the entropy from any two of the three shares, in either order', async () => {
    const entropy = generateEntropy();
    const { deviceShare, authShare, recoveryShare } = await splitEntropy(entropy);
    const pairs = [
      [deviceShare, authShare],
      [authShare, recoveryShare],
      [deviceShare, recoveryShare],
    ] as const;
    for (const [a, b] of pairs) {
      expect(await combineShares(a, b)).toEqual(entropy);
      expect(await combineShares(b, a)).toEqual(entropy);
    }
  });

  it('gives shares that are not the entropy and differ on every split', async () => {
    const entropy = generateEntropy();
    const first = await splitEntropy(entropy);
    const second = await splitEntropy(entropy);
    for (const share of Object.values(first)) {
      expect(share.length).toBeGreaterThanOrEqual(entropy.length);
      expect(bytesToHex(share.subarray(0, entropy.length))).not.toBe(bytesToHex(entropy));
    }
    expect(bytesToHex(first.deviceShare)).not.toBe(bytesToHex(second.deviceShare));
  });

  it('does not rebuild the entropy from shares of two different splits', async () => {
    const entropy = generateEntropy();
    const first = await splitEntropy(entropy);
    const second = await splitEntropy(entropy);
    // Two splits' shares can happen to share an x-coordinate; then combine throws, which also fails to rebuild.
    const mixed = await combineShares(first.deviceShare, second.authShare).catch(() => null);
    expect(mixed).not.toEqual(entropy);
  });

  it('refuses the same share twice', async () => {
    const { deviceShare } = await splitEntropy(generateEntropy());
    await expect(combineShares(deviceShare, deviceShare)).rejects.toThrow();
  });
});
