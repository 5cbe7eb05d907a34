import { fromBase64 } from '@latchkey/keys';
import { FrameError } from './frame-error.ts';
import type { HeldAuthShare } from './held-auth-share.ts';
import { defaultKeyIdleMs, KeyCache, maxKeyIdleMs } from './key-cache.ts';
import type { ServerApi } from './server-api.ts';
import { type ConnectSessionEvents, SessionFeed } from './session-feed.ts';
import { wipe } from './wipe.ts';

/**
 * How long a server's "this token's session is live" holds for later requests with the same token
 * (1 s): a burst of signatures asks once, and a revocation made elsewhere stops signing within this.
 */
export const sessionConfirmationMs = 1000;

/**
 * The auth shares this frame page holds between operations, and the keys rebuilt from them (`keys`).
 * Fetching the share is a device proof and a server round trip, rebuilding the seed a PBKDF2; holding
 * both in page memory lets a signature skip them. The rules that keep this within the security model
 * (docs/security.md, 5):
 * - a held share (and its keys) is used only once the server has confirmed, for that very request's
 *   token or cookie, that the session it was released to is still live (`ServerApi.session`, run
 *   alongside the signature, whose result is dropped unless the check passes), at most
 *   `sessionConfirmationMs` ago, or the session event stream for that token said so as recently
 *   (session-feed.ts): another user's or another session's request never uses it, and a revocation
 *   stops signing within that;
 * - a refused check forgets every share and key (a logout or revoked session), and so does `lock`
 *   (which the SDK sends on logout: signing stops at once);
 * - an entropy unused for `idleMs` (the app's `walletKeyIdleSeconds`) is forgotten; with 0 nothing is
 *   held between operations;
 * - a re-split (recovery, new recovery method) forgets the entropy's share, since the server then
 *   holds a new one;
 * - shares and keys live in this page's memory only, never in storage, and are zeroed when forgotten.
 */
export class AuthShareCache {
  readonly #held = new Map<string, Holding>();
  /** The rebuilt HD secrets, each bound to the held share it came from. */
  readonly keys: KeyCache;
  /** How long an entropy's share and keys stay after their last use; 0 keeps none. */
  readonly idleMs: number;
  /** The last session the server confirmed live: for which token (`''`: the cookie), which session, when. */
  #confirmed: { credential: string; sessionId: string; at: number } | null = null;
  readonly #confirmationMs: number;
  /** The server's pushed "still live" (`useSessionFeed`): a signature after a pause need not ask. */
  #feed: SessionFeed | null = null;

