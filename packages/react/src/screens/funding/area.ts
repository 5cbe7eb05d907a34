import { modalArea } from '../types.ts';

/** Funding: the Fund wallet chooser, the card providers' status screens and Receive funds, Transfer from wallet, Bridge to Solana. */
export const fundingArea = modalArea({
  screens: [
    'fund-chooser',
    'fund-coinbase-status',
    'fund-moonpay-status',
    'fund-receive',
    'fund-transfer-wallets',
    'fund-transfer-amount',
    'fund-transfer-confirm',
    'fund-bridge-options',
    'fund-bridge-progress',
  ],
  preload: (intent) => intent === 'fund-wallet' || intent === 'signing',
  load: () => import('./index.tsx'),
});
