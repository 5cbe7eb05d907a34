import { describe, expect, it } from 'vitest';
import { browserCookies, clearSessionCookies, writeSessionCookies } from './cookies.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function target() {
  const writes: string[] = [];
  return {
    writes,
    target: {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        writes.push(value);
      },
    },
  };
}

describe('session cookies', () => {
  it('leaves out Secure when asked (plain-http pages) and privy-session without a refresh token', () => {
    const { writes, target: t } = target();
    const token = `h.${b64({ exp: 2_000_000_000 })}.s`;
    writeSessionCookies({ target: t, secure: false }, { token, identityToken: null, hasRefreshToken: false });
    expect(writes).toEqual([
      `privy-token=${token}; Path=/; Expires=Wed, 18 May 2033 03:33:20 GMT; SameSite=Strict`,
    ]);
    clearSessionCookies({ target: t, secure: false });
    expect(writes).toHaveLength(5);
  });

  it('does nothing outside a browser', () => {
    expect(browserCookies()).toBeNull();
  });
});
