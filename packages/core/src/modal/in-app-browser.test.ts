import { describe, expect, it } from 'vitest';
import { providerRefusesBrowser } from './in-app-browser.ts';

const chrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const instagram =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98';
const facebook =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/468.0]';
const androidWebView =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36';

describe('the in-app browser warning', () => {
  it('is for Google in the browsers apps build in', () => {
    for (const userAgent of [instagram, facebook, androidWebView])
      expect(providerRefusesBrowser('google', { userAgent })).toBe(true);
  });

  it('is not for a real browser, another provider, or outside a browser', () => {
    expect(providerRefusesBrowser('google', { userAgent: chrome })).toBe(false);
    expect(providerRefusesBrowser('github', { userAgent: instagram })).toBe(false);
    expect(providerRefusesBrowser('google', undefined)).toBe(false);
  });
});
