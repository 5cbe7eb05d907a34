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
