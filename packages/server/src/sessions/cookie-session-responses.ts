import { type AuthenticatedUser, sessionUpdateActions } from '@latchkey/protocol';
import type { MiddlewareHandler } from 'hono';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import type { AppEnv } from '../http/env.ts';
import { expiredSessionCookies, sessionCookies } from './session-cookies.ts';
import { refreshTokenLifetime } from './session-service.ts';

/** An AuthenticatedUser body (WIRE.md §4.3): what every route that opens or renews a session answers. */
function isAuthenticatedUser(body: unknown): body is AuthenticatedUser {
  return (
    typeof body === 'object' &&
    body !== null &&
    'token' in body &&
    'session_update_action' in body &&
    (sessionUpdateActions as readonly unknown[]).includes(body.session_update_action)
  );
}

async function cookiesFor(ctx: ServerContext, app: AppRecord, body: AuthenticatedUser): Promise<string[]> {
  if (body.session_update_action === 'clear') return expiredSessionCookies(ctx, app);
  const accessToken = body.privy_access_token ?? body.token;
  if (!accessToken) return [];
  const lifetime = body.refresh_token ? await refreshTokenLifetime(ctx, app, body.refresh_token) : null;
  return sessionCookies(ctx, app, {
    accessToken,
    identityToken: body.identity_token ?? null,
    refresh: body.refresh_token && lifetime ? { token: body.refresh_token, ...lifetime } : null,
  });
}

/**
 * Cookie sessions: each response that opens, renews or ends a session (an AuthenticatedUser: every
 * `*\/authenticate` login, `POST /sessions`, whatever route answers one) has its tokens moved into
 * HttpOnly cookies and answers `token`, `privy_access_token` and `refresh_token` as null, so no
 * token ever reaches page script; `clear` deletes the cookies. It works on the finished response,
 * so no route has a cookie branch of its own and a new login route is covered as it is added.
 * Apps without cookie sessions pass through untouched.
 */
export function cookieSessionResponses(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const app = c.get('app');
    if (!app?.settings.cookie_sessions || c.res.status !== 200) return;
    if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const body: unknown = await c.res.clone().json();
    if (!isAuthenticatedUser(body)) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    // A response that sets session cookies is never stored by a cache.
    headers.set('cache-control', 'no-store');
    for (const cookie of await cookiesFor(ctx, app, body)) headers.append('set-cookie', cookie);
    const stripped: AuthenticatedUser = {
      ...body,
      token: null,
      privy_access_token: null,
      refresh_token: null,
    };
    const { status } = c.res;
    // Replaced whole (Hono would otherwise merge the old response's headers back in).
    c.res = undefined;
    c.res = new Response(JSON.stringify(stripped), { status, headers });
  };
}
