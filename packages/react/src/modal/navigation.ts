import type { AccountTransferRequired, TransferAccount } from '@latchkey/core';
import { type EmbeddedScreen, embeddedFinalScreens } from '../embedded/embeddedScreens.ts';
import type { ModalIntent } from '../types.ts';
import type { ResultScreen } from './errorScreens.ts';

/** Where a code went. */
export type CodeTarget = { kind: 'email'; address: string } | { kind: 'sms'; phoneNumber: string };

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
  | { name: 'wallet-connecting'; walletId: string; chainType: 'ethereum' | 'solana' }
  /** A link refused with account_transfer_required: transfer the account, or not. */
  | {
      name: 'transfer';
      account: TransferAccount;
      transfer: AccountTransferRequired;
      method: 'email' | 'sms' | 'siwe' | 'siws';
    }
  | { name: 'terms' }
  | { name: 'success' }
  /** Embedded wallets: creation after login, the password flow, password recovery. */
  | EmbeddedScreen
  /** Signing requests of embedded wallets, one after another (signing/SigningFlow.tsx). */
  | { name: 'signing' }
  /** An embedded wallet's export screen (key-export frame). */
  | { name: 'export-wallet' }
  | ResultScreen;

export type ScreenName = Screen['name'] | 'loading';

export interface NavigationState {
  stack: Screen[];
  /** Grows on every change, so each visit mounts its screen afresh. */
  visit: number;
}

export type NavigationAction =
  | { type: 'push'; screen: Screen }
  /** Swaps the top screen (captcha → code, code → success). */
  | { type: 'replace'; screen: Screen }
  | { type: 'back' }
  | { type: 'reset'; screen: Screen };

/** The first screen of each flow. */
export function startScreen(intent: ModalIntent): Screen {
  if (intent === 'login') return { name: 'landing' };
  if (intent === 'recover-wallet') return { name: 'recover-password' };
  if (intent === 'set-wallet-password' || intent === 'create-wallet') return { name: 'set-password' };
  if (intent === 'link-wallet' || intent === 'connect-wallet') return { name: 'wallets' };
  return { name: intent };
}

export function navigationReducer(state: NavigationState, action: NavigationAction): NavigationState {
  const visit = state.visit + 1;
  switch (action.type) {
    case 'push':
      return { stack: [...state.stack, action.screen], visit };
    case 'replace':
      return { stack: [...state.stack.slice(0, -1), action.screen], visit };
    case 'back':
      return state.stack.length > 1 ? { stack: state.stack.slice(0, -1), visit } : state;
    case 'reset':
      return { stack: [action.screen], visit };
  }
}

/** Screens the user cannot step back from: a finished or gated flow. */
const final: ReadonlySet<string> = new Set(['success', 'terms', 'loading', ...embeddedFinalScreens]);

export function canGoBack(state: NavigationState): boolean {
  const top = state.stack.at(-1);
  return state.stack.length > 1 && top !== undefined && !final.has(top.name);
}

/** Tall screens use the full height (620 px), the rest the compact one (480 px). */
export function screenSize(name: ScreenName, slotCount: number): 'full' | 'compact' {
  if (name === 'landing' || name === 'overflow') return slotCount > 3 ? 'full' : 'compact';
  if (name === 'wallets' || name === 'signing') return 'full';
  // The warning, the wallet, the export frame with a revealed value and the explanation.
  if (name === 'export-wallet') return 'full';
  return 'compact';
}
