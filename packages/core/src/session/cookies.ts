import { cookieNames } from '@latchkey/protocol';
import { tokenExpiresAt } from '../jwt.ts';

/** Where session cookies go: `document` in a browser, or a stand-in with a `cookie` setter. */
export interface SessionCookies {
  target: { cookie: string };
  /** Add `Secure` (off on plain-http development pages, where browsers drop Secure cookies). */
  secure: boolean;
}

/** Cookie names (WIRE.md §5.4), from the protocol; re-exported for apps that read them. */
export { cookieNames };

const sessionCookieMaxAgeSeconds = 30 * 24 * 60 * 60;

/**
 * The page's cookies, looked up at call time: null during SSR or in a worker. `Secure` is left
 * out only when the page itself is plain http (http://localhost in development).
 */
export function browserCookies(): SessionCookies | null {
  if (typeof document === 'undefined') return null;
  return { target: document, secure: globalThis.location?.protocol !== 'http:' };
}

function write(cookies: SessionCookies, name: string, value: string, expiry: string): void {
  const secure = cookies.secure ? '; Secure' : '';
  cookies.target.cookie = `${name}=${value}; Path=/; ${expiry}; SameSite=Strict${secure}`;
}

/**
 * Writes `privy-token` and `privy-id-token` (each expiring at its JWT's `exp`) and `privy-session`
 * = `t` for 30 days when a refresh session exists, so the app's backend can read them. The refresh
 * token itself is never put in a cookie.
 */
export function writeSessionCookies(
  cookies: SessionCookies,
  tokens: { token: string | null; identityToken: string | null; hasRefreshToken: boolean },
): void {
  const pairs: [string, string | null][] = [
    [cookieNames.token, tokens.token],
    [cookieNames.identityToken, tokens.identityToken],
  ];
  for (const [name, jwt] of pairs) {
    if (!jwt) continue;
    const exp = tokenExpiresAt(jwt);
    write(
      cookies,
      name,
      jwt,
      exp === null ? 'Max-Age=3600' : `Expires=${new Date(exp * 1000).toUTCString()}`,
    );
  }
  if (tokens.hasRefreshToken)
    write(cookies, cookieNames.session, 't', `Max-Age=${sessionCookieMaxAgeSeconds}`);
}

/** Deletes every session cookie, `privy-refresh-token` included. */
export function clearSessionCookies(cookies: SessionCookies): void {
  for (const name of Object.values(cookieNames)) {
    write(cookies, name, '', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0');
  }
}
