import type { HdSecret } from './hd-secret.ts';
import type { HeldAuthShare } from './held-auth-share.ts';

/**
 * How long the frame keeps a wallet's auth share and rebuilt keys after their last use when the app says
 * nothing (5 minutes).
 */
export const defaultKeyIdleMs = 5 * 60_000;
/** The longest idle window an app may ask for (1 hour): the frame's memory is not meant as a vault. */
export const maxKeyIdleMs = 60 * 60_000;

interface Entry {
  /** The auth share the secret was rebuilt from: the secret lives no longer than it (and its session). */
  held: HeldAuthShare;
  /** This device's share (its stored text) it was rebuilt with: a new one (a recovery) rebuilds. */
  deviceShare: string;
  secret: HdSecret;
}

/**
 * The HD secrets (entropy, seed, derived keys) this frame page keeps between operations, so that a
 * signature pays neither PBKDF2 nor key derivation (docs/security.md, 5). Owned by the AuthShareCache:
 * an entry is bound to the held auth share it was rebuilt from (and so to the session the server
 * released that share to) and to this device's share, and goes, zeroed, when that share is forgotten
 * (a lock, a refused session check, another session, a re-split, the idle window). Page memory only.
 */
export class KeyCache {
  readonly #entries = new Map<string, Entry>();
  /** False when the app's idle window is 0: nothing is kept, every operation rebuilds. */
  readonly #enabled: boolean;
  /** Seeds rebuilt (PBKDF2 runs) in this page: what tests observe to tell a kept secret from a rebuild. */
  rebuilds = 0;

  constructor(enabled: boolean) {
    this.#enabled = enabled;
  }

  /** The secret kept for this entropy, rebuilt from exactly `held` and `deviceShare`, if any. */
  get(entropyId: string, held: HeldAuthShare, deviceShare: string): HdSecret | null {
    const entry = this.#entries.get(entropyId);
    if (!entry) return null;
    if (entry.held !== held || entry.deviceShare !== deviceShare) {
      this.drop(entropyId);
      return null;
    }
    return entry.secret;
  }

  /** Keeps `secret` for later operations (replacing and wiping any older one); false when it keeps none. */
  keep(entropyId: string, held: HeldAuthShare, deviceShare: string, secret: HdSecret): boolean {
    if (!this.#enabled) return false;
    this.drop(entropyId);
    this.#entries.set(entropyId, { held, deviceShare, secret });
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
    entry.secret.wipe();
  }

  dropAll(): void {
    for (const entropyId of [...this.#entries.keys()]) this.drop(entropyId);
  }
}
