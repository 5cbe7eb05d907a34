import type { PageReturn } from './types.ts';

// Loaded when the address has a query or a hash, never at first load.

/**
 * A wallet's deep link (`privy_connector`, `privy_wallet_client`, `privy_connect_only`): once ready,
 * the picker opens and connects that wallet at once; without connect-only, it logs in.
 */
export const walletDeepLink: PageReturn = {
  async complete({ client, openModal }) {
    const query = new URLSearchParams(location.search);
    if (!query.get('privy_connector')) return;
    const walletClient = query.get('privy_wallet_client');
    if (query.get('privy_connect_only') === 'true') openModal('connect-wallet', { walletClient });
    else if (!client.getState().user) openModal('login', { walletClient });
  },
};
