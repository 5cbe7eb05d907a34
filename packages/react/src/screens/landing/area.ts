import { modalArea } from '../types.ts';

/** The login methods' buttons and the email field. */
export const landingArea = modalArea({
  screens: ['landing', 'overflow'],
  preload: (intent) => intent === 'login',
  load: () => import('./index.tsx'),
});
