import { api } from './api.ts';

/**
 * The one-time login link `latchkey dev` prints (`/dashboard/#login=<token>`): the token is taken out
 * of the address at once (so it is neither kept in history nor shared by copying the URL), then traded
 * for the session cookie. Null when the address has no link.
 */
export function takeLoginLink(): string | null {
  const match = /^#login=([A-Za-z0-9_-]{1,100})$/.exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(null, '', `${window.location.pathname}#/apps`);
  return match[1]!;
}

export const loginWithLink = (token: string) =>
  api<{ expires_at: number }>('POST', '/admin/v1/session', { login_link: token });
