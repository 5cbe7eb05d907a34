import type { HeldAuthShare } from './auth-shares.ts';
import type { HdSecret } from './hd-secret.ts';

/** How long a wallet's rebuilt keys stay after their last use when the app says nothing (5 minutes). */
export const defaultKeyIdleMs = 5 * 60_000;
/** The longest idle window an app may ask for (1 hour): the frame's memory is not meant as a vault. */
export const maxKeyIdleMs = 60 * 60_000;

interface Entry {
  /** The auth share the secret was rebuilt from: the secret lives no longer than it (and its session). */
  held: HeldAuthShare;
  /** This device's share (its stored text) it was rebuilt with: a new one (a recovery) rebuilds. */
  deviceShare: string;
  secret: HdSecret;
  lastUsed: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The HD secrets (entropy, seed, derived keys) this frame page keeps between operations, so that a
 * signature pays neither PBKDF2 nor key derivation (docs/security.md, 5). The rules:
 * - an entry is bound to the auth share it was rebuilt from (and so to the session the server released
 *   that share to) and to this device's share: any other pair rebuilds, and forgetting the auth share
 *   (a logout or revocation the server reports, another session, a re-split, a lock) wipes the entry;
 * - it is wiped after `idleMs` without use (the app's `walletKeyIdleSeconds`; 0 keeps nothing);
 * - wiping zeroes every byte of it; it lives in page memory only, never in storage.
 */
export class KeyCache {
  readonly #entries = new Map<string, Entry>();
  readonly idleMs: number;
  /** Seeds rebuilt (PBKDF2 runs) in this page: what tests observe to tell a cache hit from a rebuild. */
  rebuilds = 0;

  constructor(idleMs: number = defaultKeyIdleMs) {
    this.idleMs = Math.min(Math.max(0, idleMs), maxKeyIdleMs);
  }

  /** The secret kept for this entropy, rebuilt from exactly `held` and `deviceShare`, if any. */
  get(entropyId: string, held: HeldAuthShare, deviceShare: string): HdSecret | null {
    const entry = this.#entries.get(entropyId);
    if (!entry) return null;
    const now = Date.now();
    // A timer can fire late (a throttled background page): the window is checked here too.
    if (entry.held !== held || entry.deviceShare !== deviceShare || now - entry.lastUsed >= this.idleMs) {
      this.drop(entropyId);
      return null;
    }
    entry.lastUsed = now;
    return entry.secret;
  }

  /** Keeps `secret` for later operations (replacing and wiping any older one); false when it keeps none. */
  keep(entropyId: string, held: HeldAuthShare, deviceShare: string, secret: HdSecret): boolean {
    if (this.idleMs === 0) return false;
    this.drop(entropyId);
    const entry: Entry = { held, deviceShare, secret, lastUsed: Date.now(), timer: undefined };
    this.#entries.set(entropyId, entry);
    this.#schedule(entropyId, entry, this.idleMs);
    return true;
  }

  /** True while `secret` is kept here: the operation that used it must not wipe it. */
  holds(secret: HdSecret): boolean {
    for (const entry of this.#entries.values()) if (entry.secret === secret) return true;
    return false;
  }

  get size(): number {
    return this.#entries.size;
  }

  drop(entropyId: string): void {
    const entry = this.#entries.get(entropyId);
    if (!entry) return;
    this.#entries.delete(entropyId);
    clearTimeout(entry.timer);
    entry.secret.wipe();
  }

  dropAll(): void {
    for (const entropyId of [...this.#entries.keys()]) this.drop(entropyId);
  }

  /** One timer per entry, moved only when it fires (not on every use, which signs in microseconds). */
  #schedule(entropyId: string, entry: Entry, delayMs: number): void {
    entry.timer = setTimeout(() => {
      if (this.#entries.get(entropyId) !== entry) return;
      const idle = Date.now() - entry.lastUsed;
      if (idle >= this.idleMs) this.drop(entropyId);
      else this.#schedule(entropyId, entry, this.idleMs - idle);
    }, delayMs);
    // In Node (tests, the server's own use of the frame code) a pending wipe must not keep the process up.
    (entry.timer as { unref?: () => void }).unref?.();
  }
}
