import { farcasterMethod } from './farcaster.ts';
import { oauthMethod } from './oauth.ts';
import { telegramMethod } from './telegram.ts';
import type { ReactMethod } from './types.ts';
import { walletsMethod } from './wallets.ts';

// Each method's types, so that the package's declarations load its actions (its `declare module`
// augmentation of MethodActions) wherever `useLatchkey()`'s are: an app built against `dist` sees them.
export type * from './farcaster.ts';
export type * from './oauth.ts';
export type * from './telegram.ts';
export type { MethodActions } from './types.ts';

/**
 * The login methods' parts of the React SDK (`./types.ts`): a new method is its file here and one
 * line in this list and one above; the provider and `useLatchkey()` name none of them.
 */
export const reactMethods: readonly ReactMethod[] = [
  oauthMethod,
  walletsMethod,
  telegramMethod,
  farcasterMethod,
];
