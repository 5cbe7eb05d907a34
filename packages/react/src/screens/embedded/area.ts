import { modalArea } from '../types.ts';

/** Embedded wallets: creation after login, the password flow, and recovery with the password. */
export const embeddedArea = modalArea({
  screens: [
    'embedded-creating',
    'embedded-created',
    'recover-password',
    'current-password',
    'set-password',
    'set-password-save',
    'set-password-confirm',
    'set-password-acknowledge',
    'set-password-result',
  ],
  preload: (intent) =>
    intent === 'login' ||
    intent === 'recover-wallet' ||
    intent === 'set-wallet-password' ||
    intent === 'create-wallet',
  load: () => import('./index.tsx'),
});
