/**
 * The wallets the SDK knows by name: those with a well-known EIP-6963 rdns, and Solflare (a Wallet
 * Standard wallet, which has no rdns: its client type is its name). The modal has a mark for each.
 */
export const knownWalletClientTypes = [
  'metamask',
  'phantom',
  'coinbase_wallet',
  'rabby_wallet',
  'rainbow',
  'trust',
  'okx_wallet',
  'brave_wallet',
  'zerion',
  'backpack',
  'solflare',
] as const;

export type KnownWalletClientType = (typeof knownWalletClientTypes)[number];

/** Client types for well-known EIP-6963 rdns values; others use the wallet name. */
const clientTypeByRdns: Record<string, KnownWalletClientType> = {
  'io.metamask': 'metamask',
  'io.metamask.flask': 'metamask',
  'app.phantom': 'phantom',
  'com.coinbase.wallet': 'coinbase_wallet',
  'io.rabby': 'rabby_wallet',
  'me.rainbow': 'rainbow',
  'com.trustwallet.app': 'trust',
  'com.okex.wallet': 'okx_wallet',
  'com.brave.wallet': 'brave_wallet',
  'io.zerion.wallet': 'zerion',
  'app.backpack': 'backpack',
};

/**
 * The wallet client type: known rdns first, else the name in lower case with spaces as `_`. Every
 * connector names its wallets this way, so one wallet found by several (Phantom on Ethereum and
 * Solana) is one entry.
 *
 * @example
 * walletClientTypeOf('Test Wallet', 'dev.latchkey.test') // 'test_wallet'
 */
export function walletClientTypeOf(name: string, rdns?: string): string {
  const known = rdns ? clientTypeByRdns[rdns] : undefined;
  return known ?? name.trim().toLowerCase().replace(/\s+/g, '_');
}
