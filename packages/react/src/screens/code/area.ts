import { modalArea } from '../types.ts';

/** The captcha before a code is sent, and the code boxes. */
export const codeArea = modalArea({
  screens: ['captcha', 'code'],
  preload: (intent) => intent === 'login' || /-(email|phone)$/.test(intent),
  load: () => import('./index.tsx'),
});
