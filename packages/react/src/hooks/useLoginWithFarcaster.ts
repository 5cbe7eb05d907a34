import { LatchkeyClientError } from '@latchkey/core';
import type { LoginMode } from '@latchkey/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportHeadlessLogin } from '../accountOf.ts';
import type { LoginCompleteEvent } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import { useLatestRef } from './useLatestCallback.ts';
import { type LoginEnd, useLoginEvents } from './useLoginEvents.ts';
import { errorCodeOf } from './useLoginWithPasskey.ts';

/**
 * Where the headless Farcaster login stands: `loading` while the channel opens (`connectUri` null)
 * and while it waits for the user to sign in their Farcaster app (`connectUri` set: show it as a QR
 * code on a computer, a link on a phone); `done` once logged in.
 */
export type FarcasterAuthFlowState =
  | { status: 'initial' }
  | { status: 'loading'; connectUri: string | null }
  | { status: 'done' }
  | { status: 'error'; error: string };

export interface UseLoginWithFarcasterParameters {
  onComplete?: (event: LoginCompleteEvent) => void;
  /**
   * With the error code: `farcaster_polling_timeout` (nobody signed within 120 s),
   * `invalid_credentials` (the server refused what was signed), `already_logged_in`, a server code…
   */
  onError?: (code: string) => void;
}

export interface LoginWithFarcasterOptions {
  /** `no-signup`: an fid no user has yet is refused (`user_does_not_exist`). */
  mode?: LoginMode;
  /** Where the Farcaster app sends a phone's browser back after signing (one of the app's domains). */
  redirectUrl?: string;
  /** The app's captcha token, when the app has a captcha. */
  captchaToken?: string;
}

/** Only Farcaster's logins complete this hook (the provider's events carry every method's). */
const isFarcasterLogin = (event: LoginCompleteEvent) => event.loginMethod === 'farcaster';

/**
 * Farcaster login with the app's own screen, without the modal: `login` opens a channel and `state`
 * carries its connect URI (the app's QR code or link); the channel is read every 2 s until the user
 * signed in their Farcaster app, for 120 s at most, then the user is logged in. `login` resolves when
 * the attempt ends (logged in, failed, or canceled); failures go to `state` and `onError`. Unmounting
 * the component, `cancel()` or a new `login()` stops the reads.
 *
 * @example
 * const { login, state } = useLoginWithFarcaster({ onComplete: ({ user }) => console.log(user.farcaster) });
 * state.status === 'loading' && state.connectUri ? <QrCode value={state.connectUri} /> : <button onClick={() => login()}>Farcaster</button>
 */
export function useLoginWithFarcaster(parameters: UseLoginWithFarcasterParameters = {}): {
  login(options?: LoginWithFarcasterOptions): Promise<void>;
  /** Stops reading the channel; `state` goes back to `initial`. */
  cancel(): void;
  state: FarcasterAuthFlowState;
} {
  const { client, events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const [state, setState] = useState<FarcasterAuthFlowState>({ status: 'initial' });
  /** Bumped by every login, cancel and unmount: an attempt that is no longer current stops. */
  const attempt = useRef(0);
  /** The pending 2 s waits: a cancel ends them at once, so the watch sees it is no longer active. */
  const waits = useRef(new Map<ReturnType<typeof setTimeout>, () => void>());

  const onEnd = useCallback(
    (end: LoginEnd) => setState(end.status === 'done' ? end : { status: 'error', error: end.code }),
    [],
  );
  useLoginEvents(events, callbacks, onEnd, isFarcasterLogin);

  const stop = useCallback(() => {
    attempt.current += 1;
    for (const [timer, resolve] of waits.current) {
      clearTimeout(timer);
      resolve();
    }
    waits.current.clear();
  }, []);
  useEffect(() => stop, [stop]);

  const cancel = useCallback(() => {
    stop();
    setState({ status: 'initial' });
  }, [stop]);

  const login = useCallback(
    async ({ mode, redirectUrl, captchaToken }: LoginWithFarcasterOptions = {}) => {
      stop();
      const current = attempt.current;
      const active = () => current === attempt.current;
      const wait = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            waits.current.delete(timer);
            resolve();
          }, ms);
          waits.current.set(timer, resolve);
        });
      setState({ status: 'loading', connectUri: null });
      try {
        if (client.getState().user) throw new LatchkeyClientError('already_logged_in');
        const farcaster = await import('@latchkey/core/flows/farcaster');
        const channel = await client.run((ctx) =>
          farcaster.initFarcasterChannel(ctx, { redirectUrl, captchaToken }),
        );
        if (!active()) return;
        setState({ status: 'loading', connectUri: channel.connectUri });
        const signIn = await client.run((ctx) =>
          farcaster.watchFarcasterChannel(ctx, { channelToken: channel.channelToken, wait, active }),
        );
        // Canceled (or unmounted) while the last read was on its way: no login.
        if (!active()) return;
        const { user, isNewUser } = await client.run((ctx) =>
          farcaster.loginWithFarcaster(ctx, { signIn, mode }),
        );
        reportHeadlessLogin(events, { user: toClientUser(user), isNewUser, loginMethod: 'farcaster' });
      } catch (error) {
        if (!active()) return;
        const code = errorCodeOf(error);
        setState({ status: 'error', error: code });
        callbacks.current.onError?.(code);
      }
    },
    [client, events, callbacks, stop],
  );

  return { login, cancel, state };
}
