import type { AppResponse } from '@latchkey/protocol';
import { LatchkeyApiError } from '../../errors.ts';
import type { PasskeyStep } from '../../flows/passkey.ts';
import type { LoginFlow } from '../login.ts';
import { modalMethod } from '../method.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { Screen } from '../screens.ts';

/** What a passkey screen does: log in, sign up (a new account) or link (spec document 1 §2 Passkey). */
export type PasskeyAction = 'login' | 'signup' | 'link';

declare module '../screens.ts' {
  interface ModalScreens {
    /** 'Log in or create a new account?' (when the app allows sign-up with passkeys). */
    'passkey-choice': { name: 'passkey-choice' };
    /** 'Waiting for passkey' / 'Success' / 'Something went wrong' with retry. */
    'passkey-status': {
      name: 'passkey-status';
      action: PasskeyAction;
      /** `link`: the name the new passkey shows in the user's password manager. */
      passkeyName?: string | undefined;
    };
  }
}

declare module '../../ui/intents.ts' {
  interface ModalOptions {
    /** `link-passkey`: the name the new passkey shows (`linkPasskey({ name })`). */
    passkeyName?: string | undefined;
  }
}

declare module '../method.ts' {
  interface ModalMethodFlows {
    passkey: PasskeyFlow;
  }
}

/** A passkey ceremony's states (spec document 1 §4 Flow states: Passkey). */
export type PasskeyStatus = PasskeyStep | 'done' | 'error';

/** What the status screen shows: the state, and why the last attempt failed. */
export interface PasskeyScreenState {
  status: PasskeyStatus;
  /** Counts Retry presses: each starts one attempt. */
  attempt: number;
  message: string | null;
}

export type PasskeyScreenEvent =
  | { type: 'step'; step: PasskeyStep }
  | { type: 'done' }
  | { type: 'fail'; message: string }
  | { type: 'retry' };

export const initialPasskeyState: PasskeyScreenState = {
  status: 'generating-challenge',
  attempt: 0,
  message: null,
};

export function passkeyScreenReducer(
  state: PasskeyScreenState,
  event: PasskeyScreenEvent,
): PasskeyScreenState {
  switch (event.type) {
    case 'step':
      return { ...state, status: event.step };
    case 'done':
      return { ...state, status: 'done', message: null };
    case 'fail':
      return { ...state, status: 'error', message: event.message };
    case 'retry':
      return { status: 'generating-challenge', attempt: state.attempt + 1, message: null };
  }
}

/**
 * Passkeys are offered only where the browser has WebAuthn (spec document 1 §5: 'Passkeys off when
 * unsupported'): false during server rendering, and on a page served from an IP address, which
 * WebAuthn refuses as a relying party (use `localhost` in development).
 */
export function passkeysSupported(): boolean {
  const host = globalThis.location?.hostname ?? '';
  const ipAddress = /^(\d{1,3}\.){3}\d{1,3}$/.test(host) || host.startsWith('[');
  return browserSupportsWebAuthn() && !ipAddress;
}

/**
 * SimpleWebAuthn's `browserSupportsWebAuthn`, the same check written here: imported from
 * `@simplewebauthn/browser`, it brings the library's whole index into the modal's chunk (the passkey
 * flows load the library lazily, and esbuild then shares the index between the two).
 */
const browserSupportsWebAuthn = (): boolean => typeof globalThis.PublicKeyCredential === 'function';

/**
 * The landing's passkey button: the choice 'Log in or create a new account?' when the app allows
 * sign-up with passkeys, else straight to logging in.
 */
export function passkeyStartScreen(app: AppResponse | null): Screen {
  return app?.passkeys_for_signup_enabled
    ? { name: 'passkey-choice' }
    : { name: 'passkey-status', action: 'login' };
}

/** Server refusals that have screens of their own (allowlist, user limit, account not found). */
const refusalsWithScreens = new Set(['allowlist_rejected', 'max_accounts_reached', 'user_does_not_exist']);

export interface PasskeyFlow {
  /** 'Create new account' or 'Log in with a passkey' on the choice screen. */
  choose(action: Exclude<PasskeyAction, 'link'>): void;
  /**
   * One attempt of the status screen: asks for a challenge, waits for the passkey, submits it,
   * reporting each step; then the login goes on (terms, wallets, close) or the link succeeds.
   * A failure the user can retry stays on the screen (`fail`); a refusal with a screen of its own
   * goes there.
   */
  run(
    action: PasskeyAction,
    dispatch: (event: PasskeyScreenEvent) => void,
    passkeyName?: string,
  ): Promise<void>;
}

export function createPasskeyFlow(rt: FlowRuntime, login: LoginFlow): PasskeyFlow {
  const { client } = rt;
  return {
    choose(action) {
      rt.navigate({ type: 'push', screen: { name: 'passkey-status', action } });
    },

    async run(action, dispatch, passkeyName) {
      const onStatus = (step: PasskeyStep) => dispatch({ type: 'step', step });
      try {
        if (action === 'link') {
          const user = await client.passkey.link({ onStatus, name: passkeyName });
          dispatch({ type: 'done' });
          rt.host.report({ type: 'link-success', user, method: 'passkey' });
          rt.finishWithSuccess(true);
          return;
        }
        onStatus('generating-challenge');
        const params = { onStatus, captchaToken: await rt.host.walletCaptcha() };
        const result =
          action === 'signup' ? await client.passkey.signup(params) : await client.passkey.login(params);
        dispatch({ type: 'done' });
        // 'Success' stays on screen until the login's next step (terms, wallets) or the close.
        login.afterLogin(result, 'passkey', { stay: true });
      } catch (error) {
        if (error instanceof LatchkeyApiError && refusalsWithScreens.has(error.code)) {
          rt.showError(error);
          return;
        }
        dispatch({ type: 'fail', message: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}

/** The landing's passkey button, and adding a passkey to the logged-in user ('Waiting for passkey'). */
export const passkeyMethod = modalMethod({
  key: 'passkey',
  create: (rt, { login }) => createPasskeyFlow(rt, login),
  handles: (method) => method === 'passkey',
  choose(_flow, _method, rt) {
    rt.navigate({ type: 'push', screen: passkeyStartScreen(rt.app()) });
  },
  intents: { 'link-passkey': () => ({ name: 'passkey-status', action: 'link' }) },
  // A named passkey: the same screen, carrying the name to the ceremony.
  firstScreen: (request) =>
    request.intent === 'link-passkey' && typeof request.passkeyName === 'string' && request.passkeyName.trim()
      ? { name: 'passkey-status', action: 'link', passkeyName: request.passkeyName }
      : null,
});
