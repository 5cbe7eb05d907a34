/** The captcha providers an app may enable (`enabled_captcha_provider`). */
export type CaptchaProvider = 'turnstile' | 'hcaptcha';

/** Checks a captcha token with its provider. A third party: tests run it against a local double. */
export interface CaptchaVerifier {
  /** True when the provider accepts the token; throws when the provider cannot be reached. */
  verify(
    provider: CaptchaProvider,
    params: { secret: string; token: string; remoteIp?: string },
  ): Promise<boolean>;
}

export const siteverifyUrls: Record<CaptchaProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

/**
 * Both providers speak the same `siteverify` protocol: a form POST of `secret`, `response` and
 * optional `remoteip`, answered with `{ success: boolean, "error-codes": [...] }`.
 */
export function siteverifyClient(urls: Record<CaptchaProvider, string> = siteverifyUrls): CaptchaVerifier {
  return {
    async verify(provider, { secret, token, remoteIp }) {
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp);
      const response = await fetch(urls[provider], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`${provider} siteverify answered ${response.status}`);
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    },
  };
}
