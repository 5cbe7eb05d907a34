import { describe, expect, test } from 'vitest';
import { isAddressOrHash, shortenMiddle } from './shortenMiddle.ts';

describe('shortenMiddle', () => {
  test('an Ethereum address keeps 0x and 4 characters, then the last 4', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const parts = shortenMiddle(address);
    expect(parts).toEqual({ head: '0x5290', middle: '8400098527886E0F7030069857D2E416', tail: '9EE7' });
    expect(parts.head + parts.middle + parts.tail).toBe(address);
  });

  test('a transaction hash is cut the same way', () => {
    const hash = `0x${'ab'.repeat(30)}cdef`;
    const { head, middle, tail } = shortenMiddle(hash);
    expect([head, tail]).toEqual(['0xabab', 'cdef']);
    expect(middle).toHaveLength(66 - 10);
  });

  test('a Solana address (no 0x) keeps 4 characters at each end', () => {
    const address = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
    expect(shortenMiddle(address)).toMatchObject({ head: 'DRpb', tail: '21hy' });
  });

  test('a value the ellipsis would not shorten shows whole', () => {
    expect(shortenMiddle('0x12345678a')).toEqual({ head: '0x12345678a', middle: '', tail: '' });
    expect(shortenMiddle('0x123456789ab')).toEqual({ head: '0x1234', middle: '567', tail: '89ab' });
    expect(shortenMiddle('abcdefghi')).toEqual({ head: 'abcdefghi', middle: '', tail: '' });
    expect(shortenMiddle('abcdefghij')).toEqual({ head: 'abcd', middle: 'ef', tail: 'ghij' });
  });
});

describe('isAddressOrHash', () => {
  test('addresses, hashes and signatures are; names, emails and amounts are not', () => {
    for (const value of [
      '0x52908400098527886E0F7030069857D2E4169EE7',
      `0x${'ab'.repeat(32)}`,
      'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy',
    ])
      expect(isAddressOrHash(value), value).toBe(true);
    for (const value of ['alice@example.com', '+1 201 555 0123', '1000000000', '0x1234', 'Latchkey Demo'])
      expect(isAddressOrHash(value), value).toBe(false);
  });
});
