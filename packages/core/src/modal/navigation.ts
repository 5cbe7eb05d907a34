import type { AuthMethod } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { ModalIntent } from '../ui/intents.ts';
import type { CodeTarget } from './code-target.ts';
import type { Screen, ScreenName } from './screens.ts';

export type { Screen, ScreenName } from './screens.ts';

/** The methods whose flows end in `loginComplete` / `linkSuccess` from the modal. */
export type ModalAuthMethod = AuthMethod;

declare module './screens.ts' {
  /** The engine's own screens: the landing, the login's end, and a failed flow. */
  interface ModalScreens {
    landing: { name: 'landing' };
    /** 'More options' / 'Other socials'. */
    overflow: { name: 'overflow' };
    terms: { name: 'terms' };
    success: { name: 'success' };
    /** Signing requests of embedded wallets, one after another (the signing queue). */
    signing: { name: 'signing' };
    /** An embedded wallet's export screen (key-export frame). */
    'export-wallet': { name: 'export-wallet' };
    /**
     * A failed flow. The screen (allowlist, user limit, account not found, or the error screen) and
     * its texts follow from the error; `restart` makes its button start the flow again. `address`:
     * the error is about the address typed (a code sent to it, or its code checked), so the screen
     * can offer to use another. `retryAt`: when a limit ends (ms since the epoch, from the server's
     * Retry-After).
     */
    error: {
      name: 'error';
      error: unknown;
      restart?: boolean;
      address?: CodeTarget['kind'];
      retryAt?: number | null;
    };
  }
}

export interface NavigationState {
  stack: Screen[];
  /** Grows on every change, so each visit mounts its screen afresh. */
  visit: number;
}

export type NavigationAction =
  | { type: 'push'; screen: Screen }
  /** Swaps the top screen (captcha → code, code → success). */
  | { type: 'replace'; screen: Screen }
  /** Pops the top screen, or `count` of them (never the first). */
  | { type: 'back'; count?: number }
  | { type: 'reset'; screen: Screen };

/** The first screen of the engine's intents; the login methods' intents start where their method says. */
export function startScreen(intent: ModalIntent): Screen {
  if (intent === 'login') return { name: 'landing' };
  if (intent === 'recover-wallet') return { name: 'recover-password' };
  if (intent === 'set-wallet-password' || intent === 'create-wallet') return { name: 'set-password' };
  // The enrolment flow picks its first screen from the user's factors (modal/mfa-enrollment.ts).
  if (intent === 'mfa-enrollment') return { name: 'mfa-enroll-methods' };
  if (intent === 'signing' || intent === 'export-wallet' || intent === 'mfa-verify') return { name: intent };
  return {
    name: 'error',
    error: new LatchkeyClientError('invalid_input', `The modal cannot open for '${intent}'`),
  };
}

export function navigationReducer(state: NavigationState, action: NavigationAction): NavigationState {
  const visit = state.visit + 1;
  switch (action.type) {
    case 'push':
      return { stack: [...state.stack, action.screen], visit };
    case 'replace':
      return { stack: [...state.stack.slice(0, -1), action.screen], visit };
    case 'back': {
      const keep = Math.max(1, state.stack.length - (action.count ?? 1));
      return keep < state.stack.length ? { stack: state.stack.slice(0, keep), visit } : state;
    }
    case 'reset':
      return { stack: [action.screen], visit };
  }
}

/** The engine's screens the user cannot step back from: a finished or gated flow, or work under way. */
export const finalScreens: readonly ScreenName[] = [
  'success',
  'terms',
  'embedded-creating',
  'embedded-created',
  'set-password-result',
  'mfa-verify',
  'mfa-enrolled',
];

/** True when the top screen is not the first and not one of `final`. */
export function canGoBack(
  state: NavigationState,
  final: ReadonlySet<ScreenName> = new Set(finalScreens),
): boolean {
  const top = state.stack.at(-1);
  return state.stack.length > 1 && top !== undefined && !final.has(top.name);
}
