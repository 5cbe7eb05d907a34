import type { LatchkeyClient, ModalIntent, ModalOptions } from '@latchkey/core';
import { oauthReturnParams } from '@latchkey/protocol';
import { useEffect, useRef } from 'react';
import type { LatchkeyEvents } from '../events.ts';

const returned = () => typeof location !== 'undefined' && location.search.includes(oauthReturnParams.code);

/**
 * The page came back from a provider (`privy_oauth_code` in its address): an OAuth popup hands its
 * return to its opener and closes; any other page, once the client is ready, completes it where the
 * attempt started (the modal, or a headless hook). Only this check of the address is in the app's
 * first load: the rest loads when there is a return.
 */
export function useOAuthReturn(
  client: LatchkeyClient,
  events: LatchkeyEvents,
  ready: boolean,
  openModal: (intent: ModalIntent, options?: ModalOptions) => void,
): void {
  const taken = useRef(false);
  useEffect(() => {
    if (returned()) import('./oauthReturn.ts').then((m) => m.relayIfPopup()).catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!ready || taken.current || !returned()) return;
    taken.current = true;
    import('./oauthReturn.ts')
      .then((m) => m.completeOAuthReturn(client, events, openModal))
      .catch((error: unknown) => console.error('Latchkey failed to complete the OAuth return', error));
  }, [ready, client, events, openModal]);
}
