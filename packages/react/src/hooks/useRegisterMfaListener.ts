import { mfaBroker } from '@latchkey/core/mfa';
import type { MfaMethod } from '@latchkey/protocol';
import { useEffect } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface MfaListener {
  /** An operation needs a code: show your UI, then `useMfa().submit` (or `cancel`). */
  onMfaRequired(event: { mfaMethods: MfaMethod[] }): void;
}

/**
 * Takes MFA prompts for your own UI: while a listener is registered, a wallet operation that needs a
 * code calls it instead of opening the modal (the incumbent's `useRegisterMfaListener`).
 *
 * @example
 * useRegisterMfaListener({ onMfaRequired: ({ mfaMethods }) => setPrompt(mfaMethods) });
 */
export function useRegisterMfaListener(listener: MfaListener): void {
  const { client } = useLatchkeyContext();
  const latest = useLatestRef(listener);
  useEffect(
    () => mfaBroker(client).onRequired((event) => latest.current.onMfaRequired(event)),
    [client, latest],
  );
}
