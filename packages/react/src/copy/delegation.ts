/**
 * Delegated actions (document 1 §2 'Delegation', document 2 §2). Lines marked "Latchkey's own" are
 * not worded by the spec. Part of `en` (copy/en.ts).
 */
export const delegationCopy = {
  consentTitle: 'Enable offline access',
  /** Latchkey's own. */
  consentBody: (app: string) =>
    `${app || 'This app'} will be able to use your wallet while you are away. You can revoke this at any time.`,
  accept: 'Accept',
  notNow: 'Not now',
  revokeTitle: 'Revoke offline access to wallet',
  /** Latchkey's own. */
  revokeBody: (app: string) =>
    `${app || 'This app'} will no longer be able to use your wallet while you are away.`,
  confirm: 'Confirm',
  deny: 'Deny',
  delegated: (app: string) =>
    `You've successfully granted delegated action permissions to ${app || 'this app'}.`,
  revoked: "You've successfully revoked permissions.",
  // 'Something went wrong' and 'Please try again.' are the shared `somethingWentWrong`, `pleaseTryAgain`.
} as const;
