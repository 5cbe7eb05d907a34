import { cookieNames, refreshCookiePath } from '@latchkey/protocol';
import { generateCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { decodeJwt } from 'jose';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { serverOrigin } from '../http/server-origin.ts';
import { domainMatches } from './cookie-domain.ts';

/** Browsers cap a cookie's lifetime at 400 days (RFC 6265bis §5.6.1); longer is refused by Hono. */
const maxCookieAgeSeconds = 400 * 24 * 60 * 60;

/** The tokens a cookie-session response carries, with the ends of the refresh token and session. */
export interface SessionCookieTokens {
  accessToken: string;
  identityToken: string | null;
  refresh: { token: string; expiresAt: number; sessionExpiresAt: number } | null;
}

interface Scope {
  secure: boolean;
  /** The app's parent domain, for the cookies its backend may read; undefined: host-only. */
  domain: string | undefined;
}

/**
 * `Secure` when the server is reached over https (a plain-http test host would have its Secure
 * cookies dropped; http://localhost counts as secure for browsers, with or without it). The
 * parent domain is used only while it still matches the public host: a public URL changed after
 * `cookie_domain` was checked would otherwise make browsers drop every cookie.
 */
function scope(ctx: ServerContext, app: AppRecord): Scope {
  const origin = serverOrigin(ctx.settings);
  const domain = app.settings.cookie_domain;
  const host = new URL(origin).hostname;
  return {
    secure: origin.startsWith('https:'),
    domain: domain !== null && domainMatches(host, domain) ? domain : undefined,
  };
}

/** The attributes of each cookie (WIRE.md §5.4), without its value or lifetime. */
function attributes(name: string, { secure, domain }: Scope): CookieOptions {
  const base: CookieOptions = { sameSite: 'Strict', secure, path: '/' };
  switch (name) {
    case cookieNames.refreshToken:
      // Host-only and sent to the session routes alone: never to the app's backend or any other route.
      return { ...base, httpOnly: true, path: refreshCookiePath };
    case cookieNames.session:
      // Readable by page script: the incumbent's SDK reads it to decide whether to refresh.
      return { ...base, domain };
    default:
      return { ...base, httpOnly: true, domain };
  }
}

function cookie(name: string, value: string, maxAge: number, where: Scope): string {
  const age = Math.max(0, Math.min(Math.floor(maxAge), maxCookieAgeSeconds));
  return generateCookie(name, value, { ...attributes(name, where), maxAge: age });
}

function secondsUntilExp(jwt: string, now: number): number {
  const { exp } = decodeJwt(jwt);
  return typeof exp === 'number' ? exp - now : 0;
}

/**
 * `Set-Cookie` values that hold a session: the access and identity tokens until their `exp`, the
 * refresh token until it expires (never past the session's end), and `privy-session=t` until the
 * session ends.
 */
export function sessionCookies(ctx: ServerContext, app: AppRecord, tokens: SessionCookieTokens): string[] {
  const where = scope(ctx, app);
  const now = ctx.now();
  const cookies = [
    cookie(cookieNames.token, tokens.accessToken, secondsUntilExp(tokens.accessToken, now), where),
  ];
  if (tokens.identityToken)
    cookies.push(
      cookie(
        cookieNames.identityToken,
        tokens.identityToken,
        secondsUntilExp(tokens.identityToken, now),
        where,
      ),
    );
  if (tokens.refresh) {
    const { token, expiresAt, sessionExpiresAt } = tokens.refresh;
    cookies.push(cookie(cookieNames.refreshToken, token, Math.min(expiresAt, sessionExpiresAt) - now, where));
    cookies.push(cookie(cookieNames.session, 't', sessionExpiresAt - now, where));
  }
  return cookies;
}

/** `Set-Cookie` values that delete all four session cookies (same Path and Domain, Max-Age=0). */
export function expiredSessionCookies(ctx: ServerContext, app: AppRecord): string[] {
  const where = scope(ctx, app);
  return Object.values(cookieNames).map((name) => cookie(name, '', 0, where));
}
