import { modalArea } from '../types.ts';

/** The phone field, and linking or updating a phone number. */
export const smsArea = modalArea({
  screens: ['phone', 'link-phone', 'update-phone'],
  preload: (intent) => intent === 'login' || intent.endsWith('-phone'),
  load: () => import('./index.tsx'),
});
