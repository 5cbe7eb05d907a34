/**
 * The strings the signing code writes into the screens' content and failures (spec document 1 §2
 * Wallet actions, document 2 §8); the screens' own labels are the UI's (react's `copy/signing.ts`).
 */
export const signingMessages = {
  /** The decoded call's action, shown in 'Approve {action}' and the Action row. */
  actions: {
    transaction: 'transaction',
    transfer: 'transfer',
    approve: 'approve',
    mint: 'mint',
    batchTransfer: 'batch transfer',
  },
  /** The Send row of an unlimited allowance. */
  maximum: 'Maximum',
  /** The error screen's title for a reverted Ethereum transaction and any failed Solana one. */
  transactionFailed: 'Transaction failed',
  /** The error screen's title for any other Ethereum failure. */
  failedTitle: 'Something went wrong',
  /** The error screen's message when the error has none. */
  somethingWentWrong: 'Something went wrong.',
  solanaNetwork: (cluster: string) => (cluster === 'mainnet-beta' ? 'Solana' : `Solana ${cluster}`),
} as const;
