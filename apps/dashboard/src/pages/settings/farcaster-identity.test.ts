import { describe, expect, it } from 'vitest';
import { identityProblems } from './farcaster-identity.ts';

describe('identityProblems', () => {
  const key = `0x${'ab'.repeat(32)}`;

  it('takes a positive fid and a 32-byte hex key', () => {
    expect(identityProblems('123', key)).toEqual({});
    expect(identityProblems(' 7 ', ` ${key.toUpperCase().replace('0X', '0x')} `)).toEqual({});
  });

  it('names the field that is wrong', () => {
    for (const fid of ['', '0', '-1', '1.5', 'abc', '99999999999999999999'])
      expect(Object.keys(identityProblems(fid, key))).toEqual(['fid']);
    for (const bad of ['', '0x1234', key.slice(2), `${key}00`, `0x${'g'.repeat(64)}`])
      expect(Object.keys(identityProblems('1', bad))).toEqual(['custody_private_key']);
  });
});
