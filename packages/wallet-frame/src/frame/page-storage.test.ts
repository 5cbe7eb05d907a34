import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockedStorageMessage, memoryStorage, pageStorage } from './page-storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pageStorage', () => {
  it("uses the frame origin's localStorage when the browser gives it one (partitioned or not)", () => {
    const local = memoryStorage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { storage, persistent } = pageStorage({ localStorage: local });
    expect(storage).toBe(local);
    expect(persistent).toBe(true);
    expect(local.length).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it('where storage is blocked, keeps the wallet in page memory and says why', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const blocked = {
      get localStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    };
    const { storage, persistent } = pageStorage(blocked);
    expect(persistent).toBe(false);
    storage.setItem('latchkey:device-share:app:0x1', 'share');
    expect(storage.getItem('latchkey:device-share:app:0x1')).toBe('share');
    expect(warn).toHaveBeenCalledWith(blockedStorageMessage);
    // A storage that throws on write (a full or read-only one) is blocked too.
    const readOnly = memoryStorage();
    readOnly.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    expect(pageStorage({ localStorage: readOnly }).persistent).toBe(false);
  });
});
