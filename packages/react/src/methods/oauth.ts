import {
  type LinkOAuthActions,
  linkOAuthActions,
  type UnlinkOAuthActions,
  unlinkOAuthActions,
} from './oauth-actions.ts';
import type { ReactMethod } from './types.ts';

declare module './types.ts' {
  interface MethodActions extends LinkOAuthActions, UnlinkOAuthActions {}
}

/** Social login: `linkGoogle()` … `unlinkApple(subject)`, and the page's return from a provider. */
export const oauthMethod: ReactMethod = {
  actions: ({ client, openModal }) => ({ ...linkOAuthActions(openModal), ...unlinkOAuthActions(client) }),
  pageReturn: () => import('./oauth-return.ts').then((m) => m.oauthPageReturn),
};
