/** Where a passkey was made, read from the registering request's User-Agent (WIRE.md §4.2 `created_with_*`). */
export interface CreatedWith {
  browser: string | null;
  os: string | null;
  device: string | null;
}

/** The first pattern that matches names the value; order matters (Edge and Opera also say Chrome). */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * Browser, OS and device from a User-Agent, parsed simply (a few patterns, no database): enough to
 * tell a user's passkeys apart ('Chrome on macOS'), not to fingerprint. Unknown parts are null.
 *
 * @example
 * createdWith('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) … Version/17.4 Mobile/15E148 Safari/604.1')
 * // { browser: 'Safari', os: 'iOS', device: 'iPhone' }
 */
export function createdWith(userAgent: string | undefined): CreatedWith {
  const ua = (userAgent ?? '').slice(0, 512);
  const pick = (table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser: pick(browsers), os: pick(systems), device: deviceOf(ua) };
}

function deviceOf(ua: string): string | null {
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(ua)?.[1];
  if (apple) return apple;
  if (/\bMacintosh\b/.test(ua)) return 'Mac';
  // Android names the model before `Build/` or the closing parenthesis: "Android 14; Pixel 8)".
  const android = /\bAndroid [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?\)/.exec(ua)?.[1]?.trim();
  if (android && android !== 'K') return android;
  if (/\bAndroid\b/.test(ua)) return /\bMobile\b/.test(ua) ? 'Android phone' : 'Android tablet';
  if (/\b(Windows|CrOS|Linux)\b/.test(ua)) return 'Computer';
  return null;
}
