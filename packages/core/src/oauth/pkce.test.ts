import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeChallengeOf, createPkce } from './pkce.ts';

describe('PKCE values', () => {
  it('are base64url of 36 random bytes each, with the S256 challenge of the verifier (RFC 7636)', () => {
    const { codeVerifier, stateCode, codeChallenge } = createPkce();
    for (const value of [codeVerifier, stateCode]) {
      expect(value).toMatch(/^[A-Za-z0-9_-]{48}$/);
      expect(Buffer.from(value, 'base64url')).toHaveLength(36);
    }
    expect(codeChallenge).toBe(createHash('sha256').update(codeVerifier).digest('base64url'));
    expect(codeVerifier).not.toBe(stateCode);
  });

  it("matches RFC 7636 appendix B's example", () => {
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('are new each time', () => {
    const seen = new Set(Array.from({ length: 20 }, () => createPkce().codeVerifier));
    expect(seen.size).toBe(20);
  });
});
