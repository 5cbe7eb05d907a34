import type { LatchkeyClient, PasskeyStep } from '@latchkey/core';
import { useCallback, useState } from 'react';
import type { PasskeyFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

const initial: PasskeyFlowState = { status: 'initial' };

/** What a passkey call of the client takes: the hook's options and where the call is. */
export type PasskeyCallOptions<Options> = Options & { onStatus: (step: PasskeyStep) => void };

/**
 * What the three passkey hooks share: runs one passkey call of the client (no modal) with the app's
 * options, following its steps in `state`; resolves with its result or rejects with its error (after
 * `state` says so).
 */
export function usePasskeyAction<Options extends object, Result>(
  call: (client: LatchkeyClient, options: PasskeyCallOptions<Options>) => Promise<Result>,
): { run: (options: Options) => Promise<Result>; state: PasskeyFlowState } {
  const { client } = useLatchkeyContext();
  const [state, setState] = useState<PasskeyFlowState>(initial);
  const run = useCallback(
    async (options: Options) => {
      setState({ status: 'generating-challenge' });
      try {
        const result = await call(client, { ...options, onStatus: (status) => setState({ status }) });
        setState({ status: 'done' });
        return result;
      } catch (error) {
        setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
        throw error;
      }
    },
    [client, call],
  );
  return { run, state };
}
