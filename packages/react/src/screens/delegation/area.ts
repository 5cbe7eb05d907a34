import { modalArea } from '../types.ts';

/** Delegated actions: 'Enable offline access', 'Revoke offline access to wallet', and their result. */
export const delegationArea = modalArea({
  screens: ['delegation-consent', 'delegation-revoke', 'delegation-result'],
  preload: (intent) => intent === 'delegated-actions',
  load: () => import('./index.tsx'),
});
