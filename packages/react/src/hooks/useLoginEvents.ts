import { useEffect } from 'react';
import type { LoginCallbacks, LoginCompleteEvent, PrivyErrorCode } from '../callbacks.ts';
import type { LatchkeyEvents } from '../events.ts';

/** How a login the hook follows ended: done, or failed with its code. */
export type LoginEnd = { status: 'done' } | { status: 'error'; code: PrivyErrorCode };

/**
 * A headless login hook follows the provider's login events (a return completes after a reload,
 * through the provider): `loginComplete` (only those `accept` takes) ends it done, `loginError` ends
 * it failed, and each calls the hook's callback.
 */
export function useLoginEvents(
  events: LatchkeyEvents,
  callbacks: { readonly current: LoginCallbacks | undefined },
  onEnd: (end: LoginEnd) => void,
  accept: (event: LoginCompleteEvent) => boolean = () => true,
): void {
  useEffect(() => {
    const offComplete = events.on('loginComplete', (event) => {
      if (!accept(event)) return;
      onEnd({ status: 'done' });
      callbacks.current?.onComplete?.(event);
    });
    const offError = events.on('loginError', (error) => {
      const code = error as PrivyErrorCode;
      onEnd({ status: 'error', code });
      callbacks.current?.onError?.(code);
    });
    return () => {
      offComplete();
      offError();
    };
  }, [events, callbacks, onEnd, accept]);
}

/**
 * The failure a flow state carries when only its code is known (a login that completed after the
 * page came back): an Error with the code as its message and its `code`.
 */
export const errorFromCode = (code: PrivyErrorCode): Error => Object.assign(new Error(code), { code });
