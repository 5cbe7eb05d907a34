/**
 * How long an identity token, once signed, answers again for the same user profile: `GET /users/me`
 * (every page load and session check of a client) would otherwise sign a new one each call, the
 * largest cost of the route after the session check. A reused token was issued at most this long
 * ago, so it expires at most this much earlier than a fresh one would (its lifetime is hours).
 */
export const identityTokenReuseSeconds = 60;

/**
 * Entries one process keeps. A key holds the user's compact profile (a few hundred bytes for most
 * users), so the cap bounds memory near a few MB; past it the least recently used is dropped.
 */
export const maxRecentIdentityTokens = 4_096;

/**
 * Identity tokens signed in the last `identityTokenReuseSeconds`, by everything they say: the
 * signing key, the app, the user and every profile claim. Any change to the profile (a linked
 * account, new metadata) or a new signing key is another key, so it gets a fresh token at once.
 */
export class RecentIdentityTokens {
  readonly #capacity: number;
  readonly #entries = new Map<string, { token: string; issuedAt: number }>();

  constructor(capacity = maxRecentIdentityTokens) {
    this.#capacity = capacity;
  }

  /** A token issued for `key` within the reuse window before `now` (Unix seconds), if any. */
  get(key: string, now: number): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now - entry.issuedAt >= identityTokenReuseSeconds || now < entry.issuedAt) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.token;
  }

  remember(key: string, token: string, issuedAt: number): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { token, issuedAt });
  }
}
