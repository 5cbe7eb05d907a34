import { codeMethod } from './code.ts';
import { oauthMethod } from './oauth.ts';
import { passkeyMethod } from './passkey.ts';
import { walletsMethod } from './wallets.ts';

/**
 * The login methods the modal offers, each a descriptor of its own (`../method.ts`). A new method
 * is its file here and one line in this list; the engine names none of them.
 */
export const modalMethods = [codeMethod, walletsMethod, oauthMethod, passkeyMethod] as const;
