import type { AppRecord } from '../app-config/app-record.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { ApiError } from '../http/api-error.ts';
import type { Logger } from '../logger.ts';
import type { CaptchaVerifier } from './captcha-verifier.ts';

/**
 * What the check needs of the server context, named here rather than imported: the context carries
 * the captcha verifier, so this folder sits below context.ts (no folder cycle).
 */
export interface CaptchaContext {
  captcha: CaptchaVerifier;
  secretBox: SecretBox;
  log: Logger;
}

/** The AAD binding an app's sealed captcha secret to that app. */
export const captchaSecretContext = (appId: string) => `captcha-secret:${appId}`;

/**
 * When the app enables captcha, the init call's `token` must pass the provider's check, or the
 * request is refused with `invalid_captcha` ('Please try again.' on the client).
 */
export async function assertCaptcha(
  ctx: CaptchaContext,
  app: AppRecord,
  token: string | undefined,
  ip: string,
): Promise<void> {
  if (!app.config.captcha_enabled) return;
  const provider = app.config.enabled_captcha_provider;
  const sealed = app.settings.captcha_secret_key;
  if (!provider || !sealed) {
    ctx.log.error('captcha enabled without a provider or secret key', { app_id: app.id });
    throw new ApiError('invalid_captcha', 'Captcha is not configured for this app.');
  }
  if (!token) throw new ApiError('invalid_captcha', 'Missing captcha token.');
  const secret = new TextDecoder().decode(ctx.secretBox.open(sealed, captchaSecretContext(app.id)));
  let passed: boolean;
  try {
    passed = await ctx.captcha.verify(provider, { secret, token, remoteIp: ip });
  } catch (error) {
    ctx.log.error('captcha verification unavailable', {
      app_id: app.id,
      provider,
      error: String((error as Error).message),
    });
    throw new ApiError('internal_error', 'Captcha verification is unavailable. Try again later.', {
      status: 502,
    });
  }
  if (!passed) throw new ApiError('invalid_captcha');
}
