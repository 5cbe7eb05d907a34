import { modalArea } from '../types.ts';

/** The email field on its own, and linking or updating an email. */
export const emailArea = modalArea({
  screens: ['email', 'link-email', 'update-email'],
  preload: (intent) => intent === 'login' || intent.endsWith('-email'),
  load: () => import('./index.tsx'),
});
