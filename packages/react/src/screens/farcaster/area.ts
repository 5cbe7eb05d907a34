import { modalArea } from '../types.ts';

/** Farcaster login and linking, and the Farcaster signer request. */
export const farcasterArea = modalArea({
  screens: ['farcaster-connect', 'farcaster-signer'],
  preload: (intent) => intent === 'link-farcaster' || intent === 'farcaster-signer',
  load: () => import('./index.tsx'),
});
