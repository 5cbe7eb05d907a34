import { fromBase64, toBase64 } from '../keys/index.ts';
import { FrameError, frameMessages } from './frame-error.ts';

/**
 * The device share lives in the frame origin's localStorage: the host page runs on another origin, so the
 * browser keeps it out of the host's reach. One entry per app and entropy.
 */
export class DeviceShares {
  readonly #storage: () => Storage;
  readonly #appId: string;

  /** `storage` is a getter: reading `window.localStorage` itself throws where storage is blocked. */
  constructor(storage: () => Storage, appId: string) {
    this.#storage = storage;
    this.#appId = appId;
  }

  key(entropyId: string): string {
    return `latchkey:device-share:${this.#appId}:${entropyId}`;
  }

  /** The stored share, or null when this device has none (or an unreadable one). */
  load(entropyId: string): Uint8Array | null {
    const text = this.#attempt(() => this.#storage().getItem(this.key(entropyId)));
    if (!text) return null;
    try {
      return fromBase64(text);
    } catch {
      return null;
    }
  }

  save(entropyId: string, share: Uint8Array): void {
    this.#attempt(() => this.#storage().setItem(this.key(entropyId), toBase64(share)));
  }

  delete(entropyId: string): void {
    this.#attempt(() => this.#storage().removeItem(this.key(entropyId)));
  }

  /** Storage can be disabled or full; that is reported as such rather than as a generic failure. */
  #attempt<T>(action: () => T): T {
    try {
      return action();
    } catch {
      throw new FrameError('error', frameMessages.storage);
    }
  }
}
