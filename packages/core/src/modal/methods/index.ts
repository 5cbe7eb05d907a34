import { codeMethod } from './code.ts';
import { farcasterMethod } from './farcaster.ts';
import { farcasterSignerMethod } from './farcaster-signer.ts';
import { oauthMethod } from './oauth.ts';
import { passkeyMethod } from './passkey.ts';
import { telegramMethod } from './telegram.ts';
import { walletsMethod } from './wallets.ts';

// Each method's types, so that the package's declarations load its screens, flow and options (its
// `declare module` augmentations) wherever the modal's are: a build against `dist` sees them too.
export type * from './code.ts';
export type * from './farcaster.ts';
export type * from './farcaster-signer.ts';
export type * from './oauth.ts';
export type * from './passkey.ts';
export type * from './telegram.ts';
export type * from './wallets.ts';

/**
 * The login methods the modal offers, each a descriptor of its own (`../method.ts`). A new method
 * is its file here, one line in this list and one above; the engine names none of them.
 */
export const modalMethods = [
  codeMethod,
  walletsMethod,
  oauthMethod,
  passkeyMethod,
  telegramMethod,
  farcasterMethod,
  // Not a login method: the Farcaster signer request of `useFarcasterSigner`, by its intent.
  farcasterSignerMethod,
] as const;
