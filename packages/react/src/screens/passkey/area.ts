import { modalArea } from '../types.ts';

/** Passkey login, sign-up and linking. */
export const passkeyArea = modalArea({
  screens: ['passkey-choice', 'passkey-status'],
  preload: (intent) => intent === 'link-passkey',
  load: () => import('./index.tsx'),
});
