import { useEffect } from 'react';
import type { LoginCompleteEvent } from '../callbacks.ts';
import type { LatchkeyEvents } from '../events.ts';

/** The outcome callbacks of a headless login hook. */
export interface LoginCallbacks {
  onComplete?: ((event: LoginCompleteEvent) => void) | undefined;
  onError?: ((code: string) => void) | undefined;
}

/**
 * A headless login hook follows the provider's login events (a return completes after a reload,
 * through the provider): `loginComplete` (only those `accept` takes) moves it to done, `loginError`
 * to error, and each calls the hook's callback.
 */
export function useLoginEvents(
  events: LatchkeyEvents,
  callbacks: { readonly current: LoginCallbacks },
  setState: (state: { status: 'done' } | { status: 'error'; error: string }) => void,
  accept: (event: LoginCompleteEvent) => boolean = () => true,
): void {
  useEffect(() => {
    const offComplete = events.on('loginComplete', (event) => {
      if (!accept(event)) return;
      setState({ status: 'done' });
      callbacks.current.onComplete?.(event);
    });
    const offError = events.on('loginError', (error) => {
      setState({ status: 'error', error });
      callbacks.current.onError?.(error);
    });
    return () => {
      offComplete();
      offError();
    };
  }, [events, callbacks, setState, accept]);
}
