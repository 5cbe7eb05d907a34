import { fromBase64, toBase64 } from '@latchkey/keys';
import { FrameError, frameMessages } from './frame-error.ts';

/**
 * The device share lives in the frame origin's localStorage: the host page runs on another origin, so the
 * browser keeps it out of the host's reach. One entry per app and entropy.
 */
export class DeviceShares {
  readonly #storage: () => Storage;
  readonly #appId: string;
  readonly #kind: string;

  /**
   * `storage` is a getter: reading `window.localStorage` itself throws where storage is blocked. `kind`
   * names the entries: `device-share` for HD entropies, `imported-key-share` for imported keys.
   */
  constructor(storage: () => Storage, appId: string, kind = 'device-share') {
    this.#storage = storage;
    this.#appId = appId;
    this.#kind = kind;
  }

  /**
   * The device shares of imported private keys, in the same storage under their own names: what is
   * stored says which kind of secret the shares rebuild, so a signature never reads a key as an HD seed.
   */
  importedKeys(): DeviceShares {
    return new DeviceShares(this.#storage, this.#appId, 'imported-key-share');
  }

  key(entropyId: string): string {
    return `latchkey:${this.#kind}:${this.#appId}:${entropyId}`;
  }

  /** The stored share as stored (base64), or null when this device has none. */
  read(entropyId: string): string | null {
    return this.#attempt(() => this.#storage().getItem(this.key(entropyId))) || null;
  }

  /** The stored share, or null when this device has none (or an unreadable one). */
  load(entropyId: string): Uint8Array | null {
    return decodeDeviceShare(this.read(entropyId));
  }

  /**
   * Stores the share under every name of its entropy: the primary (index-0) address of each chain.
   * Clients name the entropy by whichever primary wallet they think came first (timestamps have
   * one-second resolution), and the server accepts either, so the frame must find the share by both.
   */
  save(entropyIds: readonly string[], share: Uint8Array): void {
    const text = toBase64(share);
    this.#attempt(() => {
      for (const id of entropyIds) this.#storage().setItem(this.key(id), text);
    });
  }

  delete(entropyIds: readonly string[]): void {
    this.#attempt(() => {
      for (const id of entropyIds) this.#storage().removeItem(this.key(id));
    });
  }

  /**
   * Drops a share that no longer combines (a recovery elsewhere re-split the entropy), under
   * every name it was stored with: the entries of this app holding the same text.
   */
  deleteStale(entropyId: string): void {
    const stale = this.read(entropyId);
    this.#attempt(() => {
      const storage = this.#storage();
      const prefix = this.key('');
      const names: string[] = [];
      for (let i = 0; i < storage.length; i += 1) {
        const name = storage.key(i);
        if (name?.startsWith(prefix) && storage.getItem(name) === stale) names.push(name);
      }
      for (const name of names) storage.removeItem(name);
      storage.removeItem(this.key(entropyId));
    });
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

/** A stored share's bytes; null for none or for text that is not base64. */
export function decodeDeviceShare(text: string | null): Uint8Array | null {
  if (!text) return null;
  try {
    return fromBase64(text);
  } catch {
    return null;
  }
}
