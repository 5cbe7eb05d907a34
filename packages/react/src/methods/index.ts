import { oauthMethod } from './oauth.ts';
import type { ReactMethod } from './types.ts';
import { walletsMethod } from './wallets.ts';

/**
 * The login methods' parts of the React SDK (`./types.ts`): a new method is its file here and one
 * line in this list; the provider and `useLatchkey()` name none of them.
 */
export const reactMethods: readonly ReactMethod[] = [oauthMethod, walletsMethod];
