import { flowKind } from '@latchkey/core';
import { modalArea } from '../types.ts';

/** How a login, link or update ends for the account: terms, success, transfer, or a refusal. */
export const accountArea = modalArea({
  screens: ['terms', 'success', 'transfer', 'error'],
  preload: (intent) => flowKind(intent) !== 'embedded',
  load: () => import('./index.tsx'),
});
