import { type AuthenticatedUser, sessionApi, type User } from '@latchkey/protocol';
import type { AnalyticsId } from '../analyticsId.ts';
import { isInvalidTokenError } from '../errors.ts';
import type { HttpClient, SessionRenewal } from '../http/createHttpClient.ts';
import { isTokenActive, tokenAppId } from '../jwt.ts';
import type { LatchkeyStorage } from '../storage.ts';
import { browserCookies, clearSessionCookies, type SessionCookies, writeSessionCookies } from './cookies.ts';
import {
  deleteStoredTokens,
  noTokens,
  readStoredTokens,
  type SessionTokens,
  writeStoredTokens,
} from './stored-tokens.ts';

export type { SessionTokens } from './stored-tokens.ts';

export interface CreateSessionManagerParameters {
  appId: string;
  http: HttpClient;
  storage: LatchkeyStorage;
  /** Told every time the user changes (null when logged out). */
  onUserChange?: ((user: User | null) => void) | undefined;
  /** Forgotten on logout. */
  analyticsId?: Pick<AnalyticsId, 'clear'> | undefined;
  /** Client clock in ms; injectable for tests. */
  now?: (() => number) | undefined;
  /** Where to write the session cookies; default `document` when there is one; null for none. */
  cookies?: SessionCookies | null | undefined;
}

export interface SessionManager {
  /** The logged-in user, or null. */
  readonly user: User | null;
  /**
   * Cookie sessions (the app config's `custom_api_url` is set, WIRE.md §5.4): the server keeps the
   * tokens in HttpOnly cookies; this manager holds no access or refresh token, writes none to
   * storage or to page cookies, and `getAccessToken` resolves null.
   */
  readonly cookieSessions: boolean;
  /** Switches to cookie sessions (before `restore`); stored tokens of an earlier mode are deleted. */
  useCookieSessions(): Promise<void>;
  /**
   * For calls refused with `missing_or_invalid_token` under cookie sessions (`createHttpClient`'s
   * `renewal`): one refresh for all the calls sent before it, true when the session lives on.
   * Always false with token sessions, which refresh before the token expires.
   */
  readonly renewal: SessionRenewal;
  /** The tokens held now, without refreshing. */
  readonly tokens: SessionTokens;
  /** Loads the stored session and brings it up to date with the server. Never throws. */
  restore(): Promise<void>;
  /** An active access token (refreshed when needed), or null when logged out. */
  getAccessToken(): Promise<string | null>;
  /** An active identity token (refreshed when needed), or null when logged out. */
  getIdentityToken(): Promise<string | null>;
  /** `POST /api/v1/sessions`; concurrent calls share one request. */
  refresh(): Promise<User | null>;
  /** A refresh that starts after any in-flight one, for fresh data after an account change. */
  refreshAfterChange(): Promise<User | null>;
  /** Applies an AuthenticatedUser response by its `session_update_action`. */
  applyAuthResponse(response: AuthenticatedUser): Promise<User | null>;
  /** Replaces the user (and identity token) after `/users/me`, accept terms or a link. */
  updateUser(user: User, identityToken?: string | null): Promise<void>;
  /** `POST /api/v1/sessions/logout`, then clears local state and the analytics id, even if the call fails. */
  logout(): Promise<void>;
  /** Wipes tokens, cookies and the user. */
  clear(): Promise<void>;
}

/**
 * The session manager (spec document 1 §4 Session). A stored access token is active until 30 s
 * before `exp`; when it is not and a refresh token exists, one refresh runs however many callers
 * ask. Responses are applied by `session_update_action`: `set` (or none) stores every token and
 * the user, `ignore` stores the access and identity tokens but keeps the refresh token, `clear`
 * wipes local state. `missing_or_invalid_token` on refresh clears too, and a token issued for
 * another app logs out.
 *
 * @example
 * const session = createSessionManager({ appId, http, storage });
 * await session.restore();
 * const token = await session.getAccessToken();
 */
