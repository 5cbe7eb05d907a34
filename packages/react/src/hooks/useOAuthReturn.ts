import type { LatchkeyClient, ModalIntent, ModalOptions } from '@latchkey/core';
import { isOAuthProviderId, oauthReturnParams } from '@latchkey/protocol';
import { useEffect, useRef } from 'react';
import type { LatchkeyEvents } from '../events.ts';
import { completeHeadlessOAuth } from './completeHeadlessOAuth.ts';

/** Latchkey's marker on a popup's return address (core's `popupMarker`, read here without loading core's OAuth). */
const popupMarker = 'latchkey_oauth_popup';

/**
 * The page came back from a provider (`privy_oauth_code` in its address): once the client is
 * ready, the return is taken (its parameters leave the address) and completed where the attempt
 * started: in the modal, on its verifying screen, or for a headless hook through the events. A
 * page that is an OAuth popup hands its return to its opener and closes instead. Only the check of
 * the address is in the app's first load; the OAuth code loads when there is a return.
 */
export function useOAuthReturn(
  client: LatchkeyClient,
  events: LatchkeyEvents,
  ready: boolean,
  openModal: (intent: ModalIntent, options?: ModalOptions) => void,
): void {
  const taken = useRef(false);
  useEffect(() => {
    if (typeof location === 'undefined' || !location.search.includes(popupMarker)) return;
    import('@latchkey/core/oauth')
      .then(({ relayPopupReturn }) => relayPopupReturn(window))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!ready || taken.current || typeof location === 'undefined') return;
    if (!location.search.includes(oauthReturnParams.code) || location.search.includes(popupMarker)) return;
    taken.current = true;
    client
      .oauth()
      .then(async (oauth) => {
        const visit = await oauth.takeReturn();
        if (!visit) return;
        const { ret, attempt } = visit;
        const provider = isOAuthProviderId(ret.provider) ? ret.provider : attempt?.provider;
        if (!provider || !isOAuthProviderId(provider)) return;
        const link = attempt ? attempt.intent === 'link' : client.getState().user !== null;
        if (attempt?.ui === 'headless') {
          await completeHeadlessOAuth(events, oauth, { ret, provider, link, mode: attempt.mode });
          return;
        }
        openModal(link ? 'link-oauth' : 'login', { oauth: { provider, ret } });
      })
      .catch((error: unknown) => console.error('Latchkey failed to complete the OAuth return', error));
  }, [ready, client, events, openModal]);
}
