/** A tiny external store: what React's `useSyncExternalStore` needs, and nothing more. */
export interface Store<T> {
  /** The current snapshot; the same object until something changes. */
  getState(): T;
  /** Merges `patch`; listeners run only when a value actually changed. */
  setState(patch: Partial<T>): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * Creates a store holding `initial`.
 *
 * @example
 * const store = createStore({ count: 0 });
 * const stop = store.subscribe(() => console.log(store.getState().count));
 * store.setState({ count: 1 });
 */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(patch) {
      const changed = (Object.keys(patch) as (keyof T)[]).some((key) => !Object.is(state[key], patch[key]));
      if (!changed) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
