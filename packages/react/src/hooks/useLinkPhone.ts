import { useMemo, useState } from 'react';
import type { OtpFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { User } from '../userTypes.ts';
import { linkOtpFlow } from './otpFlows.ts';
import type { LoginWithCode } from './useLoginWithEmail.ts';

export type SendCodeToLinkPhone = { phoneNumber: string };

export type UseLinkPhone = {
  /**
   * Sends a code by SMS (numbers without a country code are read as US). Rejects when logged out
   * (`must_be_authenticated`) or when the user already has a phone number (`cannot_link_more_of_type`).
   */
  sendCode: ({ phoneNumber }: SendCodeToLinkPhone) => Promise<void>;
  /** Links the number with the code; resolves to the user with it. */
  linkWithCode: (o: LoginWithCode) => Promise<{ user: User }>;
  state: OtpFlowState;
};

/**
 * Links a phone number to the logged-in user with the app's own screens: `sendCode`, then
 * `linkWithCode`. `useLinkAccount`'s callbacks hear of the outcome.
 *
 * @example
 * const { sendCode, linkWithCode } = useLinkPhone();
 * await sendCode({ phoneNumber: '+1 555 555 0100' });
 * await linkWithCode({ code: '123456' });
 */
export function useLinkPhone(): UseLinkPhone {
  const { client, events } = useLatchkeyContext();
  const [state, setState] = useState<OtpFlowState>({ status: 'initial' });
  const flow = useMemo(() => linkOtpFlow('sms', { client, events, setState }), [client, events]);
  return useMemo(
    () => ({
      sendCode: ({ phoneNumber }: SendCodeToLinkPhone) => flow.sendCode(phoneNumber),
      linkWithCode: ({ code }: LoginWithCode) => flow.linkWithCode(code),
      state,
    }),
    [flow, state],
  );
}
