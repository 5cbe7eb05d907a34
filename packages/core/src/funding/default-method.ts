import type { fundingMethods } from '@latchkey/protocol';
import type { FundingChooser, FundingProvider } from './options.ts';

/**
 * The default funding method (spec document 2 §4): a host may name one (`defaultFundingMethod`:
 * card, exchange, wallet, manual); on entering the chooser it runs once, as if the user had picked
 * it, and then clears, so coming back to the chooser (Back) shows the choice instead of running it
 * again.
 */
export type DefaultFundingMethod = (typeof fundingMethods)[number];

/** What entering the chooser does. */
export type FundingEntryAction =
  | { type: 'card'; provider: FundingProvider }
  | { type: 'exchange'; provider: FundingProvider }
  | { type: 'wallet' }
  | { type: 'receive' };

export interface DefaultFundingMethodState {
  /** The method still to run; null once run, cleared or never set. */
  pending: DefaultFundingMethod | null;
}

export function initialDefaultFundingMethod(
  method: DefaultFundingMethod | null | undefined,
): DefaultFundingMethodState {
  return { pending: method ?? null };
}

/**
 * On entry: the action to run (null: show the chooser) and the state after it. A method the request
 * cannot serve (no card provider for this chain) shows the chooser and is dropped all the same.
 */
export function enterFundingChooser(
  state: DefaultFundingMethodState,
  chooser: FundingChooser,
): { state: DefaultFundingMethodState; action: FundingEntryAction | null } {
  const cleared = { pending: null };
  switch (state.pending) {
    case null:
      return { state, action: null };
    case 'card': // the first card provider (§4)
      return {
        state: cleared,
        action: chooser.card?.provider ? { type: 'card', provider: chooser.card.provider } : null,
      };
    case 'exchange':
      return {
        state: cleared,
        action: chooser.exchange?.provider ? { type: 'exchange', provider: chooser.exchange.provider } : null,
      };
    case 'wallet':
      return {
        state: cleared,
        action: chooser.wallets && !chooser.wallets.disabledReason ? { type: 'wallet' } : null,
      };
    case 'manual': // opens Receive funds
      return { state: cleared, action: { type: 'receive' } };
  }
}

/** Going back clears it (§4), even if it never ran. */
export function clearDefaultFundingMethod(): DefaultFundingMethodState {
  return { pending: null };
}
