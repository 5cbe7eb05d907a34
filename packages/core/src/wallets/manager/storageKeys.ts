/** localStorage keys of the connected wallets. */
export const walletStorageKeys = {
  /** The wallets connected in this browser (a JSON list). */
  connections: 'privy:connections',
  /** The active wallet, as `walletClientType:address`. */
  activeWallet: 'privy:active-wallet',
} as const;
