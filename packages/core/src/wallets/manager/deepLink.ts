/** Deep-link query parameters read at start (spec document 1 §2). */
export interface WalletDeepLink {
  connector: string;
  walletClient: string | null;
  connectOnly: boolean;
}

/** Reads `privy_connector`, `privy_wallet_client`, `privy_connect_only` from a query string. */
export function readWalletDeepLink(search: string): WalletDeepLink | null {
  const query = new URLSearchParams(search);
  const connector = query.get('privy_connector');
  if (!connector) return null;
  return {
    connector,
    walletClient: query.get('privy_wallet_client'),
    connectOnly: query.get('privy_connect_only') === 'true',
  };
}
