import type { LatchkeyClient, ModalIntent, ModalOptions } from '@latchkey/core';
import { type OAuthProvider, type OAuthProviderId, oauthProviders } from '@latchkey/protocol';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';

/** Each provider's part of its hook names (`linkGoogle`, `unlinkLinkedIn`), as the incumbent spells them. */
const hookNames = {
  google: 'Google',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'Github',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'Tiktok',
  line: 'Line',
  linkedin: 'LinkedIn',
  apple: 'Apple',
} as const satisfies Record<OAuthProvider, string>;

type HookName = (typeof hookNames)[OAuthProvider];

/** `linkGoogle()` … `linkApple()`: off to the provider to link its account to the user. */
export type LinkOAuthActions = { [N in HookName as `link${N}`]: () => void } & {
  /** Links an account of any provider, a custom one (`custom:{name}`) too. */
  linkOAuth(provider: OAuthProviderId): void;
};

/** `unlinkGoogle(subject)` … `unlinkApple(subject)`: the account with that subject leaves the user. */
export type UnlinkOAuthActions = {
  [N in HookName as `unlink${N}`]: (subject: string) => Promise<ClientUser>;
} & {
  unlinkOAuth(provider: OAuthProviderId, subject: string): Promise<ClientUser>;
};

export function linkOAuthActions(
  openModal: (intent: ModalIntent, options?: ModalOptions) => void,
): LinkOAuthActions {
  const linkOAuth = (provider: OAuthProviderId) => openModal('link-oauth', { oauth: { provider } });
  const each = oauthProviders.map((p) => [`link${hookNames[p]}`, () => linkOAuth(p)] as const);
  return { ...(Object.fromEntries(each) as Omit<LinkOAuthActions, 'linkOAuth'>), linkOAuth };
}

export function unlinkOAuthActions(client: LatchkeyClient): UnlinkOAuthActions {
  const unlinkOAuth = (provider: OAuthProviderId, subject: string) =>
    client
      .oauth()
      .then((oauth) => oauth.unlink({ provider, subject }))
      .then(toClientUser);
  const each = oauthProviders.map(
    (p) => [`unlink${hookNames[p]}`, (s: string) => unlinkOAuth(p, s)] as const,
  );
  return { ...(Object.fromEntries(each) as Omit<UnlinkOAuthActions, 'unlinkOAuth'>), unlinkOAuth };
}
