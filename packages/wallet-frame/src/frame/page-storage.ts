/** localStorage's interface over a Map (`items`): a page's storage that lasts as long as the page. */
export function memoryStorage(): Storage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** Why a frame keeps its wallet in memory only; the host SDK prints it for the developer. */
export const blockedStorageMessage =
  'Latchkey wallet frame: this browser gives the frame no storage (third-party storage is blocked for the ' +
  "Latchkey server's site), so the embedded wallet is kept for this page only and must be recovered on the " +
  "next load. Serve Latchkey on the app's own site (auth.example.com for example.com) to avoid this; see " +
  'docs/security.md, "Deployments".';

/**
 * The frame origin's localStorage, or, where the browser blocks it (a cross-site frame whose
 * third-party storage is blocked: reading `localStorage` or writing to it throws), a memory store for
 * this page's lifetime, so the wallet still works until the page closes. Partitioned storage (what
 * browsers give cross-site frames by default) is real storage and is used.
 */
export function pageStorage(win: { localStorage: Storage }): { storage: Storage; persistent: boolean } {
  try {
    const storage = win.localStorage;
    const probe = 'latchkey:storage-probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return { storage, persistent: true };
  } catch {
    console.warn(blockedStorageMessage);
    return { storage: memoryStorage(), persistent: false };
  }
}
