import { modalArea } from '../types.ts';

/** Multi-factor verification and enrolment. */
export const mfaArea = modalArea({
  screens: [
    'mfa-verify',
    'mfa-enroll-intro',
    'mfa-enroll-methods',
    'mfa-enroll-sms',
    'mfa-enroll-sms-code',
    'mfa-enroll-totp',
    'mfa-enroll-totp-code',
    'mfa-enroll-passkey',
    'mfa-remove',
    'mfa-enrolled',
  ],
  preload: (intent) => intent === 'mfa-verify' || intent === 'mfa-enrollment',
  fullScreens: ['mfa-verify', 'mfa-enroll-totp', 'mfa-enroll-passkey'],
  load: () => import('./index.tsx'),
});
