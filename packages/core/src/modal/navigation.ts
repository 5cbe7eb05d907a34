import type { ChainType, MfaMethod, OAuthProviderName } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { AccountTransferRequired, TransferAccount } from '../flows/transfer.ts';
import type { ModalIntent } from '../ui/intents.ts';

/** Where a code went. */
export type CodeTarget = { kind: 'email'; address: string } | { kind: 'sms'; phoneNumber: string };

/** The methods whose flows end in `loginComplete` / `linkSuccess` from the modal. */
export type ModalAuthMethod = 'email' | 'sms' | 'siwe' | 'siws' | 'passkey' | OAuthProviderName;

/** Where an OAuth attempt stands (spec document 1 §2 'OAuth status'). */
export type OAuthStatus = 'verifying' | 'success' | 'failure';

/** What a passkey screen does: log in, sign up (a new account) or link (spec document 1 §2 Passkey). */
export type PasskeyAction = 'login' | 'signup' | 'link';

/** The embedded-wallet screens (the password steps carry the password). */
export type EmbeddedScreen =
  | { name: 'embedded-creating' }
  | { name: 'embedded-created'; isNewUser: boolean }
  | { name: 'recover-password' }
  /** 'Enter your password' before a new one: the wallet's current password. */
  | { name: 'current-password' }
  | { name: 'set-password' }
  | { name: 'set-password-save'; password: string }
  | { name: 'set-password-confirm'; password: string }
  | { name: 'set-password-acknowledge'; password: string }
  | { name: 'set-password-result'; ok: boolean };

/** Multi-factor: the verification (shown over any screen while one is under way) and the enrolment screens. */
export type MfaScreen =
  /** 'Verify your identity', the code entry and 'Verifying with passkey'. */
  | { name: 'mfa-verify' }
  /** 'Transaction Protection' (Continue / Not now), before a first factor. */
  | { name: 'mfa-enroll-intro' }
  /** 'Choose a verification method' ('Add more security' when the app offers none). */
  | { name: 'mfa-enroll-methods' }
  /** SMS setup: the phone number, then the code texted to it. */
  | { name: 'mfa-enroll-sms' }
  | { name: 'mfa-enroll-sms-code'; phoneNumber: string }
  /** Authenticator setup: the QR code (240) and the setup key, then the app's code. */
  | { name: 'mfa-enroll-totp'; secret: string; authUrl: string }
  | { name: 'mfa-enroll-totp-code' }
  /** 'Set up passkey verification': the user's passkeys, 'Add new passkey'. */
  | { name: 'mfa-enroll-passkey' }
  /** The removal confirmation, after the user verified. */
  | { name: 'mfa-remove'; method: MfaMethod }
  /** A factor added ('Passkeys updated' for passkeys), with Done. */
  | { name: 'mfa-enrolled'; method: MfaMethod };

export type Screen =
  | { name: 'landing' }
  | { name: 'overflow' }
  /** The email field on its own, when `hideDirectWeb2Inputs` turns it into a button. */
  | { name: 'email' }
  | { name: 'phone' }
  | { name: 'link-email' }
  | { name: 'link-phone' }
  | { name: 'update-email' }
  | { name: 'update-phone' }
  | { name: 'captcha'; target: CodeTarget }
  | { name: 'code'; target: CodeTarget }
  | { name: 'wallets' }
  /** A wallet on both chains: pick one. */
  | { name: 'wallet-network'; walletId: string }
  /** Phantom on Solana: with or without a Ledger. */
  | { name: 'wallet-ledger'; walletId: string }
  | { name: 'wallet-install'; walletId: string }
  /** A phone without the wallet here: off to the wallet's app, which reopens this page. */
  | { name: 'wallet-redirect'; walletId: string }
  | { name: 'wallet-connecting'; walletId: string; chainType: ChainType }
  /** A link refused with account_transfer_required: transfer the account, or not. */
  | { name: 'transfer'; account: TransferAccount; transfer: AccountTransferRequired; method: ModalAuthMethod }
  /** An OAuth attempt: waiting for the provider, then verifying, success, or failure with Retry. */
  | { name: 'oauth-status'; provider: OAuthProviderName; status: OAuthStatus; error?: unknown }
  /** 'Could not log in with provider': this in-app browser is one the provider refuses. */
  | { name: 'oauth-in-app-browser'; provider: OAuthProviderName }
  /** 'Log in or create a new account?' (when the app allows sign-up with passkeys). */
  | { name: 'passkey-choice' }
  /** 'Waiting for passkey' / 'Success' / 'Something went wrong' with retry. */
  | { name: 'passkey-status'; action: PasskeyAction }
  | { name: 'terms' }
  | { name: 'success' }
  | EmbeddedScreen
  /** Signing requests of embedded wallets, one after another (the signing queue). */
  | { name: 'signing' }
  /** An embedded wallet's export screen (key-export frame). */
  | { name: 'export-wallet' }
  /**
   * A failed flow. The screen (allowlist, user limit, account not found, or the error screen) and
   * its texts follow from the error; `restart` makes its button start the flow again. `address`:
   * the error is about the email or number typed (a code sent to it, or its code checked), so the
   * screen can offer to use another. `retryAt`: when a limit ends (ms since the epoch, from the
   * server's Retry-After).
   */
  | {
      name: 'error';
      error: unknown;
      restart?: boolean;
      address?: CodeTarget['kind'];
      retryAt?: number | null;
    }
  | MfaScreen;

export type ScreenName = Screen['name'];

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

/** The first screen of each flow. */
export function startScreen(intent: ModalIntent): Screen {
  if (intent === 'login') return { name: 'landing' };
  if (intent === 'recover-wallet') return { name: 'recover-password' };
  if (intent === 'set-wallet-password' || intent === 'create-wallet') return { name: 'set-password' };
  if (intent === 'link-wallet' || intent === 'connect-wallet') return { name: 'wallets' };
  // Its request names the provider (`oauth`), whose status screen it starts on instead.
  if (intent === 'link-oauth')
    return {
      name: 'error',
      error: new LatchkeyClientError('invalid_input', 'Linking needs an OAuth provider'),
    };
  if (intent === 'link-passkey') return { name: 'passkey-status', action: 'link' };
  // The enrolment flow picks its first screen from the user's factors (modal/mfa-enrollment.ts).
  if (intent === 'mfa-enrollment') return { name: 'mfa-enroll-methods' };
  return { name: intent };
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

/** Screens the user cannot step back from: a finished or gated flow, or work under way. */
const final: ReadonlySet<ScreenName> = new Set<ScreenName>([
  'success',
  'terms',
  'embedded-creating',
  'embedded-created',
  'set-password-result',
  'mfa-verify',
  'mfa-enrolled',
]);

export function canGoBack(state: NavigationState): boolean {
  const top = state.stack.at(-1);
  return state.stack.length > 1 && top !== undefined && !final.has(top.name);
}

/** Screens that belong to the wallet picker (their code loads when one opens). */
export const isWalletScreen = (name: ScreenName): boolean => name === 'wallets' || name.startsWith('wallet-');
