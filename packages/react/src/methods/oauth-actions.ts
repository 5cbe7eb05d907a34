import type { LatchkeyClient, ModalIntent, ModalOptions } from '@latchkey/core';
import { type OAuthProvider, type OAuthProviderName, oauthProviders } from '@latchkey/protocol';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';

/**
 * Each provider's part of its hook names (`linkGoogle`, `unlinkTiktok`), as the incumbent spells
 * them: the name capitalised, LinkedIn as it writes itself.
 */
type HookName = Exclude<Capitalize<OAuthProvider>, 'Linkedin'> | 'LinkedIn';
const hookName = (provider: OAuthProvider): HookName =>
  provider === 'linkedin' ? 'LinkedIn' : (`${provider[0]!.toUpperCase()}${provider.slice(1)}` as HookName);

/** `linkGoogle()` … `linkApple()`: off to the provider to link its account to the user. */
export type LinkOAuthActions = { [N in HookName as `link${N}`]: () => void } & {
  /** Links an account of any provider, a custom one (`custom:{name}`) too. */
  linkOAuth(provider: OAuthProviderName): void;
};

/** `unlinkGoogle(subject)` … `unlinkApple(subject)`: the account with that subject leaves the user. */
export type UnlinkOAuthActions = {
  [N in HookName as `unlink${N}`]: (subject: string) => Promise<ClientUser>;
} & {
  unlinkOAuth(provider: OAuthProviderName, subject: string): Promise<ClientUser>;
};

export function linkOAuthActions(
  openModal: (intent: ModalIntent, options?: ModalOptions) => void,
): LinkOAuthActions {
  const linkOAuth = (provider: OAuthProviderName) => openModal('link-oauth', { oauth: { provider } });
  const each = oauthProviders.map((p) => [`link${hookName(p)}`, () => linkOAuth(p)] as const);
  return { ...(Object.fromEntries(each) as Omit<LinkOAuthActions, 'linkOAuth'>), linkOAuth };
}

export function unlinkOAuthActions(client: LatchkeyClient): UnlinkOAuthActions {
  const unlinkOAuth = (provider: OAuthProviderName, subject: string) =>
    client
      .oauth()
      .then((oauth) => oauth.unlink({ provider, subject }))
      .then(toClientUser);
  const each = oauthProviders.map((p) => [`unlink${hookName(p)}`, (s: string) => unlinkOAuth(p, s)] as const);
  return { ...(Object.fromEntries(each) as Omit<UnlinkOAuthActions, 'unlinkOAuth'>), unlinkOAuth };
}
