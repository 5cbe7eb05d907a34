/**
 * The Farcaster screens' copy (spec document 1 §2 'Farcaster': 'Open Farcaster app', 'Take me to
 * Farcaster'); the other lines are Latchkey's wording, as the Telegram screens have them.
 */
export const farcasterCopy = {
  title: 'Sign in with Farcaster',
  scan: "Scan with your phone's camera to continue.",
  openApp: 'Open Farcaster app',
  takeMeThere: 'Take me to Farcaster',
  copyLink: 'Copy link',
  qrLabel: 'QR code to sign in with Farcaster',
  opening: 'Connecting to Farcaster',
  verifying: 'Verifying connection to Farcaster',
  verifyingDetail: 'Just a few moments more',
  connected: 'Successfully connected with Farcaster',
  connectedDetail: "You're good to go!",
  timedOut: 'The request timed out. Try again.',
} as const;

/**
 * The signer request's copy: spec document 1 §2 and document 2 §2 ('Add a signer to Farcaster',
 * 'Requesting signer from Farcaster' / 'This should only take a moment'), document 2 §8 (its
 * three failures); the other lines are the incumbent's.
 */
export const farcasterSignerCopy = {
  title: 'Add a signer to Farcaster',
  subtitle: (appName: string) =>
    `This will allow ${appName || 'this app'} to add casts, likes, follows, and more on your behalf.`,
  requesting: 'Requesting signer from Farcaster',
  requestingDetail: 'This should only take a moment',
  copyHint: 'Or copy this link and paste it into a phone browser to open the Farcaster app.',
  qrLabel: 'QR code to add a signer in the Farcaster app',
  failures: {
    failed: ['Connect failed', 'Something went wrong. Please try again.'],
    timeout: ['Connect failed', 'The request timed out. Try again.'],
    rejected: ['Request rejected', 'The request was rejected. Please try again.'],
  },
} as const;
