/**
 * The funding flows' clock (spec document 2 §9 Timing): how long each provider's status poll waits
 * before its first read and between reads, and when the success screen closes.
 */
export const fundingTimings = {
  /** First provider: status polled every 1.5 s, starting 5 s after the buy page opened. */
  coinbasePollMs: 1500,
  coinbaseStartMs: 5000,
  /** First provider: polls with the popup closed (and no success) before going back to the chooser. */
  coinbaseClosedPollLimit: 3,
  /** Second provider: status polled every 3 s, starting 8 s after the widget opened. */
  moonpayPollMs: 3000,
  moonpayStartMs: 8000,
  /** Second provider: non-404 poll errors that end the flow as `serviceFailure`. */
  moonpayErrorLimit: 3,
  /** Second provider's status API: retries of one read and the wait between them (§7). */
  moonpayRetries: 3,
  moonpayRetryMs: 500,
  /** Receive funds: the live balance. */
  receiveBalancePollMs: 2000,
  /** Bridge status. */
  bridgePollMs: 1000,
  /**
   * The wallet created at login shows for as long as it does when the modal then closes (2.5 s,
   * spec document 1 §2) before the funding prompt replaces it.
   */
  walletCreatedPromptMs: 2500,
  /** The bridging and funding 'Success!' screen closes itself. */
  successCloseMs: 4000,
} as const;
