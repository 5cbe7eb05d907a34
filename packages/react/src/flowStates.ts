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

/**
 * Where the headless OAuth link stands (the incumbent's `OAuthFlowState`; Latchkey's own
 * `OAuthFlowState` of `useLoginWithOAuth` carries the error code as a string instead).
 */
export type OAuthLinkFlowState =
  | { status: 'initial' }
  | { status: 'loading' }
  | { status: 'done' }
  | { status: 'error'; error: Error | null };
