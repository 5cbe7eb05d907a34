import type { MfaMethod } from '@latchkey/protocol';

/**
 * Multi-factor (document 1 §2 'Multi-factor', document 2 §8 'MFA messages'). Lines marked
 * "Latchkey's own" are not worded by the spec.
 * Part of `en` (copy/en.ts).
 */
export const mfaCopy = {
  verifyTitle: 'Verify your identity',
  /** The factors' names on 'Verify your identity' and 'Choose a verification method'. */
  methods: { totp: 'Authenticator app', sms: 'SMS', passkey: 'Passkey' } satisfies Record<MfaMethod, string>,
  /** Latchkey's own: the code entry's title. */
  enterCode: 'Enter verification code',
  smsCodeText: 'To continue, please enter the 6-digit code sent to your mobile device',
  totpCodeText: 'To continue, please enter the 6-digit code generated from your authenticator app',
  chooseAnother: 'Choose another method',
  cancel: 'Cancel',
  /** Latchkey's own: while the SMS code is being sent. */
  sendingCode: 'Sending a code to your mobile device…',
  passkeyTitle: 'Verifying with passkey',
  /** Latchkey's own. */
  passkeyText: 'Approve with your passkey: your fingerprint, face, screen lock or security key.',
  /** Latchkey's own wording around the last-added date the spec asks for. */
  passkeyLastAdded: (date: string) => `You last added a passkey on ${date}.`,
  tryAgain: 'Try again',
  /** Latchkey's own: the heading of the pending transaction's summary. */
  pendingRequest: 'Pending request',
  // Enrolment
  introTitle: 'Transaction Protection',
  /** Latchkey's own. */
  introText: (app: string) =>
    `Add a second step before your ${app} wallet signs or sends anything: a code from your phone or authenticator app, or your passkey.`,
  continue: 'Continue',
  notNow: 'Not now',
  chooseMethodTitle: 'Choose a verification method',
  enabled: 'Enabled',
  remove: 'Remove',
  addMoreSecurity: 'Add more security',
  /** Latchkey's own. */
  noMethods: (app: string) => `${app} does not offer any verification method yet.`,
  /** Latchkey's own. */
  smsSetupTitle: 'Set up SMS verification',
  /** Latchkey's own. */
  smsSetupText: 'We will text a verification code to this number whenever your wallet needs you to confirm.',
  /** Latchkey's own. */
  smsCodeSent: (phoneNumber: string) => `To continue, enter the 6-digit code sent to ${phoneNumber}`,
  /** Latchkey's own. */
  totpSetupTitle: 'Set up an authenticator app',
  /** Latchkey's own. */
  totpScanText: 'Scan this QR code with your authenticator app, or type the setup key into it.',
  /** Latchkey's own. */
  totpQrLabel: 'Authenticator app QR code',
  setupKey: 'Setup key',
  /** Latchkey's own. */
  copy: 'Copy',
  copied: 'Copied',
  passkeySetupTitle: 'Set up passkey verification',
  /** Latchkey's own. */
  passkeySetupText: 'Choose the passkeys that can approve what your wallet signs.',
  yourPasskeys: 'Your passkeys',
  viewAll: 'View all',
  addNewPasskey: 'Add new passkey',
  /** Latchkey's own: a passkey without a known authenticator name. */
  unnamedPasskey: 'Passkey',
  /** Latchkey's own. */
  addedOn: (date: string) => `Added ${date}`,
  passkeysUpdated: 'Passkeys updated',
  done: 'Done',
  /** Latchkey's own: the removal confirmations. */
  removeTitle: {
    sms: 'Remove SMS verification?',
    totp: 'Remove authenticator app verification?',
    passkey: 'Remove passkey verification?',
  } satisfies Record<MfaMethod, string>,
  /** Latchkey's own. */
  removeText: 'Your wallet will no longer ask for this method. Make sure you keep another one.',
  /** Latchkey's own (the spec names only 'Passkeys updated'). */
  enrolledTitle: {
    sms: 'SMS verification added',
    totp: 'Authenticator app added',
    passkey: 'Passkeys updated',
  } satisfies Record<MfaMethod, string>,
} as const;
