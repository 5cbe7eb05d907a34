import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalyticsId } from './analyticsId.ts';
import { LatchkeyClientError } from './errors.ts';
import { randomUuid } from './random.ts';
import { browserStorage, guardStorage, localStorageStorage, memoryStorage, storageKeys } from './storage.ts';

/** A Web Storage stand-in backed by a Map. */
function fakeLocalStorage(fail = false) {
  const values = new Map<string, string>();
  const check = () => {
    if (fail) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return {
    values,
    getItem(k: string) {
      check();
      return values.get(k) ?? null;
    },
    setItem(k: string, v: string) {
      check();
      values.set(k, v);
    },
    removeItem(k: string) {
      check();
      values.delete(k);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storage', () => {
  it('uses the wire key names', () => {
    expect(storageKeys).toMatchObject({
      token: 'privy:token',
      privyAccessToken: 'privy:pat',
      refreshToken: 'privy:refresh_token',
      identityToken: 'privy:id_token',
      analyticsId: 'privy:caid',
    });
    expect(storageKeys.guestCredential('app1')).toBe('privy:guest:app1');
  });

  it('memoryStorage keeps values per instance', async () => {
    const a = memoryStorage();
    await a.put('k', 'v');
    expect(await a.get('k')).toBe('v');
    expect(await memoryStorage().get('k')).toBeNull();
    await a.del('k');
    expect(await a.get('k')).toBeNull();
  });

  it('localStorageStorage writes JSON strings like the incumbent, and reads raw values too', () => {
    const fake = fakeLocalStorage();
    vi.stubGlobal('localStorage', fake);
    const storage = localStorageStorage();
    storage.put('privy:token', 'abc');
    expect(fake.values.get('privy:token')).toBe('"abc"');
    expect(storage.get('privy:token')).toBe('abc');
    fake.values.set('raw', 'eyJhbGciOi');
    expect(storage.get('raw')).toBe('eyJhbGciOi');
    storage.del('privy:token');
    expect(storage.get('privy:token')).toBeNull();
  });

  it('localStorageStorage stores JSON lists as they are (privy:connections), not encoded twice', () => {
    const fake = fakeLocalStorage();
    vi.stubGlobal('localStorage', fake);
    const storage = localStorageStorage();
    const list = JSON.stringify([{ address: '0xabc', walletClientType: 'metamask' }]);
    storage.put('privy:connections', list);
    expect(fake.getItem('privy:connections')).toBe(list);
    expect(JSON.parse(storage.get('privy:connections') as string)).toEqual([
      { address: '0xabc', walletClientType: 'metamask' },
    ]);
    // A string that merely starts with a bracket is still a string.
    storage.put('odd', '[not json');
    expect(fake.getItem('odd')).toBe('"[not json"');
    expect(storage.get('odd')).toBe('[not json');
  });

  it("a failing localStorage surfaces as storage_error 'Unable to access storage'", () => {
    vi.stubGlobal('localStorage', fakeLocalStorage(true));
    const storage = localStorageStorage();
    expect(() => storage.put('k', 'v')).toThrow(LatchkeyClientError);
    try {
      storage.get('k');
    } catch (error) {
      expect(error).toMatchObject({ code: 'storage_error', message: 'Unable to access storage' });
      expect((error as Error).cause).toBeInstanceOf(DOMException);
    }
    expect.assertions(3);
  });

  it("guardStorage turns a custom storage's failures into storage_error", async () => {
    const broken = guardStorage({
      get: async () => {
        throw new Error('IndexedDB closed');
      },
      put: () => undefined,
      del: () => undefined,
    });
    await expect(broken.get('k')).rejects.toMatchObject({
      code: 'storage_error',
      message: 'Unable to access storage',
    });
  });

  it('browserStorage falls back to memory without localStorage (SSR) and uses it when present', async () => {
    const server = browserStorage();
    await server.put('k', 'v');
    expect(await server.get('k')).toBe('v');
    const fake = fakeLocalStorage();
    vi.stubGlobal('localStorage', fake);
    const browser = browserStorage();
    await browser.put('k', 'w');
    expect(fake.values.get('k')).toBe('"w"');
  });
});

describe('analytics id', () => {
  it('is a UUID stored under privy:caid, reused, shared by concurrent first calls, and replaced after clear', async () => {
    const storage = memoryStorage();
    const id = createAnalyticsId(storage);
    const [a, b] = await Promise.all([id.get(), id.get()]);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b).toBe(a);
    expect(await storage.get('privy:caid')).toBe(a);
    expect(await createAnalyticsId(storage).get()).toBe(a);
    await id.clear();
    expect(await storage.get('privy:caid')).toBeNull();
    expect(await id.get()).not.toBe(a);
  });

  it('works without crypto.randomUUID (plain-http pages)', () => {
    // getRandomValues that leaves zeros: the v4 version and variant bits must still be set.
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(b: T) => b });
    expect(randomUuid()).toBe('00000000-0000-4000-8000-000000000000');
  });
});
