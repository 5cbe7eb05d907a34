import { fromBase64 } from '../keys/index.ts';
import { FrameError } from './frame-error.ts';
import { KeyCache } from './key-cache.ts';
import type { ServerApi } from './server-api.ts';
import { wipe } from './wipe.ts';

/** An auth share as the server released it: for one entropy, to one session. */
export interface HeldAuthShare {
  entropyId: string;
  /** The session the server released it to; a request of another session does not use it. */
  sessionId: string;
  share: Uint8Array;
  /**
   * The device share (its stored text) this auth share was last combined with and checked against the
   * entropyId. The same two shares always rebuild the same entropy, so that pair needs no second check.
   * (Holding it adds nothing: this page can read the device share from its origin's storage anyway.)
   */
  verifiedDeviceShare: string | null;
}

/**
 * How long a server's "this token's session is live" holds for later requests with the same token
 * (1 s): a burst of signatures asks once, and a revocation made elsewhere stops signing within this.
 */
export const sessionConfirmationMs = 1000;

/**
 * The auth shares this frame page holds between operations, and the keys rebuilt from them (`keys`).
 * Fetching the share is a device proof and a server round trip; holding it in page memory lets a
 * signature skip that. The rules that keep this within the security model (docs/security.md, 5):
 * - a held share is used only once the server has confirmed, for that very request's token or cookie,
 *   that the session it was released to is still live (`ServerApi.session`, run alongside the
 *   signature, whose result is dropped unless the check passes), at most `sessionConfirmationMs` ago:
 *   another user's or another session's request never uses it, and a revocation stops signing
 *   within that;
 * - a refused check forgets every share and key (a logout or revoked session), and so does `lock`
 *   (which the SDK sends on logout: signing stops at once);
 * - a re-split (recovery, new recovery method) forgets the entropy's share, since the server then
 *   holds a new one;
 * - shares and keys live in this page's memory only, never in storage, and are zeroed when forgotten.
 */
export class AuthShareCache {
  readonly #held = new Map<string, HeldAuthShare>();
  /** The rebuilt HD secrets, each bound to the held share it came from. */
  readonly keys: KeyCache;
  /** The last session the server confirmed live: for which token (`''`: the cookie), which session, when. */
  #confirmed: { credential: string; sessionId: string; at: number } | null = null;

  readonly #confirmationMs: number;

  /** `sessionConfirmationMs` other than the default: tests that want every use checked pass 0. */
  constructor(options: { keyIdleMs?: number | undefined; sessionConfirmationMs?: number | undefined } = {}) {
    this.keys = new KeyCache(options.keyIdleMs);
    this.#confirmationMs = Math.min(
      options.sessionConfirmationMs ?? sessionConfirmationMs,
      sessionConfirmationMs,
    );
  }

  /** True when the server said, under `sessionConfirmationMs` ago, that `accessToken` is of `sessionId`. */
  sessionConfirmed(accessToken: string | null, sessionId: string): boolean {
    const confirmed = this.#confirmed;
    return (
      confirmed !== null &&
      confirmed.credential === (accessToken ?? '') &&
      confirmed.sessionId === sessionId &&
      Date.now() - confirmed.at < this.#confirmationMs
    );
  }

  /** The server just answered, for `accessToken`, that its session `sessionId` is live. */
  confirmSession(accessToken: string | null, sessionId: string): void {
    this.#confirmed = { credential: accessToken ?? '', sessionId, at: Date.now() };
  }

  /** The share held for `entropyId`, if any: usable only once its session is confirmed. */
  cached(entropyId: string): HeldAuthShare | null {
    return this.#held.get(entropyId) ?? null;
  }

  /**
   * Asks the server for the share (with this device's proof), replacing any held one, and keeps it for
   * later requests of the same session; hand it back with `release` when the operation ends.
   */
  async fetch(
    api: ServerApi,
    accessToken: string | null,
    entropyId: string,
    purpose?: 'export',
  ): Promise<HeldAuthShare> {
    this.forget(entropyId);
    const released = await api.authShare(accessToken, entropyId, purpose);
    const held = {
      entropyId,
      sessionId: released.sessionId,
      share: decodeShare(released.share),
      verifiedDeviceShare: null,
    };
    this.#held.set(entropyId, held);
    return held;
  }

  /** The end of an operation: a share this cache does not keep is zeroed now. */
  release(held: HeldAuthShare | null): void {
    if (held && this.#held.get(held.entropyId) !== held) wipe(held.share);
  }

  /** The entropy's share goes, and the keys rebuilt from it. */
  forget(entropyId: string): void {
    this.keys.drop(entropyId);
    const held = this.#held.get(entropyId);
    if (!held) return;
    this.#held.delete(entropyId);
    wipe(held.share);
  }

  /** Every held share and key goes, and the session's confirmation (a lock, a refused session check). */
  forgetAll(): void {
    this.#confirmed = null;
    for (const entropyId of [...this.#held.keys()]) this.forget(entropyId);
    this.keys.dropAll();
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
