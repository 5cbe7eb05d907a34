import { describe, expect, it } from 'vitest';
import { identityTokenReuseSeconds, RecentIdentityTokens } from './recent-identity-tokens.ts';

describe('RecentIdentityTokens', () => {
  it('answers a token within the reuse window only, and never one from the future', () => {
    const recent = new RecentIdentityTokens();
    recent.remember('profile', 'token', 1000);
    expect(recent.get('profile', 1000)).toBe('token');
    expect(recent.get('profile', 1000 + identityTokenReuseSeconds - 1)).toBe('token');
    expect(recent.get('other', 1000)).toBeUndefined();
    expect(recent.get('profile', 1000 + identityTokenReuseSeconds)).toBeUndefined();
    // Dropped once stale.
    expect(recent.get('profile', 1000)).toBeUndefined();
    recent.remember('profile', 'token', 2000);
    expect(recent.get('profile', 1999)).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the least recently stored', () => {
    const recent = new RecentIdentityTokens(2);
    recent.remember('a', 'ta', 10);
    recent.remember('b', 'tb', 10);
    recent.remember('c', 'tc', 10);
    expect(recent.get('a', 10)).toBeUndefined();
    expect(recent.get('b', 10)).toBe('tb');
    expect(recent.get('c', 10)).toBe('tc');
  });
});
