/**
 * Every string the modal shows, in English, as the spec words them (document 1 §2 and §5,
 * document 2 §8). Screens read from here and nowhere else.
 */
export const en = {
  close: 'Close',
  back: 'Back',
  loading: 'Loading',

  // Landing (document 1 §2 Login)
  landingHeader: 'Log in or sign up',
  otherSocials: 'Other socials',
  logInWithEmailOrSocials: 'Log in with email or socials',
  continueWithEmailOrSms: 'Continue with email or sms',
  continueWithWallet: 'Continue with a wallet',
  moreOptions: 'More options',
  recent: 'Recent',
  continueWithEmail: 'Continue with Email',
  continueWithSms: 'Continue with SMS',
  continueWithWhatsApp: 'Continue with WhatsApp',
  emailPlaceholder: 'your@email.com',
  emailLabel: 'Email address',
  submit: 'Submit',
  providerNames: {
    google: 'Google',
    twitter: 'Twitter',
    discord: 'Discord',
    github: 'GitHub',
    spotify: 'Spotify',
    instagram: 'Instagram',
    tiktok: 'TikTok',
    line: 'LINE',
    linkedin: 'LinkedIn',
    apple: 'Apple',
    farcaster: 'Farcaster',
    telegram: 'Telegram',
    passkey: 'I have a passkey',
  } as Record<string, string>,
  termsFooterPrefix: 'By logging in I agree to the',
  termsFooterTerms: 'Terms',
  termsFooterAnd: '&',
  termsFooterPrivacy: 'Privacy Policy',

  // Phone
  phoneLabel: 'Phone number',
  countryLabel: 'Country',

  // Validation (document 1 §5)
  invalidEmail: 'Invalid email address',
  plusEmailNotAllowed: "Please enter a valid email address without a '+'.",
  invalidPhone: 'Phone number is not valid',
  codeNotNumeric: 'Code should be numeric',
  codeLength: 'Passcode must be exactly 6 numbers',

  // Code entry
  enterCode: 'Enter confirmation code',
  codeDigitLabel: (n: number) => `Digit ${n} of 6`,
  noEmail: "Didn't get an email?",
  noMessage: "Didn't get a message?",
  resendCode: 'Resend code',
  resendIn: (seconds: number) => `${seconds}s`,
  codeSent: 'Code sent',

  // Account screens
  connectEmail: 'Connect your email',
  connectPhone: 'Connect your phone',
  updateEmail: 'Update your email',
  updatePhone: 'Update your phone number',

  // Captcha (document 1 §2 Shell, §5)
  captchaChecking: 'Checking that you are a human...',
  captchaUnsupportedKey: 'Unsupported captcha site key',
  captchaHint: 'If you use an ad blocker or VPN, try turning it off.',

  // Wallet picker and connection (document 1 §2 Wallet picker, Wallet connecting)
  selectWallet: 'Select your wallet',
  searchWallets: 'Search wallets',
  noWalletsFound: 'No wallets found. Try another search.',
  selectNetwork: 'Select network',
  ethereum: 'Ethereum',
  solana: 'Solana',
  installed: 'Installed',
  openOrInstall: (wallet: string) => `Open or install ${wallet}`,
  createWallet: (wallet: string) => `Create a ${wallet} wallet`,
  getWallet: (wallet: string) => `Get ${wallet}`,
  waitingFor: (wallet: string) => `Waiting for ${wallet}`,
  signToVerify: 'Sign to verify',
  signing: 'Signing',
  connectedWith: (wallet: string) => `Successfully connected with ${wallet}`,
  switchingNetworks: 'Switching networks',
  unableToConnectWallet: 'Unable to connect wallet',
  useDifferentWallet: 'Use a different wallet',
  continueWithLedger: 'Continue with Ledger',
  continueWithoutLedger: 'Continue without Ledger',
  ledgerQuestion: 'Are you using a Ledger with Phantom?',
  // Mobile redirect to a wallet's app (document 1 §2 Wallet picker, Wallet connecting)
  redirectingTo: (wallet: string) => `Redirecting to ${wallet} Mobile Wallet`,
  goToWallet: (wallet: string) => `Go to ${wallet} to continue`,
  stillHere: 'Still here?',
  openInApp: 'Open in app',
  copyLink: 'Copy link',
  goToAppStore: 'Go to App Store',
  /** Android's counterpart of 'Go to App Store' (the spec words only the iOS one). */
  goToGooglePlay: 'Go to Google Play',

  // Account transfer (document 1 §2)
  transferTitle: (method: string) => `${method} is associated with another account`,
  transferConfirm: 'Transfer and delete account',
  transferCheckAssets: 'Check account assets before transferring',
  methodEmail: 'Email',
  methodPhone: 'Phone number',
  methodWallet: 'Wallet',

  // Terms gate
  termsTitle: 'One last step',
  termsBody: 'By signing up, you agree to our terms and privacy policy.',
  accept: 'Accept',
  noThanks: 'No thanks',
  viewTerms: 'View Terms',
  viewPrivacy: 'View Privacy Policy',

  // Results
  success: 'Success',
  allowlistTitle: "You don't have access to this app",
  allowlistDetail: 'Have you been invited?',
  allowlistCta: 'Try another account',
  userLimitTitle: 'Unable to sign in',
  userLimitDetail:
    'This is a test application that has reached its user limit. To allow more users, this app needs to be upgraded to production.',
  accountNotFoundTitle: 'Account not found',
  accountNotFoundCta: 'Try logging in again',

  // Error screen mapping (document 2 §8)
  retry: 'Retry',
  timedOut: 'Timed out',
  somethingWentWrong: 'Something went wrong',
  tryAgainLater: 'Try again later',
  pleaseTryAgain: 'Please try again.',
  notAllowed: 'Not allowed',
  tryAnotherMethod: 'Try another method',
  captchaFailure: 'You did not pass CAPTCHA. Please try again.',
  captchaTimeout: 'Something went wrong! Please try again later.',
  authenticationFailed: 'Authentication failed',
  linkedToAnotherUser: 'This account has already been linked to another user.',
  regionNotSupported: 'This region is not supported',
  smsRegionNotAvailable: 'SMS authentication from this region is not available',
  requestFailed: 'Request failed',
  tooManyAttempts: 'Too many attempts.',
} as const;

export type Copy = typeof en;
