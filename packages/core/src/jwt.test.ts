import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isTokenActive, tokenAppId } from './jwt.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64(claims)}.sig`;

describe('jwt', () => {
  it('decodes claims (UTF-8 included) without checking the signature; junk decodes to null', () => {
    expect(decodeJwtPayload(jwt({ sub: 'did:privy:x', name: 'Zoë 🔑' }))).toEqual({
      sub: 'did:privy:x',
      name: 'Zoë 🔑',
    });
    expect(decodeJwtPayload('nope')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
    expect(decodeJwtPayload(`a.${b64([1, 2])}.c`)).toBeNull();
  });

  it('a token is active until 30 s before exp', () => {
    const exp = 1_700_000_000;
    const token = jwt({ exp });
    expect(isTokenActive(token, (exp - 31) * 1000)).toBe(true);
    expect(isTokenActive(token, (exp - 30) * 1000 - 1)).toBe(true);
    expect(isTokenActive(token, (exp - 30) * 1000)).toBe(false);
    expect(isTokenActive(token, exp * 1000)).toBe(false);
    expect(isTokenActive(jwt({}), 0)).toBe(false);
    expect(isTokenActive('garbage', 0)).toBe(false);
  });

  it('the app id is `aid` when present, else `aud`', () => {
    expect(tokenAppId(jwt({ aud: 'app-a' }))).toBe('app-a');
    expect(tokenAppId(jwt({ aud: ['app-b', 'x'] }))).toBe('app-b');
    expect(tokenAppId(jwt({ aud: 'app-a', aid: 'app-c' }))).toBe('app-c');
    expect(tokenAppId(jwt({}))).toBeNull();
  });
});
