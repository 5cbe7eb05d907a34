import { LatchkeyError } from '@latchkey/core';
import type { LoginMode } from '@latchkey/protocol';
import { useCallback, useState } from 'react';
import { reportHeadlessLogin } from '../accountOf.ts';
import type { LoginCompleteEvent } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { useLoginEvents } from './useLoginEvents.ts';

/** Where the headless Telegram login stands (spec document 1 §4 Flow states: Telegram: loading, done). */
export type TelegramAuthFlowState =
  | { status: 'initial' }
  | { status: 'loading' }
  | { status: 'done' }
  | { status: 'error'; error: string };

export interface UseLoginWithTelegramParameters {
  onComplete?: (event: LoginCompleteEvent) => void;
  /** With the error code (`invalid_credentials` for a forged, stale or replayed proof, …). */
  onError?: (code: string) => void;
}

/** Only Telegram's logins complete this hook (the provider's events carry every method's). */
const isTelegramLogin = (event: LoginCompleteEvent) => event.loginMethod === 'telegram';

/** True while the page is back from Telegram's login page (its result in the query). */
const returning = () =>
  typeof location !== 'undefined' &&
  /[?&]hash=/.test(location.search) &&
  /[?&]auth_date=/.test(location.search);

/**
 * Telegram login with the app's own button, without the modal: `login` uses a Mini App's launch data
 * at once, or leaves the page for Telegram's login page, and when the user comes back the provider
 * completes the login; `state` and the callbacks follow it.
 *
 * @example
 * const { login, state } = useLoginWithTelegram({ onComplete: ({ user }) => console.log(user.telegram) });
 * <button onClick={() => login()}>Telegram</button>
 */
export function useLoginWithTelegram(parameters: UseLoginWithTelegramParameters = {}): {
  login(options?: { mode?: LoginMode }): Promise<void>;
  state: TelegramAuthFlowState;
} {
  const { client, events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const [state, setState] = useState<TelegramAuthFlowState>(() =>
    returning() ? { status: 'loading' } : { status: 'initial' },
  );

  useLoginEvents(events, callbacks, setState, isTelegramLogin);

  const login = useCallback(
    async ({ mode }: { mode?: LoginMode } = {}) => {
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
        const code = error instanceof LatchkeyError ? error.code : 'unknown_auth_error';
        setState({ status: 'error', error: code });
        callbacks.current.onError?.(code);
      }
    },
    [client, events, callbacks],
  );

  return { login, state };
}
