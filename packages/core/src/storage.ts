import { LatchkeyClientError, LatchkeyError } from './errors.ts';

type MaybePromise<T> = T | Promise<T>;

/** Where the SDK keeps tokens and ids. Methods may be synchronous or async (e.g. IndexedDB). */
export interface LatchkeyStorage {
  get(key: string): MaybePromise<string | null>;
  put(key: string, value: string): MaybePromise<void>;
  del(key: string): MaybePromise<void>;
}

/** Storage keys, exactly as the incumbent's React SDK names them (WIRE.md §1.4). */
export const storageKeys = {
  token: 'privy:token',
  privyAccessToken: 'privy:pat',
  refreshToken: 'privy:refresh_token',
  identityToken: 'privy:id_token',
  analyticsId: 'privy:caid',
  guestCredential: (appId: string) => `privy:guest:${appId}`,
  /** An OAuth attempt's PKCE state and verifier, kept across the provider's pages. */
  oauthStateCode: 'privy:state_code',
  oauthCodeVerifier: 'privy:code_verifier',
  /** Latchkey's own: what an OAuth attempt that left the page was for (login or link, modal or not). */
  oauthAttempt: (appId: string) => `latchkey:oauth-attempt:${appId}`,
  /** Latchkey's own: the background delegation migrations tried in this browser (user and wallet). */
  delegationMigrations: (appId: string) => `latchkey:delegation-migrations:${appId}`,
} as const;

/**
 * Keeps values in memory only: for SSR, tests, and pages where `localStorage` is unavailable.
 *
 * @example
 * const client = createLatchkeyClient({ appId, apiUrl, storage: memoryStorage() });
 */
export function memoryStorage(): LatchkeyStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    put: (key, value) => {
      values.set(key, value);
    },
    del: (key) => {
      values.delete(key);
    },
  };
}

function storageError(cause: unknown): LatchkeyClientError {
  return new LatchkeyClientError('storage_error', undefined, { cause });
}

/**
 * `window.localStorage`, read when called, never at import. Values are JSON-encoded strings, as
 * the incumbent's React SDK writes them; raw strings are read too.
 *
 * @example
 * const storage = localStorageStorage();
 */
export function localStorageStorage(): LatchkeyStorage {
  const local = () => {
    const store = globalThis.localStorage;
    if (!store) throw new Error('localStorage is not available');
    return store;
  };
  return {
    get(key) {
      let raw: string | null;
      try {
        raw = local().getItem(key);
      } catch (cause) {
        throw storageError(cause);
      }
      if (raw === null) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        return typeof parsed === 'string' ? parsed : raw;
      } catch {
        return raw;
      }
    },
    put(key, value) {
      try {
        local().setItem(key, encode(value));
      } catch (cause) {
        throw storageError(cause);
      }
    },
    del(key) {
      try {
        local().removeItem(key);
      } catch (cause) {
        throw storageError(cause);
      }
    },
  };
}

/**
 * Plain strings (tokens, ids) are stored JSON-encoded; JSON lists and records (`privy:connections`)
 * are stored as they are, as the incumbent writes them, rather than encoded a second time.
 */
function encode(value: string): string {
  if (value.startsWith('[') || value.startsWith('{')) {
    try {
      JSON.parse(value);
      return value;
    } catch {}
  }
  return JSON.stringify(value);
}

/** True when `localStorage` exists and can be touched (it throws in some sandboxed frames). */
function hasLocalStorage(): boolean {
  try {
    return typeof globalThis.localStorage?.getItem === 'function';
  } catch {
    return false;
  }
}

/**
 * The default storage: `localStorage` in a browser, memory elsewhere (SSR, workers). Decided on
 * first use, so creating a client during server rendering touches nothing.
 */
export function browserStorage(): LatchkeyStorage {
  let chosen: LatchkeyStorage | null = null;
  const pick = () => {
    chosen ??= hasLocalStorage() ? localStorageStorage() : memoryStorage();
    return chosen;
  };
  return {
    get: (key) => pick().get(key),
    put: (key, value) => pick().put(key, value),
    del: (key) => pick().del(key),
  };
}

/** Wraps a caller's storage so any failure surfaces as `storage_error` 'Unable to access storage'. */
export function guardStorage(storage: LatchkeyStorage): LatchkeyStorage {
  const run = async <T>(operation: () => MaybePromise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (cause) {
      throw cause instanceof LatchkeyError ? cause : storageError(cause);
    }
  };
  return {
    get: (key) => run(() => storage.get(key)),
    put: (key, value) => run(() => storage.put(key, value)),
    del: (key) => run(() => storage.del(key)),
  };
}
