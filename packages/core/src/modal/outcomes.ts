import type { ChainType, OAuthTokens, User } from '@latchkey/protocol';
import type { FlowKind } from '../ui/intents.ts';
import type { WalletManager } from '../wallets/manager.ts';
import type { WalletConnection } from '../wallets/types.ts';
import type { ModalAuthMethod } from './navigation.ts';

/**
 * How a modal flow ended, or a milestone the app hears about on the way. The UI layer turns these
 * into its events (React: `loginComplete`, `linkSuccess`, …).
 */
export type FlowOutcome =
  | {
      type: 'login-complete';
      user: User;
      isNewUser: boolean;
      wasAlreadyAuthenticated: boolean;
      /** Null when the user was already logged in. */
      method: ModalAuthMethod | null;
    }
  | { type: 'link-success' | 'update-success'; user: User; method: ModalAuthMethod }
  /** The flow failed or was left; `kind` says whose error event carries `code`. */
  | { type: 'error'; kind: Exclude<FlowKind, 'embedded'>; code: string }
  /** A social login or link brought the provider's tokens (the app has the server return them). */
  | { type: 'oauth-tokens'; tokens: OAuthTokens; user: User }
  /** A wallet connected through the picker (any flow). */
  | { type: 'wallet-connected'; address: string; chainType: ChainType }
  /** The connect-only flow ended with this wallet. */
  | { type: 'connect-wallet-success'; connection: WalletConnection; manager: WalletManager };
