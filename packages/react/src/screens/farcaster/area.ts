import { modalArea } from '../types.ts';

/** Farcaster login and linking. */
export const farcasterArea = modalArea({
  screens: ['farcaster-connect'],
  preload: (intent) => intent === 'link-farcaster',
  load: () => import('./index.tsx'),
});
