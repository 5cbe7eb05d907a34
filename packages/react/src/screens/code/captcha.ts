import { LatchkeyClientError } from '@latchkey/core';
import type { CaptchaProvider, CaptchaSettings } from '@latchkey/core/modal';

export type { CaptchaProvider, CaptchaSettings } from '@latchkey/core/modal';

interface WidgetOptions {
  sitekey: string;
  callback: (token: string) => void;
  'error-callback': () => void;
  'expired-callback'?: () => void;
  [option: string]: unknown;
}

interface CaptchaApi {
  render(container: HTMLElement, options: WidgetOptions): string;
  execute(widget: string | HTMLElement): void;
  remove?(widget: string): void;
}

const scripts: Record<CaptchaProvider, { url: string; api: string }> = {
  turnstile: {
    url: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    api: 'turnstile',
  },
  hcaptcha: { url: 'https://js.hcaptcha.com/1/api.js?render=explicit', api: 'hcaptcha' },
};

const loading = new Map<CaptchaProvider, Promise<CaptchaApi>>();
const apiOf = (provider: CaptchaProvider) =>
  (globalThis as unknown as Record<string, CaptchaApi | undefined>)[scripts[provider].api];

/** Adds the provider's widget script once, when a captcha screen first needs it. */
export function loadCaptchaApi(provider: CaptchaProvider): Promise<CaptchaApi> {
  const existing = apiOf(provider);
  if (existing) return Promise.resolve(existing);
  let promise = loading.get(provider);
  if (!promise) {
    promise = new Promise<CaptchaApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scripts[provider].url;
      script.async = true;
      script.onload = () => {
        const api = apiOf(provider);
        if (api) resolve(api);
        else reject(new LatchkeyClientError('captcha_failure'));
      };
      script.onerror = () => {
        script.remove();
        loading.delete(provider);
        reject(new LatchkeyClientError('captcha_failure'));
      };
      document.head.appendChild(script);
    });
    loading.set(provider, promise);
  }
  return promise;
}

/** How long a widget may take before the attempt counts as 'captcha_timeout'. */
export const captchaTimeoutMs = 20_000;

/**
 * Renders an invisible widget into `container`, runs it, and resolves with its token. Rejects
 * with `captcha_failure` or `captcha_timeout`.
 */
export async function runCaptcha(container: HTMLElement, settings: CaptchaSettings): Promise<string> {
  const api = await loadCaptchaApi(settings.provider);
  container.replaceChildren();
  return new Promise<string>((resolve, reject) => {
    let widget = '';
    const timer = setTimeout(() => finish(new LatchkeyClientError('captcha_timeout')), captchaTimeoutMs);
    const finish = (result: string | Error) => {
      clearTimeout(timer);
      try {
        if (widget) api.remove?.(widget);
      } catch {
        // The widget may already be gone with its container.
      }
      if (typeof result === 'string') resolve(result);
      else reject(result);
    };
    const options: WidgetOptions = {
      sitekey: settings.siteKey,
      callback: (token) => finish(token),
      'error-callback': () => finish(new LatchkeyClientError('captcha_failure')),
      'expired-callback': () => finish(new LatchkeyClientError('captcha_timeout')),
    };
    if (settings.provider === 'turnstile') {
      Object.assign(options, { execution: 'execute', appearance: 'interaction-only' });
    } else {
      options.size = 'invisible';
    }
    widget = api.render(container, options);
    api.execute(settings.provider === 'turnstile' ? container : widget);
  });
}
