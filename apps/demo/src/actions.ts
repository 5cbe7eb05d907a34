/** How an action the demo ran ended: the cards show it next to the button that started it. */
export type Outcome = { ok: true } | { ok: false; message: string };

/**
 * Runs a named action and reports it (the login card's 'Last result', and the returned outcome for
 * the card's own feedback). Never throws.
 */
export type Run = (name: string, action: () => unknown) => () => Promise<Outcome>;

/** An error as a person reads it: its message, else what it is. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Dispatched on `window` after a transaction is sent, so the balances shown are read again at once. */
export const balancesChangedEvent = 'demo:balances-changed';
