import type { FarcasterSettings } from './settings.ts';

/**
 * Where the user goes to sign (a QR code of it, or a link on mobile): the Farcaster app's sign-in
 * page with the channel token, the one parameter the app reads (REFERENCES §2.2).
 */
export const connectUri = (settings: Pick<FarcasterSettings, 'signInUrl'>, channelToken: string): string =>
  `${settings.signInUrl}?channelToken=${encodeURIComponent(channelToken)}`;
