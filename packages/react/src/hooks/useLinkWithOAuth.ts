import { LatchkeyError } from '@latchkey/core';
import { type OAuthProviderName, oauthReturnParams } from '@latchkey/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type OAuthProviderID, PrivyErrorCode } from '../callbacks.ts';
import type { OAuthFlowState } from '../flowStates.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

export type LinkWithOAuthInput = {
  /** The provider whose account to link to the logged-in user. */
  provider: OAuthProviderID;
};

export type UseLinkWithOAuth = {
  /** Leaves the page for the provider; rejects when logged out or the user has that provider's account. */
  initOAuth: ({ provider }: LinkWithOAuthInput) => Promise<void>;
  /** True while the link is under way (leaving, or back and completing). */
  loading: boolean;
  state: OAuthFlowState;
};

/** True while this page is back from a provider and the provider completes the return. */
const returning = () => typeof location !== 'undefined' && location.search.includes(oauthReturnParams.code);

/** The account type a provider's account has. */
const accountType = (provider: string) =>
  provider.startsWith('custom:') || provider.startsWith('privy:') ? provider : `${provider}_oauth`;

/**
 * Links a social account to the logged-in user with the app's own buttons: `initOAuth` leaves the
 * page for the provider, and when the user comes back to this page the provider completes the link;
 * `state` follows it and `useLinkAccount`'s callbacks hear of it.
 *
 * @example
 * const { initOAuth, state } = useLinkWithOAuth();
 * <button onClick={() => initOAuth({ provider: 'github' })}>Link GitHub</button>
 */
export function useLinkWithOAuth(): UseLinkWithOAuth {
  const { client, events } = useLatchkeyContext();
  const [state, setState] = useState<OAuthFlowState>(() =>
    returning() ? { status: 'loading' } : { status: 'initial' },
  );

  useEffect(() => {
    const settle = (next: OAuthFlowState) =>
      setState((current) => (current.status === 'loading' ? next : current));
    const offSuccess = events.on('linkSuccess', () => settle({ status: 'done' }));
    const offError = events.on('linkError', (code) =>
      settle({ status: 'error', error: new LatchkeyError(`OAuth link failed: ${code}`, code) }),
    );
    return () => {
      offSuccess();
      offError();
    };
  }, [events]);

  const initOAuth = useCallback(
    async ({ provider }: LinkWithOAuthInput) => {
      try {
        const user = client.getState().user;
        if (!user)
          throw new LatchkeyError(
            'User must be authenticated before linking an OAuth account.',
            PrivyErrorCode.MUST_BE_AUTHENTICATED,
          );
        if (user.linked_accounts.some((account) => account.type === accountType(provider)))
          throw new LatchkeyError(
            'User already has an account for this OAuth provider linked.',
            PrivyErrorCode.CANNOT_LINK_MORE_OF_TYPE,
          );
        setState({ status: 'loading' });
        const oauth = await client.oauth();
        await oauth.redirect({ provider: provider as OAuthProviderName, intent: 'link', ui: 'headless' });
      } catch (error) {
        setState({ status: 'error', error: error instanceof Error ? error : null });
        throw error;
      }
    },
    [client],
  );

  return useMemo(() => ({ initOAuth, loading: state.status === 'loading', state }), [initOAuth, state]);
}
