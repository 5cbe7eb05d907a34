import type { LatchkeyClient, WalletManager, WalletManagerState } from '@latchkey/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

const emptyState: WalletManagerState = { ready: false, available: [], connections: [], active: null };
const noSubscribe = () => () => {};
const getEmpty = () => emptyState;
/** Managers already loaded, so a screen mounted later has the wallets at its first render. */
const loaded = new WeakMap<LatchkeyClient, WalletManager>();

/**
 * Loads the wallet code (on first use only, after mount) and follows its state. Null until loaded,
 * and always during server rendering.
 */
export function useWalletManager(enabled = true): {
  manager: WalletManager | null;
  state: WalletManagerState;
} {
  const { client } = useLatchkeyContext();
  const [manager, setManager] = useState<WalletManager | null>(() => loaded.get(client) ?? null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    client
      .wallets()
      .then((next) => {
        loaded.set(client, next);
        if (current) setManager(next);
      })
      .catch((error: unknown) => console.error('Latchkey failed to load wallets', error));
    return () => {
      current = false;
    };
  }, [client, enabled]);
  const state = useSyncExternalStore(
    manager?.subscribe ?? noSubscribe,
    manager?.getState ?? getEmpty,
    getEmpty,
  );
  return { manager, state };
}
