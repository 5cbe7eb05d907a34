import type { LatchkeyClient, PasskeyStep } from '@latchkey/core';
import { useCallback, useState } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

/** A headless passkey call's state (spec document 1 §4 flow states: Passkey), before any call `initial`. */
export interface PasskeyFlowState {
  status: 'initial' | PasskeyStep | 'done' | 'error';
  error: Error | null;
}

const initial: PasskeyFlowState = { status: 'initial', error: null };

/**
 * What the three passkey hooks share: runs one passkey call of the client (no modal), following
 * its steps in `state`; resolves with its result or rejects with its error (after `state` says so).
 */
export function usePasskeyAction<Result>(
  call: (client: LatchkeyClient, onStatus: (step: PasskeyStep) => void) => Promise<Result>,
): { run: () => Promise<Result>; state: PasskeyFlowState } {
  const { client } = useLatchkeyContext();
  const [state, setState] = useState<PasskeyFlowState>(initial);
  const run = useCallback(async () => {
    setState({ status: 'generating-challenge', error: null });
    try {
      const result = await call(client, (status) => setState({ status, error: null }));
      setState({ status: 'done', error: null });
      return result;
    } catch (error) {
      setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    }
  }, [client, call]);
  return { run, state };
}
