import { useCallback, useMemo, useState } from 'react';
import { linkAccountEvent } from '../accountOf.ts';
import { type LinkAccountCallbacks, PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { JwtAuthFlowState } from '../types.ts';
import type { User } from '../userTypes.ts';
import { errorCode } from './otpFlows.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type UseLinkJwtAccount = {
  /** Links the account of the app's own auth system this JWT names; resolves to the user with it. */
  linkWithCustomJwt: (jwt: string) => Promise<{ user: User }>;
  state: JwtAuthFlowState;
};

/**
 * Links an account of the app's own auth system (custom JWT auth) to the logged-in user. `onSuccess`
 * gets the user and the account; `onError` the code (`must_be_authenticated`,
 * `linked_to_another_user`, …) and `{ linkMethod: 'custom' }`.
 *
 * @example
 * const { linkWithCustomJwt, state } = useLinkJwtAccount({ onSuccess: ({ linkedAccount }) => console.log(linkedAccount) });
 * await linkWithCustomJwt(await myAuth.getToken());
 */
export function useLinkJwtAccount(callbacks?: LinkAccountCallbacks): UseLinkJwtAccount {
  const { client } = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const [state, setState] = useState<JwtAuthFlowState>({ status: 'initial' });
  const linkWithCustomJwt = useCallback(
    async (jwt: string) => {
      try {
        setState({ status: 'loading' });
        const { linkCustomJwt } = await import('@latchkey/core/flows/customJwt');
        const user = toClientUser(await client.run((ctx) => linkCustomJwt(ctx, { token: jwt })));
        setState({ status: 'done' });
        latest.current?.onSuccess?.(linkAccountEvent(user, 'custom'));
        return { user };
      } catch (error) {
        setState({ status: 'error', error: error instanceof Error ? error : null });
        latest.current?.onError?.(errorCode(error, PrivyErrorCode.UNKNOWN_AUTH_ERROR), {
          linkMethod: 'custom',
        });
        throw error;
      }
    },
    [client, latest],
  );
  return useMemo(() => ({ linkWithCustomJwt, state }), [linkWithCustomJwt, state]);
}
