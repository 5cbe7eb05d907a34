import { modalArea } from '../types.ts';

/** Embedded wallets' signing requests: messages, transactions, receipts. */
export const signingArea = modalArea({
  screens: ['signing'],
  preload: (intent) => intent === 'signing',
  fullScreens: ['signing'],
  load: () => import('./index.tsx'),
});
