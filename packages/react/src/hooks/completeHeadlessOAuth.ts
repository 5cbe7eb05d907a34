import { LatchkeyError } from '@latchkey/core';
import type { OAuthClient, OAuthReturn } from '@latchkey/core/oauth';
import type { LoginMode, OAuthProviderId } from '@latchkey/protocol';
import type { LatchkeyEvents } from '../events.ts';
import { toClientUser, toOAuthTokensEvent } from '../toClientUser.ts';

export interface HeadlessOAuthReturn {
  ret: OAuthReturn;
  provider: OAuthProviderId;
  link: boolean;
  mode?: LoginMode | undefined;
}

/**
 * Completes a return whose attempt a headless hook started (`useLoginWithOAuth`, no modal): the
 * login or link, told to the hooks through the provider's events like a modal flow's.
 */
export async function completeHeadlessOAuth(
  events: LatchkeyEvents,
  oauth: OAuthClient,
  { ret, provider, link, mode }: HeadlessOAuthReturn,
): Promise<void> {
  const code = (error: unknown) => (error instanceof LatchkeyError ? error.code : 'unknown_auth_error');
  try {
    if (link) {
      const { user, oauthTokens } = await oauth.linkWithCode(ret);
      const clientUser = toClientUser(user);
      if (oauthTokens) events.emit('oauthTokens', toOAuthTokensEvent(oauthTokens, clientUser));
      events.emit('linkSuccess', { user: clientUser, method: provider });
      return;
    }
    const { user, isNewUser, oauthTokens } = await oauth.loginWithCode({ ...ret, mode });
    const clientUser = toClientUser(user);
    if (oauthTokens) events.emit('oauthTokens', toOAuthTokensEvent(oauthTokens, clientUser));
    events.emit('loginComplete', {
      user: clientUser,
      isNewUser,
      wasAlreadyAuthenticated: false,
      loginMethod: provider,
    });
  } catch (error) {
    events.emit(link ? 'linkError' : 'loginError', code(error));
  }
}
