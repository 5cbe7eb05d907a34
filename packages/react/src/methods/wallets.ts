import type { ReactMethod } from './types.ts';

/** External wallets: a wallet app's deep link back to the page. */
export const walletsMethod: ReactMethod = {
  pageReturn: () => import('./wallet-deep-link.ts').then((m) => m.walletDeepLink),
};
