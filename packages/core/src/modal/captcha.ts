import type { AppResponse } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';

/** The message of a site key without the 't:' marker (spec document 1 §5). */
export const unsupportedCaptchaKey = 'Unsupported captcha site key';

export type CaptchaProvider = 'turnstile' | 'hcaptcha';

export interface CaptchaSettings {
  provider: CaptchaProvider;
  /** The widget's site key, without the 't:' marker. */
  siteKey: string;
}

/**
 * The app's captcha, or null when it has none. Throws 'Unsupported captcha site key' when the key
 * does not start with 't:' (spec document 1 §5).
 *
 * @example
 * captchaSettings({ ...app, captcha_enabled: true, enabled_captcha_provider: 'turnstile', captcha_site_key: 't:0x4AAA' })
 * // { provider: 'turnstile', siteKey: '0x4AAA' }
 */
export function captchaSettings(app: AppResponse | null): CaptchaSettings | null {
  const provider = app?.enabled_captcha_provider;
  const key = app?.captcha_site_key;
  if (!app?.captcha_enabled || !provider || !key) return null;
  if (!key.startsWith('t:')) throw new LatchkeyClientError('captcha_disabled', unsupportedCaptchaKey);
  return { provider, siteKey: key.slice(2) };
}

/** True when a code is sent through the captcha screen (also for a bad key: the screen says so). */
export function captchaEnabled(app: AppResponse | null): boolean {
  try {
    return captchaSettings(app) !== null;
  } catch {
    return true;
  }
}
