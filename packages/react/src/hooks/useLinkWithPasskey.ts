import type { LatchkeyClient } from '@latchkey/core';
import { useCallback } from 'react';
import { linkAccountEvent } from '../accountOf.ts';
import type { LinkAccountCallbacks } from '../callbacks.ts';
import type { PasskeyFlowState } from '../flowStates.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { errorCodeOf } from './useLoginWithPasskey.ts';
import { type PasskeyCallOptions, usePasskeyAction } from './usePasskeyAction.ts';

/**
 * `onSuccess`, and `onError` with the code (`cannot_link_more_of_type` at 5 passkeys) and
 * `{ linkMethod: 'passkey' }`.
 */
export type UseLinkWithPasskeyParameters = LinkAccountCallbacks;

export interface LinkWithPasskeyOptions {
  /** The name the new passkey shows in the user's password manager. */
  name?: string;
}

const link = (client: LatchkeyClient, { name, onStatus }: PasskeyCallOptions<LinkWithPasskeyOptions>) =>
  // Read field by field: an app may hand a click event straight to `linkWithPasskey`.
  client.passkey.link({ onStatus, name: typeof name === 'string' ? name : undefined });

/**
 * Adds a passkey to the logged-in user without the modal (at most 5). With the modal:
 * `useLinkAccount().linkPasskey()`.
 *
 * @example
 * const { linkWithPasskey, state } = useLinkWithPasskey({ onSuccess: ({ user }) => console.log(user.linkedAccounts) });
 */
export function useLinkWithPasskey(parameters?: UseLinkWithPasskeyParameters): {
  linkWithPasskey: (options?: LinkWithPasskeyOptions) => Promise<void>;
  state: PasskeyFlowState;
} {
  const callbacks = useLatestRef(parameters);
  const { run, state } = usePasskeyAction(link);
  const linkWithPasskey = useCallback(
    async (options: LinkWithPasskeyOptions = {}) => {
      try {
        const user = await run(options);
        callbacks.current?.onSuccess?.(linkAccountEvent(toClientUser(user), 'passkey'));
      } catch (error) {
        callbacks.current?.onError?.(errorCodeOf(error), { linkMethod: 'passkey' });
        throw error;
      }
    },
    [run, callbacks],
  );
  return { linkWithPasskey, state };
}
