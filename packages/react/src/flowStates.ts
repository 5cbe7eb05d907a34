/**
 * The headless flows' states, as the incumbent declares them (`@privy-io/react-auth` 3.45.0), so an
 * app's code that switches on `state.status` type-checks against ours (issue 31). One file for every
 * hook that shares a state.
 */

/** Where a one-time-code flow stands: log in, link or update an email address or phone number. */
export type OtpFlowState =
  | { status: 'initial' }
  | { status: 'error'; error: Error | null }
  | { status: 'sending-code' }
  | { status: 'awaiting-code-input' }
  | { status: 'submitting-code' }
  | { status: 'done' };

/** Where a headless passkey call stands: log in, sign up or link with a passkey. */
export type PasskeyFlowState =
  | { status: 'initial' }
  | { status: 'error'; error: Error | null }
  | { status: 'generating-challenge' }
  | { status: 'awaiting-passkey' }
  | { status: 'submitting-response' }
  | { status: 'done' };

/** Where a headless OAuth login or link stands: `loading` from the redirect until the return completes. */
export type OAuthFlowState =
  | { status: 'initial' }
  | { status: 'loading' }
  | { status: 'done' }
  | { status: 'error'; error: Error | null };

/** Where the headless Telegram login stands (spec document 1 §4 Flow states: Telegram). */
export type TelegramAuthFlowState =
  | { status: 'initial' }
  | { status: 'loading' }
  | { status: 'done' }
  | { status: 'error'; error: Error | null };
