import { useMemo, useState } from 'react';
import type { OtpFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { User } from '../userTypes.ts';
import { updateOtpFlow } from './otpFlows.ts';

export interface UseUpdatePhoneInterface {
  state: OtpFlowState;
  /** Sends a code to the new number; rejects when it cannot. */
  sendCode: (input: { newPhoneNumber: string }) => Promise<void>;
  /** Replaces the number; resolves to the user, rejects when it failed. */
  verifyCode: (input: { code: string }) => Promise<{ user: User } | undefined>;
}

/**
 * Replaces the logged-in user's phone number with the app's own screens: `sendCode` to the new
 * number, then `verifyCode`. `useUpdateAccount`'s callbacks hear of the outcome.
 *
 * @example
 * const { sendCode, verifyCode } = useUpdatePhone();
 * await sendCode({ newPhoneNumber: '+1 555 555 0199' });
 * await verifyCode({ code: '123456' });
 */
export function useUpdatePhone(): UseUpdatePhoneInterface {
  const { client, events } = useLatchkeyContext();
  const [state, setState] = useState<OtpFlowState>({ status: 'initial' });
  const flow = useMemo(
    () => updateOtpFlow('sms', { client, events, setState }, { rethrow: true }),
    [client, events],
  );
  return useMemo(
    () => ({
      state,
      sendCode: ({ newPhoneNumber }: { newPhoneNumber: string }) => flow.sendCode(newPhoneNumber),
      verifyCode: ({ code }: { code: string }) => flow.verifyCode(code),
    }),
    [flow, state],
  );
}
