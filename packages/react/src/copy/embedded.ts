/**
 * Embedded wallets: creation after login, password recovery (document 1 §2 Gate and result
 * screens, Recovery; §5 Password). Lines marked "Latchkey's own" are not worded by the spec.
 * Part of `en` (copy/en.ts).
 */
export const embeddedCopy = {
  creatingTitle: 'Creating your wallet',
  creatingBody: 'Please wait...',
  welcome: 'Welcome',
  welcomeTo: (app: string) => `to ${app}`,
  allSet: 'All set!',
  accountCreated: "You've successfully created an account.",
  accountSecured: 'Your account is secured.',
  setPasswordTitle: 'Set your password',
  /** Latchkey's own. */
  setPasswordBody: 'You will need it to use your wallet on a new device.',
  savePasswordTitle: 'Save your password',
  /** Latchkey's own. */
  savePasswordBody: 'Keep it somewhere safe. Nobody, not even us, can recover it for you.',
  confirmPasswordTitle: 'Confirm your password',
  /** Latchkey's own. */
  confirmPasswordBody: 'Type your password again.',
  confirmSavedTitle: 'Confirm you have saved',
  acknowledgement:
    'I understand that if I lose my password and device, I will lose access to my account and my assets.',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm password',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidCharacters: (characters: readonly string[]) => `Invalid characters used ( ${characters.join(' ')} )`,
  passwordsDoNotMatch: 'Passwords do not match',
  /** Latchkey's own: the meter's accessible name. */
  strength: 'Password strength',
  strengths: { Weak: 'Weak', Medium: 'Medium', Strong: 'Strong' },
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  continue: 'Continue',
  cancel: 'Cancel',
  confirm: 'Confirm',
  /** Latchkey's own: the downloaded recovery file. */
  recoveryFile: (app: string, password: string) =>
    `${app ? `${app} wallet` : 'Wallet'} recovery password\n\n${password}\n\nKeep this file private. Anyone with it and access to your account can use your wallet.\n`,
  enterPasswordTitle: 'Enter your password',
  recoverAccount: 'Recover your account',
  whyNecessary: 'Why is this necessary?',
  /** Latchkey's own. */
  whyNecessaryBody:
    'Your wallet is secured with a password you chose. This device does not have your wallet yet: enter that password to restore it here.',
  /** Latchkey's own. */
  wrongPassword: 'Incorrect password. Please try again.',
  unableToRecover: 'Unable to recover wallet',
  /** Latchkey's own: the current password could not be checked (not a wrong one). */
  unableToCheckPassword: 'Unable to check your password. Please try again.',
  /** Latchkey's own: 'Enter your password' before a new one. */
  currentPasswordBody: 'Enter your current password to set a new one.',
} as const;
