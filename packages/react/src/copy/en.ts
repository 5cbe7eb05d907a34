import type { ChainType, ModalLoginMethod } from '@latchkey/protocol';
import { delegationCopy } from './delegation.ts';
import { embeddedCopy } from './embedded.ts';
import { mfaCopy } from './mfa.ts';
import { signingCopy } from './signing.ts';

/**
 * Every string the modal shows, in English, as the spec words them (document 1 §2 and §5,
 * document 2 §8). Screens read from here and nowhere else; the three largest areas' strings
 * (embedded wallets, signing, multi-factor) are in their own files beside this one.
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
  } satisfies Record<Exclude<ModalLoginMethod, 'email' | 'sms' | 'wallet'>, string>,
  termsFooterPrefix: 'By logging in I agree to the',
  termsFooterTerms: 'Terms',
  termsFooterAnd: '&',
  termsFooterPrivacy: 'Privacy Policy',

  // Passkeys (document 1 §2 Login: Passkey)
  passkey: {
    /** The landing button when passkey is the only method ('I have a passkey' otherwise). */
    continueWithPasskey: 'Continue with passkey',
    choiceTitle: 'Log in or create a new account?',
    createNewAccount: 'Create new account',
    logInWithPasskey: 'Log in with a passkey',
    waiting: 'Waiting for passkey',
    // 'Success', 'Something went wrong' and 'Retry' are the shared `success`, `somethingWentWrong`, `retry`.
  },

  // Phone
  phoneLabel: 'Phone number',
  phonePlaceholder: 'Phone number',
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
  // After too many wrong codes the server refuses every code until a new one is sent (no spec string).
  codeLocked: 'Too many incorrect attempts',
  codeLockedWait: (wait: string) => `Request a new code in ${wait}.`,
  codeLockedReady: 'Request a new code to try again.',

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

  // OAuth (document 1 §2 'OAuth status', 'In-app browser warning'; the status texts as the spec
  // words Telegram's). Lines marked "Latchkey's own" are not worded by the spec.
  oauth: {
    verifying: (provider: string) => `Verifying connection to ${provider}`,
    verifyingDetail: 'Just a few moments more',
    connected: (provider: string) => `Successfully connected with ${provider}`,
    connectedDetail: "You're good to go!",
    /** Latchkey's own. */
    denied: (provider: string) => `You did not give access to your ${provider} account.`,
    /** Latchkey's own: the popup was closed before the provider sent the user back. */
    popupClosed: (provider: string) => `The ${provider} window was closed before you logged in.`,
    phishing: 'Unexpected auth flow. This may be a phishing attempt.',
    noVerifier: 'Authentication error.',
    inAppBrowserTitle: 'Could not log in with provider',
    /** Latchkey's own. */
    inAppBrowserDetail: (provider: string) =>
      `${provider} does not allow logging in from this app's built-in browser. Open this page in your browser (Safari, Chrome…) to continue.`,
    linkCopied: 'Link copied',
  },

  // Account transfer (document 1 §2)
  transferTitle: (method: string) => `${method} is associated with another account`,
  transferConfirm: 'Transfer and delete account',
  transferCheckAssets: 'Check account assets before transferring',
  methodEmail: 'Email',
  methodPhone: 'Phone number',
  methodWallet: 'Wallet',
  methodPasskey: 'Passkey',
  methodFarcaster: 'Farcaster',
  methodTelegram: 'Telegram',

  // Terms gate
  termsTitle: 'One last step',
  termsBody: 'By signing up, you agree to our terms and privacy policy.',
  accept: 'Accept',
  noThanks: 'No thanks',
  viewTerms: 'View Terms',
  viewPrivacy: 'View Privacy Policy',

  embedded: embeddedCopy,

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
  // When a limit ends (the server's Retry-After), and the ways forward for errors a retry cannot fix.
  tryAgainIn: (wait: string) => `Try again in ${wait}`,
  waitFor: (seconds: number) =>
    seconds < 60
      ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
      : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'}`,
  tryAgain: 'Try again',
  useDifferentEmail: 'Use a different email',
  useDifferentPhone: 'Use a different phone number',

  signingScreens: signingCopy,

  // Key export (document 1 §2 Export, document 2 §1 Export wallet, §8 Connect and export). Lines
  // marked "Latchkey's own" are not worded by the spec.
  exportWallet: {
    /** Latchkey's own: the spec names the screen 'Export wallet'. */
    title: 'Export wallet',
    warning: 'Never share your private key or seed phrase with anyone.',
    subtitle: 'Copy either your private key or seed phrase to export your wallet.',
    learnMore: 'Learn more',
    /** Latchkey's own: what 'Learn more' opens. */
    learnMoreBody:
      'Your private key controls this one wallet; your seed phrase restores every wallet of your account in any wallet app that supports it. They are shown in a frame that belongs to the wallet service: this app never sees them.',
    /** Latchkey's own: the export frame's accessible name. */
    frameTitle: 'Wallet export',
    /** Latchkey's own. */
    walletLabel: (chain: ChainType) => (chain === 'ethereum' ? 'Ethereum wallet' : 'Solana wallet'),
    /** Latchkey's own. */
    copyAddress: 'Copy address',
    failedTitle: 'Something went wrong',
    failedDetail: "We're on it. Please try again later.",
  },

  mfa: mfaCopy,

  delegation: delegationCopy,
} as const;

export type Copy = typeof en;
