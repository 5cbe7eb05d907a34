/**
 * How many verified access tokens one server process remembers. Every session check of a busy
 * client repeats the same token for its hour, so a few thousand live sessions per process already
 * make most checks hits; 10,000 entries of ~1 KB (the token as the key, its claims) stay near 10 MB
 * however many valid tokens arrive. Past it the least recently used is dropped, which only costs
 * that token one more signature check.
 */
export const maxVerifiedTokens = 10_000;

/** What a strict verification established about one token: all of it immutable for its lifetime. */
export interface VerifiedToken<Claims extends { expiresAt: number }> {
  /** The app (audience) it was verified for. */
  appId: string;
  /** The signing key that verified it: its `kid` and public key, re-checked on every hit. */
  kid: string;
  pem: string;
  claims: Claims;
}

/**
 * Access tokens that verified, by their exact text, until their `exp`: the signature and claims
 * checks are not repeated for a token already seen, everything else is (the caller re-checks that
 * the key is still published and the app the same; the session is read on every request, so logout
 * and revocation are not delayed). Only a token that verified is stored, so invalid tokens, however
 * many, cost nothing here. One per server process: it holds no state that another process could
 * change (rotation and revocation are checked on each hit against their own sources).
 */
export class VerifiedTokens<Claims extends { expiresAt: number }> {
  readonly #capacity: number;
  // A Map iterates in insertion order: the first key is the least recently used.
  readonly #entries = new Map<string, VerifiedToken<Claims>>();

  constructor(capacity = maxVerifiedTokens) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The token's entry if it is remembered and unexpired at `now` (Unix seconds); an expired one is dropped. */
  get(token: string, now: number): VerifiedToken<Claims> | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    this.#entries.delete(token);
    if (now >= entry.claims.expiresAt) return undefined;
    this.#entries.set(token, entry);
    return entry;
  }

  /** Remembers a token that has just verified strictly; never call it for anything else. */
  remember(token: string, entry: VerifiedToken<Claims>): void {
    this.#entries.delete(token);
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, entry);
  }
}
