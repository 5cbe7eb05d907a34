import type { ModalIntent, WalletConnection, WalletManager } from '@latchkey/core';
import type { ChainType } from '@latchkey/protocol';
import type { LinkAccountEvent, LoginCompleteEvent, UpdateAccountEvent } from './callbacks.ts';
import type { ClientUser, JwtAuthFlowState, OAuthTokensEvent } from './types.ts';

/** What the provider tells hooks about: completed or failed flows, and logouts. */
export interface LatchkeyEventMap {
  loginComplete: LoginCompleteEvent;
  loginError: string;
  linkSuccess: LinkAccountEvent;
  linkError: string;
  updateSuccess: UpdateAccountEvent;
  updateError: string;
  logout: undefined;
  /**
   * A login the modal did not run (a headless hook, a page return, a guest, the app's JWT): the
   * provider creates the wallets `createOnLogin` asks for, as the modal does after its own logins.
   */
  loggedIn: undefined;
  /** A wallet connected through the picker (any flow). */
  walletConnected: { address: string; chainType: ChainType };
  /** The connect-only flow ended with a wallet (the hooks make it their wallet object). */
  connectWalletSuccess: { manager: WalletManager; connection: WalletConnection };
  connectWalletError: string;
  /** A social login or link brought the provider's tokens (the app has the server return them). */
  oauthTokens: OAuthTokensEvent;
  /** Closes the modal if it shows this intent (`closeMfaEnrollmentModal`); the open modal listens. */
  closeModal: ModalIntent;
  /** The modal opened (true) or closed (false). */
  modalStatus: boolean;
  /**
   * The provider's custom-auth sync (`config.customAuth`) moved on; `user` once it is done (null:
   * logged out), `loggedOut` when it ended a session.
   */
  customAuth: { state: JwtAuthFlowState; user?: ClientUser | null; loggedOut?: boolean };
}

export interface LatchkeyEvents {
  on<K extends keyof LatchkeyEventMap>(name: K, listener: (event: LatchkeyEventMap[K]) => void): () => void;
  emit<K extends keyof LatchkeyEventMap>(name: K, event: LatchkeyEventMap[K]): void;
}

/** The error event of each kind of flow (embedded flows report to their hook instead). */
export const flowErrorEvent = {
  login: 'loginError',
  link: 'linkError',
  update: 'updateError',
  connect: 'connectWalletError',
} as const satisfies Record<'login' | 'link' | 'update' | 'connect', keyof LatchkeyEventMap>;

/**
 * A small typed event hub. A failing listener never stops the others or the flow.
 *
 * @example
 * const events = createLatchkeyEvents();
 * const off = events.on('loginError', (code) => console.log(code));
 */
export function createLatchkeyEvents(): LatchkeyEvents {
  const listeners = new Map<string, Set<(event: never) => void>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(name, event) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as (event: unknown) => void)(event);
        } catch (error) {
          console.error(error);
        }
      }
    },
  };
}
