import { modalArea } from '../types.ts';

/** A social login's status, and the in-app browsers providers refuse. */
export const oauthArea = modalArea({
  screens: ['oauth-status', 'oauth-in-app-browser'],
  preload: (intent) => intent === 'login' || intent === 'link-oauth',
  load: () => import('./index.tsx'),
});
