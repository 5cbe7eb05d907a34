import type { LatchkeyClient, PasskeyStep } from '@latchkey/core';
import { useCallback } from 'react';
import { linkAccountEvent } from '../accountOf.ts';
import type { LinkAccountEvent } from '../callbacks.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { errorCodeOf } from './useLoginWithPasskey.ts';
import { type PasskeyFlowState, usePasskeyAction } from './usePasskeyAction.ts';

export interface UseLinkWithPasskeyParameters {
  onSuccess?: (event: LinkAccountEvent) => void;
  /** With the error code (`cannot_link_more_of_type` at 5 passkeys). */
  onError?: (code: string) => void;
}

const link = (client: LatchkeyClient, onStatus: (step: PasskeyStep) => void) =>
  client.passkey.link({ onStatus });

/**
 * Adds a passkey to the logged-in user without the modal (at most 5). With the modal:
 * `useLinkAccount().linkPasskey()`.
 *
 * @example
 * const { linkWithPasskey, state } = useLinkWithPasskey({ onSuccess: ({ user }) => console.log(user.linkedAccounts) });
 */
export function useLinkWithPasskey(parameters: UseLinkWithPasskeyParameters = {}): {
  linkWithPasskey: () => Promise<void>;
  state: PasskeyFlowState;
} {
  const callbacks = useLatestRef(parameters);
  const { run, state } = usePasskeyAction(link);
  const linkWithPasskey = useCallback(async () => {
    try {
      const user = await run();
      callbacks.current.onSuccess?.(linkAccountEvent(toClientUser(user), 'passkey'));
    } catch (error) {
      callbacks.current.onError?.(errorCodeOf(error));
    }
  }, [run, callbacks]);
  return { linkWithPasskey, state };
}
