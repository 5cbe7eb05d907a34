import { type LatchkeyClient, LatchkeyError } from '@latchkey/core';
import { linkAccountEvent, updateAccountEvent } from '../accountOf.ts';
import { PrivyErrorCode, type UpdateAccountCallbacks } from '../callbacks.ts';
import type { LatchkeyEvents } from '../events.ts';
import type { OtpFlowState } from '../flowStates.ts';
import { toClientUser } from '../toClientUser.ts';
import type { User } from '../userTypes.ts';

/**
 * The headless one-time-code link and update flows of `useLinkEmail`, `useLinkPhone`,
 * `useUpdateEmail` and `useUpdatePhone`, without React: the hooks keep one per mount and pass their
 * state setter. Each follows the incumbent's compiled 3.45.0 hooks: the same checks, messages,
 * states, and which callbacks hear of the outcome.
 */
export interface OtpFlowDeps {
  client: LatchkeyClient;
  events: LatchkeyEvents;
  setState: (state: OtpFlowState) => void;
}

/** email: the email flows; sms: the phone flows (the incumbent's method names). */
export type OtpMethod = 'email' | 'sms';

const asError = (error: unknown): Error | null => (error instanceof Error ? error : null);

/** The error code a failure reports: a Latchkey error's own, else the fallback. */
export const errorCode = (error: unknown, fallback: PrivyErrorCode): PrivyErrorCode =>
  (error instanceof LatchkeyError ? error.code : fallback) as PrivyErrorCode;

const notStarted = () => new Error('Must initialize a passwordless code flow first');

const sendCode = (client: LatchkeyClient, method: OtpMethod, to: string) =>
  method === 'email' ? client.email.sendCode({ email: to }) : client.sms.sendCode({ phoneNumber: to });

/** The user in the client's form, or null when logged out. */
const currentUser = (client: LatchkeyClient): User | null => {
  const user = client.getState().user;
  return user ? toClientUser(user) : null;
};

/**
 * Links an email address or phone number to the logged-in user: `sendCode` checks the user may
 * link one (logged in, none of the kind yet) and sends the code; `linkWithCode` links. The link's
 * outcome goes to the provider's events (`useLinkAccount`'s callbacks), as the incumbent's global
 * `linkAccount` callbacks hear of it.
 *
 * @example
 * const flow = linkOtpFlow('email', { client, events, setState });
 * await flow.sendCode('work@example.com');
 * const { user } = await flow.linkWithCode('123456');
 */
export function linkOtpFlow(method: OtpMethod, { client, events, setState }: OtpFlowDeps) {
  let target: string | null = null;
  return {
    async sendCode(to: string): Promise<void> {
      try {
        const user = currentUser(client);
        if (!user)
          throw new LatchkeyError(
            'User must be authenticated before linking an account.',
            PrivyErrorCode.MUST_BE_AUTHENTICATED,
          );
        if (method === 'email' ? user.email : user.phone)
          throw new LatchkeyError(
            method === 'email'
              ? 'User already has an email account linked.'
              : 'User already has a phone account linked.',
            PrivyErrorCode.CANNOT_LINK_MORE_OF_TYPE,
          );
        if (!to)
          throw new Error(
            method === 'email' ? 'Email required to send OTP code' : 'Phone number required to send OTP code',
          );
        setState({ status: 'sending-code' });
        await sendCode(client, method, to);
        target = to;
        setState({ status: 'awaiting-code-input' });
      } catch (error) {
        setState({ status: 'error', error: asError(error) });
        throw error;
      }
    },
    async linkWithCode(code: string): Promise<{ user: User }> {
      setState({ status: 'submitting-code' });
      if (target === null) {
        const error = notStarted();
        setState({ status: 'error', error });
        throw error;
      }
      try {
        const wire =
          method === 'email'
            ? await client.email.linkWithCode({ email: target, code })
            : await client.sms.linkWithCode({ phoneNumber: target, code });
        const user = toClientUser(wire);
        setState({ status: 'done' });
        events.emit('linkSuccess', linkAccountEvent(user, method));
        return { user };
      } catch (error) {
        setState({ status: 'error', error: asError(error) });
        events.emit('linkError', errorCode(error, PrivyErrorCode.FAILED_TO_LINK_ACCOUNT));
        throw error;
      }
    },
  };
}

/**
 * How an update flow reports: `useUpdateEmail` calls its own callbacks and resolves (`sendCode`) or
 * resolves undefined (`verifyCode`) on failure; `useUpdatePhone` has no callbacks and rejects.
 */
export interface UpdateReporting {
  callbacks?: () => UpdateAccountCallbacks | undefined;
  rethrow: boolean;
}

/**
 * Replaces the user's email address or phone number: `sendCode` sends a code to the new one,
 * `verifyCode` makes the change. The update's outcome also goes to the provider's events
 * (`useUpdateAccount`'s callbacks), as the incumbent's global `update` callbacks hear of it.
 *
 * @example
 * const flow = updateOtpFlow('email', { client, events, setState }, { rethrow: true });
 * await flow.sendCode('new@example.com');
 * await flow.verifyCode('123456');
 */
export function updateOtpFlow(
  method: OtpMethod,
  { client, events, setState }: OtpFlowDeps,
  { callbacks, rethrow }: UpdateReporting,
) {
  let target: string | null = null;
  const current = () => {
    const user = currentUser(client);
    const old = method === 'email' ? user?.email?.address : user?.phone?.number;
    if (!old)
      throw new Error(
        method === 'email'
          ? 'User is required to have an email address to update it.'
          : 'User is required to have a phone number to update it.',
      );
    return old;
  };
  const fail = (error: unknown) => {
    setState({ status: 'error', error: asError(error) });
    callbacks?.()?.onError?.(errorCode(error, PrivyErrorCode.UNKNOWN_AUTH_ERROR), { linkMethod: method });
    if (rethrow) throw error;
  };
  return {
    async sendCode(to: string): Promise<void> {
      try {
        current();
        setState({ status: 'sending-code' });
        await sendCode(client, method, to);
        target = to;
        setState({ status: 'awaiting-code-input' });
      } catch (error) {
        fail(error);
      }
    },
    async verifyCode(code: string): Promise<{ user: User } | undefined> {
      try {
        const old = current();
        if (target === null) throw notStarted();
        setState({ status: 'submitting-code' });
        let user: User;
        try {
          const wire =
            method === 'email'
              ? await client.email.updateEmail({ oldAddress: old, newAddress: target, code })
              : await client.sms.updatePhone({ oldPhoneNumber: old, newPhoneNumber: target, code });
          user = toClientUser(wire);
        } catch (error) {
          events.emit('updateError', errorCode(error, PrivyErrorCode.FAILED_TO_UPDATE_ACCOUNT));
          throw error;
        }
        setState({ status: 'done' });
        const event = updateAccountEvent(user, method);
        callbacks?.()?.onSuccess?.(event);
        events.emit('updateSuccess', event);
        return { user };
      } catch (error) {
        fail(error);
        return undefined;
      }
    },
  };
}
