import { useMemo, useState } from 'react';
import type { UpdateAccountCallbacks } from '../callbacks.ts';
import type { OtpFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { User } from '../userTypes.ts';
import { updateOtpFlow } from './otpFlows.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface UseUpdateEmailInterface {
  state: OtpFlowState;
  /** Sends a code to the new address; a failure goes to `onError` (the promise still resolves). */
  sendCode: (input: { newEmailAddress: string }) => Promise<void>;
  /** Replaces the address; resolves to the user, or undefined when it failed (`onError` has why). */
  verifyCode: (input: { code: string }) => Promise<{ user: User } | undefined>;
}

/**
 * Replaces the logged-in user's email address with the app's own screens: `sendCode` to the new
 * address, then `verifyCode`. `onSuccess` gets the user and the updated account; `onError` the code
 * and `{ linkMethod: 'email' }`. `useUpdateAccount`'s callbacks hear of the outcome too.
 *
 * @example
 * const { sendCode, verifyCode, state } = useUpdateEmail({ onSuccess: ({ user }) => console.log(user.email?.address) });
 */
export function useUpdateEmail(callbacks?: UpdateAccountCallbacks): UseUpdateEmailInterface {
  const { client, events } = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const [state, setState] = useState<OtpFlowState>({ status: 'initial' });
  const flow = useMemo(
    () =>
      updateOtpFlow(
        'email',
        { client, events, setState },
        { callbacks: () => latest.current, rethrow: false },
      ),
    [client, events, latest],
  );
  return useMemo(
    () => ({
      state,
      sendCode: ({ newEmailAddress }: { newEmailAddress: string }) => flow.sendCode(newEmailAddress),
      verifyCode: ({ code }: { code: string }) => flow.verifyCode(code),
    }),
    [flow, state],
  );
}
