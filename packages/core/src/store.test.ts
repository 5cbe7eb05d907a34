import { describe, expect, it } from 'vitest';
import { createStore } from './store.ts';

describe('createStore', () => {
  it('keeps the snapshot identity until a value changes, and notifies only on change', () => {
    const store = createStore({ a: 1, b: 'x' });
    const calls: number[] = [];
    const stop = store.subscribe(() => calls.push(store.getState().a));
    const first = store.getState();
    store.setState({ a: 1 });
    expect(store.getState()).toBe(first);
    store.setState({ a: 2 });
    expect(store.getState()).not.toBe(first);
    expect(store.getState()).toEqual({ a: 2, b: 'x' });
    stop();
    store.setState({ a: 3 });
    expect(calls).toEqual([2]);
  });
});
