import { sessionApi } from './api/sessions.ts';

/**
 * Session cookie names (WIRE.md §5.4). The clients write them on the app's own domain in token
 * mode; in server-cookie mode the server sets them (the tokens HttpOnly) and the clients write none.
 */
export const cookieNames = {
  /** The access token. */
  token: 'privy-token',
  /** The identity token. */
  identityToken: 'privy-id-token',
  /** The refresh token: only ever set by the server, HttpOnly, scoped to the session routes. */
  refreshToken: 'privy-refresh-token',
  /** `t` while a refresh session may exist; readable by page script (the incumbent's SDK reads it). */
  session: 'privy-session',
} as const;

/** Path the server scopes `privy-refresh-token` to: only refresh and logout receive it. */
export const refreshCookiePath = sessionApi.sessions.path;
