import { modalArea } from '../types.ts';

/** An embedded wallet's key export (the export frame). */
export const exportArea = modalArea({
  screens: ['export-wallet'],
  preload: (intent) => intent === 'export-wallet',
  fullScreens: ['export-wallet'],
  load: () => import('./index.tsx'),
});
