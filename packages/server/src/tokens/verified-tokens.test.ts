import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens.ts';

const entry = (expiresAt: number) => ({ appId: 'app', kid: 'kid', pem: 'pem', claims: { expiresAt } });

describe('VerifiedTokens', () => {
  it('answers a remembered token until its exp, and drops it from then on', () => {
    const cache = new VerifiedTokens<{ expiresAt: number }>();
    cache.remember('t', entry(100));
    expect(cache.get('t', 99)?.claims.expiresAt).toBe(100);
    expect(cache.get('t', 100)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('t', 50)).toBeUndefined();
    expect(cache.get('unknown', 0)).toBeUndefined();
  });

  it('holds at most its capacity, dropping the least recently used', () => {
    const cache = new VerifiedTokens<{ expiresAt: number }>(3);
    for (const token of ['a', 'b', 'c']) cache.remember(token, entry(100));
    expect(cache.get('a', 0)).toBeDefined(); // a is now the most recent: b is the oldest
    cache.remember('d', entry(100));
    expect(cache.size).toBe(3);
    expect(cache.get('b', 0)).toBeUndefined();
    for (const token of ['a', 'c', 'd']) expect(cache.get(token, 0), token).toBeDefined();
    // Remembering a token again replaces it, and does not evict another.
    cache.remember('d', entry(200));
    expect(cache.size).toBe(3);
    expect(cache.get('d', 150)?.claims.expiresAt).toBe(200);
  });

  it('stays at its capacity under many distinct tokens', () => {
    const cache = new VerifiedTokens<{ expiresAt: number }>(100);
    for (let i = 0; i < 10_000; i++) cache.remember(`token-${i}`, entry(100));
    expect(cache.size).toBe(100);
    expect(cache.get('token-9999', 0)).toBeDefined();
    expect(cache.get('token-0', 0)).toBeUndefined();
  });
});
