import type { ChainType, MfaMethod, ModalLoginMethod } from '@latchkey/protocol';

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

  // Terms gate
  termsTitle: 'One last step',
  termsBody: 'By signing up, you agree to our terms and privacy policy.',
  accept: 'Accept',
  noThanks: 'No thanks',
  viewTerms: 'View Terms',
  viewPrivacy: 'View Privacy Policy',

  // Embedded wallets: creation after login, password recovery (document 1 §2 Gate and result
  // screens, Recovery; §5 Password). Lines marked "Latchkey's own" are not worded by the spec.
  embedded: {
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
    invalidCharacters: (characters: readonly string[]) =>
      `Invalid characters used ( ${characters.join(' ')} )`,
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
  },

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

  // Signing and sending with embedded wallets (document 1 §2 Wallet actions, document 2 §2 and §8)
  signingScreens: {
    signMessage: 'Sign message',
    signMessageDescription: 'Signing this message will not cost you any fees.',
    signAndContinue: 'Sign and continue',
    notNow: 'Not now',
    copy: 'Copy',
    copied: 'Copied',
    copyPayload: 'Copy full payload',
    approveAction: (action: string) => `Approve ${action}`,
    actions: {
      transaction: 'transaction',
      transfer: 'transfer',
      approve: 'approve',
      mint: 'mint',
      batchTransfer: 'batch transfer',
    },
    send: 'Send',
    spender: 'Spender',
    to: 'To',
    tokenAddress: 'Token address',
    network: 'Network',
    estimatedFee: 'Estimated fee',
    details: 'Details',
    from: 'From',
    action: 'Action',
    estFees: 'Est. Fees',
    total: 'Total (including fees)',
    balance: 'Balance',
    maximum: 'Maximum',
    approve: 'Approve',
    /** The subtitle of a transfer's confirm screen (check the recipient) and of any other call. */
    confirmAddress: 'Confirm address',
    confirmAction: 'Confirm action',
    /** A batch's place, after the title: 'Approve transfer (1 / 3)'. */
    batchStep: (n: number, m: number) => `(${n} / ${m})`,
    continue: 'Continue',
    back: 'Back',
    addFunds: 'Add funds',
    addFundsOn: (network: string) => `Add funds on ${network} to complete transaction.`,
    transactionComplete: 'Transaction complete!',
    transactionSigned: 'Transaction signed!',
    allSet: "You're all set.",
    allDone: 'All Done',
    transactionFailed: 'Transaction failed',
    retryTransaction: 'Retry transaction',
    transactionHash: 'Transaction hash',
    viewOnExplorer: 'View on explorer',
    somethingWentWrong: 'Something went wrong.',
    // Solana
    confirmTransaction: 'Confirm transaction',
    amount: 'Amount',
    advanced: 'Advanced',
    solanaNetwork: (cluster: string) => (cluster === 'mainnet-beta' ? 'Solana' : `Solana ${cluster}`),
    instructions: {
      'sol-transfer': 'Transfer SOL',
      'spl-transfer': 'Transfer token',
      'ata-creation': 'Create token account',
      'create-account': 'Create account',
      'spl-init-account': 'Initialize token account',
      'spl-close-account': 'Close token account',
      'spl-sync-native': 'Sync wrapped SOL',
      'raydium-swap-base-input': 'Swap (Raydium)',
      'raydium-swap-base-output': 'Swap (Raydium)',
      'jupiter-swap-shared-accounts-route': 'Swap (Jupiter)',
      'jupiter-swap-exact-out-route': 'Swap (Jupiter)',
      unknown: 'Program call',
    } as Record<string, string>,
    fields: {
      program: 'Program',
      discriminator: 'Discriminator',
      fromAccount: 'From',
      toAccount: 'To',
      lamports: 'Amount',
      source: 'From',
      destination: 'To',
      authority: 'Authority',
      amount: 'Amount',
      mint: 'Mint',
      owner: 'Owner',
      payer: 'Payer',
      account: 'Account',
      newAccount: 'New account',
      associatedTokenAccount: 'Token account',
      mintIn: 'Token in',
      mintOut: 'Token out',
      amountIn: 'Amount in',
      amountOut: 'Amount out',
      minimumAmountOut: 'Minimum out',
      maxAmountIn: 'Maximum in',
      inAmount: 'Amount in',
      outAmount: 'Amount out',
      quotedOutAmount: 'Quoted out',
      quotedInAmount: 'Quoted in',
    } as Record<string, string>,
  },

  // Receive funds (document 1 §2 Wallet actions, document 2 §1 and §4 Receive funds).
  receiveFunds: {
    title: (amount: string, symbol: string) => `Receive ${amount} ${symbol}`,
    subtitle: (network: string) =>
      `Scan this code or copy your wallet address to receive funds on ${network}.`,
    notice: (network: string) => `Make sure to send funds on ${network}.`,
    /** Latchkey's own: the QR code's accessible name. */
    qrLabel: 'Wallet address QR code',
    copyAddress: 'Copy address',
    balance: 'Balance',
    continue: 'Continue',
    back: 'Back',
    /** Latchkey's own: shown once the balance grew. */
    received: 'Funds received',
  },

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

  // Multi-factor (document 1 §2 'Multi-factor', document 2 §8 'MFA messages'). Lines marked
  // "Latchkey's own" are not worded by the spec.
  mfa: {
    verifyTitle: 'Verify your identity',
    /** The factors' names on 'Verify your identity' and 'Choose a verification method'. */
    methods: { totp: 'Authenticator app', sms: 'SMS', passkey: 'Passkey' } satisfies Record<
      MfaMethod,
      string
    >,
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
    smsSetupText:
      'We will text a verification code to this number whenever your wallet needs you to confirm.',
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
  },
} as const;

export type Copy = typeof en;
