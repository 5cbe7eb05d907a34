import type { LatchkeyState } from '@latchkey/core';
import { useSyncExternalStore } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

/** The core client's state, through `useSyncExternalStore` (the server snapshot is the initial state). */
export function useLatchkeyState(): LatchkeyState {
  const { client } = useLatchkeyContext();
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}
