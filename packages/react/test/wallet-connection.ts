/**
 * A connected external wallet as core's wallet manager reports it: MetaMask on Base, for the tests of
 * the connected-wallet objects and the active wallet.
 */
import type { WalletConnection } from '@latchkey/core';

export const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export const connection: WalletConnection = {
  chainType: 'ethereum',
  address,
  walletId: 'io.metamask',
  name: 'MetaMask',
  icon: 'data:,',
  walletClientType: 'metamask',
  connectorType: 'injected',
  chainId: 'eip155:8453',
  connectedAt: 5,
};
