import { modalArea } from '../types.ts';

/** Telegram login and linking. */
export const telegramArea = modalArea({
  screens: ['telegram-status'],
  preload: (intent) => intent === 'link-telegram',
  load: () => import('./index.tsx'),
});