  /**
   * `keyIdleMs`: the app's idle window (default 5 minutes, capped at 1 hour). `sessionConfirmationMs`
   * shorter than the default: tests that want every use checked pass 0.
   */
  constructor(options: { keyIdleMs?: number | undefined; sessionConfirmationMs?: number | undefined } = {}) {
    this.idleMs = Math.min(Math.max(0, options.keyIdleMs ?? defaultKeyIdleMs), maxKeyIdleMs);
    this.keys = new KeyCache(this.idleMs > 0);
    this.#confirmationMs = Math.min(
      options.sessionConfirmationMs ?? sessionConfirmationMs,
      sessionConfirmationMs,
    );
  }

  /**
   * Keeps a stream of the server's session events open while the session is confirmed (the frame
   * page; tests and the export page ask per signature): a live session's signature then never waits
   * for the network, and `ended` forgets every share and key at once.
   */
  useSessionFeed(connect: ConnectSessionEvents): void {
    this.#feed?.stop();
    this.#feed = new SessionFeed({ connect, onEnded: () => this.forgetAll() });
  }

  /**
   * True when the server said, under `sessionConfirmationMs` ago, that `accessToken` is of
   * `sessionId`: in answer to a request, or in the session event stream for that token.
   */
  sessionConfirmed(accessToken: string | null, sessionId: string): boolean {
    const confirmed = this.#confirmed;
    if (
      confirmed !== null &&
      confirmed.credential === (accessToken ?? '') &&
      confirmed.sessionId === sessionId &&
      Date.now() - confirmed.at < this.#confirmationMs
    )
      return true;
    // A cache that asks on every use (sessionConfirmationMs 0, tests) takes no pushed word either.
    return this.#confirmationMs > 0 && (this.#feed?.confirms(accessToken, sessionId) ?? false);
  }

  /** The session must be checked again at the next use (anything but a signature ran: MFA changes). */
  unconfirmSession(): void {
    this.#confirmed = null;
    this.#feed?.suspend();
  }

  /**
   * The server just answered, for `accessToken`, that its session `sessionId` is live: from now on
   * the session event stream for that token (opened if need be) keeps it confirmed.
   */
  confirmSession(accessToken: string | null, sessionId: string): void {
    this.#confirmed = { credential: accessToken ?? '', sessionId, at: Date.now() };
    // With an idle window of 0 nothing is held between signatures, so nothing would use the stream.
    if (this.idleMs > 0) this.#feed?.watch(accessToken);
  }

  /** The share held for `entropyId`, if any (a use: its idle window starts again); usable once its session is confirmed. */
  cached(entropyId: string): HeldAuthShare | null {
    const holding = this.#held.get(entropyId);
    if (!holding) return null;
    const now = Date.now();
    // A timer can fire late (a throttled background page): the window is checked here too.
    if (now - holding.lastUsed >= this.idleMs) {
      this.#forgetIdle(entropyId);
      return null;
    }
    holding.lastUsed = now;
    return holding.held;
  }

  /**
   * Asks the server for the share (with this device's proof), replacing any held one, and keeps it for
   * later requests of the same session (unless the idle window is 0); hand it back with `release` when
   * the operation ends.
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
    if (this.idleMs > 0) {
      const holding: Holding = { held, lastUsed: Date.now(), timer: undefined };
      this.#held.set(entropyId, holding);
      this.#schedule(entropyId, holding, this.idleMs);
    }
    return held;
  }

  /** The end of an operation: a share this cache does not keep is zeroed now. */
  release(held: HeldAuthShare | null): void {
    if (held && this.#held.get(held.entropyId)?.held !== held) wipe(held.share);
  }

  /** The entropy's share goes, and the keys rebuilt from it. */
  forget(entropyId: string): void {
    this.keys.drop(entropyId);
    const holding = this.#held.get(entropyId);
    if (!holding) return;
    this.#held.delete(entropyId);
    clearTimeout(holding.timer);
    wipe(holding.held.share);
  }

  /**
   * The idle window passed: the entropy's share and keys go, and with nothing left to sign with the
   * session event stream too (a share fetched afresh, `fetch`, keeps it: the session is the same).
   */
  #forgetIdle(entropyId: string): void {
    this.forget(entropyId);
    if (this.#held.size === 0) this.#feed?.stop();
  }

  /** Every held share and key goes, and the session's confirmation (a lock, a refused session check, `ended`). */
  forgetAll(): void {
    this.#confirmed = null;
    this.#feed?.stop();
    for (const entropyId of [...this.#held.keys()]) this.forget(entropyId);
    this.keys.dropAll();
  }

  /** One timer per share, moved only when it fires (not on every use, which signs in microseconds). */
  #schedule(entropyId: string, holding: Holding, delayMs: number): void {
    holding.timer = setTimeout(() => {
      if (this.#held.get(entropyId) !== holding) return;
      const idle = Date.now() - holding.lastUsed;
      if (idle >= this.idleMs) this.#forgetIdle(entropyId);
      else this.#schedule(entropyId, holding, this.idleMs - idle);
    }, delayMs);
    // In Node (tests, the server's own use of the frame code) a pending wipe must not keep the process up.
    (holding.timer as { unref?: () => void }).unref?.();
  }
}

/** A held share, when it was last used, and the timer that forgets it once idle. */
interface Holding {
  held: HeldAuthShare;
  lastUsed: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** A share from the server, decoded; a mangled one is the server's failure, not the request's. */
export function decodeShare(text: string): Uint8Array {
  try {
    return fromBase64(text);
  } catch {
    throw new FrameError('error', 'The server sent a malformed share');
  }
}
