import { LatchkeyError } from '@latchkey/core';
import { type OAuthProviderName, oauthAccountType } from '@latchkey/protocol';
import { useCallback, useEffect } from 'react';
import { type OAuthProviderID, PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { OAuthTokensEvent } from '../types.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface UseOAuthTokensParameters {
  /** After a social login, link or `reauthorize`, with the provider's tokens (when the app has the server return them). */
  onOAuthTokenGrant: (params: OAuthTokensEvent) => void;
}

export type UseOAuthTokens = {
  /**
   * Runs the provider's authorization again for an account the user has linked (leaving the page,
   * as a link does), so the provider grants fresh tokens: `onOAuthTokenGrant` hears them when the
   * user is back.
   */
  reauthorize: ({ provider }: { provider: OAuthProviderID }) => Promise<void>;
};

/**
 * The providers' OAuth tokens, for apps that call a provider's API themselves. The server returns
 * them only for apps with `return_oauth_tokens` on.
 *
 * @example
 * const { reauthorize } = useOAuthTokens({ onOAuthTokenGrant: ({ oAuthTokens }) => save(oAuthTokens.accessToken) });
 * <button onClick={() => reauthorize({ provider: 'google' })}>Renew Google access</button>
 */
export function useOAuthTokens(parameters?: UseOAuthTokensParameters): UseOAuthTokens {
  const { client, events } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  useEffect(
    () => events.on('oauthTokens', (event) => callbacks.current?.onOAuthTokenGrant(event)),
    [events, callbacks],
  );
  const reauthorize = useCallback(
    async ({ provider }: { provider: OAuthProviderID }) => {
      const user = client.getState().user;
      if (!user) {
        // As a link refused for the same reason: `useLinkAccount`'s onError hears it.
        events.emit('linkError', PrivyErrorCode.MUST_BE_AUTHENTICATED);
        throw new LatchkeyError(
          'User must be authenticated before linking an account.',
          PrivyErrorCode.MUST_BE_AUTHENTICATED,
        );
      }
      const type = oauthAccountType(provider as OAuthProviderName);
      if (!user.linked_accounts.some((account) => account.type === type))
        throw new LatchkeyError(
          `OAuth account of type ${provider} not linked to the account.`,
          'invalid_input',
        );
      // The server links an account its own user already has as a no-op, and returns fresh tokens.
      const oauth = await client.oauth();
      await oauth.redirect({ provider: provider as OAuthProviderName, intent: 'link', ui: 'headless' });
    },
    [client, events],
  );
  return { reauthorize };
}
