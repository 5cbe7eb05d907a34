import { fromBase64 } from '../keys/index.ts';
import { FrameError } from './frame-error.ts';
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
 * The auth shares this frame page holds between operations. Fetching the share is a device proof and a
 * server round trip; holding it in page memory lets a signature skip that. The rules that keep this
 * within the security model (docs/security.md):
 * - a held share is used only after the server confirms, for that very request's token or cookie, that
 *   the session it was released to is still live (`ServerApi.session`, run alongside the signature,
 *   whose result is dropped unless the check passes): a logout or a revoked session stops signing at
 *   once, and another user's or another session's request never uses it;
 * - any failed fetch or check forgets the entropy's share;
 * - a re-split (recovery, new recovery method) forgets it, since the server then holds a new one;
 * - it lives in this page's memory only, never in storage, and is zeroed when forgotten.
 * Keys, seeds and the entropy are never held: they are rebuilt for each operation and wiped after it.
 */
export class AuthShareCache {
  readonly #held = new Map<string, HeldAuthShare>();

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

  forget(entropyId: string): void {
    const held = this.#held.get(entropyId);
    if (!held) return;
    this.#held.delete(entropyId);
    wipe(held.share);
  }

  /** Every held share goes (a logout in this page, a failed session check). */
  forgetAll(): void {
    for (const entropyId of [...this.#held.keys()]) this.forget(entropyId);
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
