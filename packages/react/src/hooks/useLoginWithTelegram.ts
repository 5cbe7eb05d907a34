import { useCallback, useState } from 'react';
import { reportHeadlessLogin } from '../accountOf.ts';
import type { LoginCallbacks, LoginCompleteEvent } from '../callbacks.ts';
import type { TelegramAuthFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { errorFromCode, type LoginEnd, useLoginEvents } from './useLoginEvents.ts';
import { errorCodeOf } from './useLoginWithPasskey.ts';

export type { TelegramAuthFlowState };

/** `onComplete`, and `onError` with the code (`invalid_credentials` for a forged, stale or replayed proof, …). */
export type UseLoginWithTelegramParameters = LoginCallbacks;

export interface LoginWithTelegramOptions {
  /** Log in only: a Telegram account no user has yet is refused (`user_does_not_exist`). */
  disableSignup?: boolean;
}

/** Only Telegram's logins complete this hook (the provider's events carry every method's). */
const isTelegramLogin = (event: LoginCompleteEvent) => event.loginMethod === 'telegram';

/** True while the page is back from Telegram's login page (its result in the query). */
const returning = () =>
  typeof location !== 'undefined' &&
  /[?&]hash=/.test(location.search) &&
  /[?&]auth_date=/.test(location.search);

const stateOf = (end: LoginEnd): TelegramAuthFlowState =>
  end.status === 'done' ? end : { status: 'error', error: errorFromCode(end.code) };

/**
 * Telegram login with the app's own button, without the modal: `login` uses a Mini App's launch data
 * at once, or leaves the page for Telegram's login page, and when the user comes back the provider
 * completes the login; `state` and the callbacks follow it.
 *
 * @example
 * const { login, state } = useLoginWithTelegram({ onComplete: ({ user }) => console.log(user.telegram) });
 * <button onClick={() => login()}>Telegram</button>
 */
export function useLoginWithTelegram(parameters?: UseLoginWithTelegramParameters): {
  login(options?: LoginWithTelegramOptions): Promise<void>;
  state: TelegramAuthFlowState;
} {
  const { client, events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const [state, setState] = useState<TelegramAuthFlowState>(() =>
    returning() ? { status: 'loading' } : { status: 'initial' },
  );
  const onEnd = useCallback((end: LoginEnd) => setState(stateOf(end)), []);

  useLoginEvents(events, callbacks, onEnd, isTelegramLogin);

  const login = useCallback(
    async (options?: LoginWithTelegramOptions) => {
      // Read field by field: an app may hand a click event straight to `login`.
      const mode = options?.disableSignup === true ? 'no-signup' : undefined;
      setState({ status: 'loading' });
      try {
        const telegram = await import('@latchkey/core/flows/telegram');
        const proof = telegram.readTelegramReturn(location.href);
        if (!proof || !('webAppData' in proof)) {
          await client.run((ctx) =>
            telegram.startTelegramRedirect(ctx, { intent: 'login', ui: 'headless', mode }),
          );
          return;
        }
        const { user, isNewUser } = await client.run((ctx) =>
          telegram.loginWithTelegram(ctx, { proof, mode }),
        );
        reportHeadlessLogin(events, { user: toClientUser(user), isNewUser, loginMethod: 'telegram' });
      } catch (error) {
        setState({ status: 'error', error: error instanceof Error ? error : null });
        callbacks.current?.onError?.(errorCodeOf(error));
        throw error;
      }
    },
    [client, events, callbacks],
  );

  return { login, state };
}