export function createSessionManager(params: CreateSessionManagerParameters): SessionManager {
  const { appId, http, storage } = params;
  const now = params.now ?? Date.now;
  const cookies = () => (params.cookies === undefined ? browserCookies() : params.cookies);

  let tokens = noTokens;
  let user: User | null = null;
  let cookieSessions = false;
  /** Bumped whenever the server hands out fresh session credentials (a login, a refresh). */
  let generation = 0;
  /** Bumped by every clear, so a refresh that began before a logout cannot log the user back in. */
  let epoch = 0;
  let refreshing: Promise<User | null> | null = null;

  const bearer = () => tokens.privyAccessToken ?? tokens.token;
  const isForeign = (token: string) => {
    const owner = tokenAppId(token);
    return owner !== null && owner !== appId;
  };

  function setUser(next: User | null) {
    if (user === next) return;
    user = next;
    params.onUserChange?.(next);
  }

  async function persist(next: SessionTokens) {
    if (cookieSessions) {
      // Only the identity token reaches this page, and it stays in memory.
      tokens = { ...noTokens, identityToken: next.identityToken };
      return;
    }
    tokens = next;
    const target = cookies();
    if (target) {
      writeSessionCookies(target, {
        token: next.privyAccessToken ?? next.token,
        identityToken: next.identityToken,
        hasRefreshToken: next.refreshToken !== null,
      });
    }
    await writeStoredTokens(storage, next);
  }

  async function clear() {
    epoch++;
    tokens = noTokens;
    setUser(null);
    // With cookie sessions the server deletes its cookies; page script cannot touch HttpOnly ones.
    const target = cookieSessions ? null : cookies();
    if (target) clearSessionCookies(target);
    await deleteStoredTokens(storage);
  }

  async function applyAuthResponse(response: AuthenticatedUser): Promise<User | null> {
    const action = response.session_update_action ?? 'set';
    if (action === 'clear') {
      await clear();
      return null;
    }
    const next = response.privy_access_token ?? response.token;
    if (next && isForeign(next)) {
      await logout();
      return null;
    }
    if (action === 'ignore') {
      if (response.token) {
        await persist({
          ...tokens,
          token: response.token,
          privyAccessToken: response.privy_access_token ?? null,
          identityToken: response.identity_token ?? tokens.identityToken,
        });
      }
    } else {
      await persist({
        token: response.token ?? null,
        privyAccessToken: response.privy_access_token ?? null,
        refreshToken: response.refresh_token ?? null,
        identityToken: response.identity_token ?? null,
      });
    }
    if (response.user) setUser(response.user);
    generation++;
    return user;
  }

  /**
   * Tabs of one app share storage but not memory. Refresh tokens are single use (the server
   * revokes a session whose rotated token comes back), so tabs take turns through a Web Lock,
   * and a tab that waited adopts the tokens the other tab stored instead of spending the old one.
   */
  async function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
    const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
    if (!locks) return run();
    return locks.request(`latchkey:refresh:${appId}`, run);
  }

  /** True when another tab rotated the tokens since we read them; they replace ours in memory. */
  async function adoptStoredTokens(): Promise<boolean> {
    if (cookieSessions) return false;
    const stored = await readStoredTokens(storage);
    if (!stored.refreshToken || stored.refreshToken === tokens.refreshToken) return false;
    tokens = stored;
    return true;
  }

  function runRefresh(): Promise<User | null> {
    return withRefreshLock(async () => {
      const started = epoch;
      const current = bearer();
      if ((await adoptStoredTokens()) && current !== bearer()) {
        const adopted = bearer();
        if (adopted && !isForeign(adopted) && isTokenActive(adopted, now())) return user;
      }
      return refreshNow(started);
    });
  }

  async function refreshNow(started: number): Promise<User | null> {
    const { refreshToken } = tokens;
    const token = bearer();
    // With cookie sessions the refresh token is a cookie the page cannot see: always ask.
    if (!refreshToken && !token && !cookieSessions) return null;
    let response: AuthenticatedUser;
    try {
      // The old access token rides along as Bearer, as the incumbent's React SDK sends it.
      response = await http.call(sessionApi.sessions, refreshToken ? { refresh_token: refreshToken } : {}, {
        token: token && !isForeign(token) ? token : null,
      });
    } catch (error) {
      if (started !== epoch) return null;
      if (isInvalidTokenError(error)) {
        await clear();
        return null;
      }
      throw error;
    }
    if (started !== epoch) return null;
    return applyAuthResponse(response);
  }

  function refresh(): Promise<User | null> {
    refreshing ??= runRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function refreshAfterChange(): Promise<User | null> {
    if (refreshing) await refreshing.catch(() => null);
    return refresh();
  }

  async function getAccessToken(): Promise<string | null> {
    // The token is in an HttpOnly cookie: the app's backend reads `privy-token` itself.
    if (cookieSessions) return null;
    const token = bearer();
    if (token && isForeign(token)) {
      await logout();
      return null;
    }
    if (token && isTokenActive(token, now())) return token;
    if (tokens.refreshToken) {
      await refresh();
      return bearer();
    }
    // Expired, with nothing to refresh it with: the session is over.
    if (token) await clear();
    return null;
  }

  async function getIdentityToken(): Promise<string | null> {
    const current = tokens.identityToken;
    if (current && isTokenActive(current, now())) return current;
    if (tokens.refreshToken || (cookieSessions && user)) {
      await refresh();
      return tokens.identityToken;
    }
    return null;
  }

  async function logout() {
    const { refreshToken } = tokens;
    const token = bearer();
    const ownToken = token && !isForeign(token) ? token : null;
    try {
      // With cookie sessions the request's cookies name the session, and the answer deletes them.
      if (refreshToken || ownToken || cookieSessions) {
        await http.call(sessionApi.logout, refreshToken ? { refresh_token: refreshToken } : {}, {
          token: ownToken,
        });
      }
    } catch {
      // Logging out must work offline too: local state is cleared whatever the server said.
    }
    await clear();
    await params.analyticsId?.clear();
  }

  /**
   * Cookie sessions: `GET /users/me` on the access cookie; when that is gone or refused, one
   * refresh on the refresh cookie; logged out when that fails too.
   */
  async function restoreFromCookies() {
    try {
      const me = await http.call(sessionApi.me, undefined, { token: null });
      await updateUser(me.user, me.identity_token);
      return;
    } catch (error) {
      if (!isInvalidTokenError(error)) throw error;
    }
    await refresh();
  }

  async function restore() {
    if (cookieSessions) {
      // Offline or server down: logged out for now; the cookies stay for the next start.
      await restoreFromCookies().catch(() => undefined);
      return;
    }
    try {
      tokens = await readStoredTokens(storage);
      const current = bearer();
      if (!current && !tokens.refreshToken) return;
      if (current && isForeign(current)) return await logout();
      if (current && isTokenActive(current, now())) {
        try {
          const me = await http.call(sessionApi.me, undefined, { token: current });
          await updateUser(me.user, me.identity_token);
          return;
        } catch (error) {
          if (!isInvalidTokenError(error)) throw error;
        }
      }
      if (tokens.refreshToken) {
        await refresh();
        return;
      }
      await clear();
    } catch {
      // Offline, server down or storage unreadable: stay logged out for now, and keep what is
      // stored so the next start can try again.
    }
  }

  async function updateUser(next: User, identityToken?: string | null) {
    if (identityToken) await persist({ ...tokens, identityToken });
    setUser(next);
  }

  async function useCookieSessions() {
    cookieSessions = true;
    tokens = noTokens;
    // Tokens an earlier token-mode session left in storage must not outlive the switch.
    await deleteStoredTokens(storage).catch(() => undefined);
  }

  const renewal: SessionRenewal = {
    get generation() {
      return generation;
    },
    async renew(since) {
      if (!cookieSessions || !user) return false;
      // Renewed since the refused call went out: its cookie was merely stale, send it again.
      if (generation !== since) return true;
      return (await refresh()) !== null;
    },
  };

  return {
    get user() {
      return user;
    },
    get cookieSessions() {
      return cookieSessions;
    },
    useCookieSessions,
    renewal,
    get tokens() {
      return tokens;
    },
    restore,
    getAccessToken,
    getIdentityToken,
    refresh,
    refreshAfterChange,
    applyAuthResponse,
    updateUser,
    logout,
    clear,
  };
}
