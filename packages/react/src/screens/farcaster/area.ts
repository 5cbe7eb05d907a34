import { modalArea } from '../types.ts';

/** Farcaster login and linking, and the Farcaster signer request. */
export const farcasterArea = modalArea({
  screens: ['farcaster-connect', 'farcaster-signer'],
  preload: (intent) => intent === 'link-farcaster' || intent === 'farcaster-signer',
  // The signer request's QR code, its line and the link to copy need more than the compact height.
  fullScreens: ['farcaster-signer'],
  load: () => import('./index.tsx'),
});
