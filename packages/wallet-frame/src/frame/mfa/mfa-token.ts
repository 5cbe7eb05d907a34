import { limits } from '@latchkey/protocol';

/**
 * The MFA token this frame page holds: in memory only (never storage, never a reply to the host), for
 * as long as the server says it lives (`limits.mfaTokenTtlSeconds`); the server checks it anyway, so
 * the local expiry only spares a request bound to be refused.
 */
export class MfaToken {
  #token: string | null = null;
  #expiresAt = 0;
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The token, while it is live. */
  current(): string | null {
    if (this.#token !== null && this.#now() >= this.#expiresAt) this.drop();
    return this.#token;
  }

  /** A token the server just handed out (or another frame page of this origin held). */
  hold(token: string, ttlMs = limits.mfaTokenTtlSeconds * 1000): void {
    this.#token = token;
    this.#expiresAt = this.#now() + ttlMs;
  }

  /** Remaining lifetime in ms (0 without a token): what a page borrowing it may keep it for. */
  remainingMs(): number {
    return this.current() === null ? 0 : Math.max(0, this.#expiresAt - this.#now());
  }

  drop(): void {
    this.#token = null;
    this.#expiresAt = 0;
  }
}
