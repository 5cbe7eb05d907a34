import { fromBase64 } from '../keys/index.ts';
import { FrameError } from './frame-error.ts';
import type { ServerApi } from './server-api.ts';
import { wipe } from './wipe.ts';

/** An auth share as the server released it: for one entropy, to one access token. */
export interface HeldAuthShare {
  entropyId: string;
  accessToken: string;
  share: Uint8Array;
  /**
   * The device share (its stored text) this auth share was last combined with and checked against the
   * entropyId. The same two shares always rebuild the same entropy, so that pair needs no second check.
   * (Holding it adds nothing: this page can read the device share from its origin's storage anyway.)
   */
  verifiedDeviceShare: string | null;
}

/**
 * The auth shares this frame page holds between operations. Fetching the share is a server round trip
 * per signature; holding it in page memory is what lets a signature cost only the key derivation. The
 * rules that keep this within the security model (DESIGN.md, embedded wallets):
 * - a share is reused only for a request carrying the very access token the server released it to,
 *   and only until that token's `exp`: a refreshed token, another user's token or an expired one asks
 *   the server again, which decides as before;
 * - any failed fetch forgets the entropy's share (a 401 after a logout, a 404 for another user);
 * - a re-split (recovery, new recovery method) forgets it, since the server then holds a new one;
 * - it lives in this page's memory only, never in storage, and is zeroed when forgotten.
 * Keys, seeds and the entropy are never held: they are rebuilt for each operation and wiped after it.
 */
export class AuthShareCache {
  readonly #held = new Map<string, HeldAuthShare & { expiresAt: number }>();
  readonly #now: () => number;

  /** `now` in milliseconds (tests move it). */
  constructor(now: () => number = () => Date.now()) {
    this.#now = now;
  }

  /** The share released to exactly `accessToken` for `entropyId`, while that token is unexpired. */
  cached(accessToken: string, entropyId: string): HeldAuthShare | null {
    const held = this.#held.get(entropyId);
    if (!held || held.accessToken !== accessToken) return null;
    if (this.#now() >= held.expiresAt) {
      this.forget(entropyId);
      return null;
    }
    return held;
  }

  /**
   * Asks the server for the share, replacing any held one. It is kept for later requests with the same
   * token when the token has an `exp`; either way, hand it back with `release` when the operation ends.
   */
  async fetch(api: ServerApi, accessToken: string, entropyId: string): Promise<HeldAuthShare> {
    this.forget(entropyId);
    const share = decodeShare(await api.authShare(accessToken, entropyId));
    const held = { entropyId, accessToken, share, verifiedDeviceShare: null };
    const expiresAt = tokenExpiry(accessToken);
    if (expiresAt !== null && this.#now() < expiresAt) this.#held.set(entropyId, { ...held, expiresAt });
    return this.#held.get(entropyId) ?? held;
  }

  /** The end of an operation: a share this cache does not keep is zeroed now. */
  release(held: HeldAuthShare | null): void {
    if (held && this.#held.get(held.entropyId) !== held) wipe(held.share);
  }

  forget(entropyId: string): void {
    const held = this.#held.get(entropyId);
    if (!held) return;
    this.#held.delete(entropyId);
    wipe(held.share);
  }
}

/** A share from the server, decoded; a mangled one is the server's failure, not the request's. */
export function decodeShare(text: string): Uint8Array {
  try {
    return fromBase64(text);
  } catch {
    throw new FrameError('error', 'The server sent a malformed share');
  }
}

/**
 * The `exp` of a JWT access token, in milliseconds, or null when it has none. The signature is not
 * checked here: the token is only compared with the one the server accepted when it released the share.
 */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}
