/** What the picker reads to tell a phone or tablet: `navigator`, or a stand-in in tests. */
export interface DeviceHints {
  userAgent: string;
  maxTouchPoints?: number | undefined;
}

export type MobilePlatform = 'ios' | 'android';

/**
 * The mobile platform of this browser, or null on a desktop. A wallet not installed there is opened
 * in its phone app (a universal link) instead of the install screen. iPadOS Safari reports a Mac
 * user agent by default; only its touch points give it away (desktop Macs report 0).
 *
 * @example
 * mobilePlatform({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) …' }) // 'ios'
 */
export function mobilePlatform(device: DeviceHints | undefined): MobilePlatform | null {
  if (!device) return null;
  const ua = device.userAgent;
  if (/Android/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Macintosh/i.test(ua) && (device.maxTouchPoints ?? 0) > 1) return 'ios';
  return null;
}

/** This browser's platform; null outside a browser (server rendering). */
export function currentMobilePlatform(): MobilePlatform | null {
  return typeof navigator === 'undefined' ? null : mobilePlatform(navigator);
}
