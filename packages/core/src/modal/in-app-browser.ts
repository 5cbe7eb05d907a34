import type { DeviceHints } from './mobile.ts';

/**
 * Apps that open links in a browser of their own (a web view): Facebook, Messenger, Instagram,
 * LINE, X, WeChat, TikTok, Snapchat, LinkedIn, and Android web views (`; wv)`).
 */
const inAppBrowser =
  /FBAN|FBAV|FB_IAB|Instagram|\bLine\/|Twitter|MicroMessenger|BytedanceWebview|musical_ly|TikTok|Snapchat|LinkedInApp|; wv\)/i;

/**
 * Providers that refuse to sign users in inside such a browser: Google answers
 * `disallowed_useragent` there, so the modal warns before sending the user to a dead end.
 */
const refusesInAppBrowsers: ReadonlySet<string> = new Set(['google']);

/**
 * True when `provider` will refuse this browser, an app's built-in one (spec document 1 §2 'In-app
 * browser warning').
 *
 * @example
 * providerRefusesBrowser('google', { userAgent: '… Instagram 309.0 …' }) // true
 */
export function providerRefusesBrowser(provider: string, device: DeviceHints | undefined): boolean {
  return refusesInAppBrowsers.has(provider) && device !== undefined && inAppBrowser.test(device.userAgent);
}
