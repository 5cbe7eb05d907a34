import { modalArea } from '../types.ts';

/** The wallet picker and one wallet's connection. */
export const walletsArea = modalArea({
  screens: [
    'wallets',
    'wallet-network',
    'wallet-ledger',
    'wallet-install',
    'wallet-redirect',
    'wallet-connecting',
  ],
  preload: (intent) => intent === 'login' || intent === 'link-wallet' || intent === 'connect-wallet',
  fullScreens: ['wallets'],
  load: () => import('./index.tsx'),
});
