import { useMemo, useState } from 'react';
import type { OtpFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { User } from '../userTypes.ts';
import { linkOtpFlow } from './otpFlows.ts';
import type { LoginWithCode } from './useLoginWithEmail.ts';

export type SendCodeToLinkEmail = { email: string };

export type UseLinkEmail = {
  /**
   * Sends a code to the address. Rejects when logged out (`must_be_authenticated`) or when the user
   * already has an email address (`cannot_link_more_of_type`).
   */
  sendCode: ({ email }: SendCodeToLinkEmail) => Promise<void>;
  /** Links the address with the code; resolves to the user with it. */
  linkWithCode: (o: LoginWithCode) => Promise<{ user: User }>;
  state: OtpFlowState;
};

/**
 * Links an email address to the logged-in user with the app's own screens: `sendCode`, then
 * `linkWithCode`. `useLinkAccount`'s callbacks hear of the outcome.
 *
 * @example
 * const { sendCode, linkWithCode, state } = useLinkEmail();
 * await sendCode({ email: 'work@example.com' });
 * const { user } = await linkWithCode({ code: '123456' });
 */
export function useLinkEmail(): UseLinkEmail {
  const { client, events } = useLatchkeyContext();
  const [state, setState] = useState<OtpFlowState>({ status: 'initial' });
  const flow = useMemo(() => linkOtpFlow('email', { client, events, setState }), [client, events]);
  return useMemo(
    () => ({
      sendCode: ({ email }: SendCodeToLinkEmail) => flow.sendCode(email),
      linkWithCode: ({ code }: LoginWithCode) => flow.linkWithCode(code),
      state,
    }),
    [flow, state],
  );
}
