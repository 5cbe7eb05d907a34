import { useEffect } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { OAuthTokensEvent } from '../types.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface UseOAuthTokensParameters {
  /** After a social login or link, with the provider's tokens (when the app has the server return them). */
  onOAuthTokenGrant: (event: OAuthTokensEvent) => void;
}

/**
 * The providers' OAuth tokens, for apps that call a provider's API themselves. The server returns
 * them only for apps with `return_oauth_tokens` on.
 *
 * @example
 * useOAuthTokens({ onOAuthTokenGrant: ({ oAuthTokens }) => saveGoogleToken(oAuthTokens.accessToken) });
 */
export function useOAuthTokens(parameters: UseOAuthTokensParameters): void {
  const { events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  useEffect(
    () => events.on('oauthTokens', (event) => callbacks.current.onOAuthTokenGrant(event)),
    [events, callbacks],
  );
}
