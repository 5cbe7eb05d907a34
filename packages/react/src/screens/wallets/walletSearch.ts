/** The search bar shows above this many wallets (or while searching). */
export const walletSearchThreshold = 6;

/** Case-insensitive substring match on the label. */
export function filterWallets<T extends { name: string }>(wallets: T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  return needle ? wallets.filter((w) => w.name.toLowerCase().includes(needle)) : wallets;
}
