import { describe, expect, it } from 'vitest';
import { mobilePlatform } from './mobile.ts';

const safariMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('mobilePlatform', () => {
  it.each([
    [
      'iPhone Safari',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      5,
      'ios',
    ],
    [
      'iPad with a mobile user agent',
      'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      5,
      'ios',
    ],
    [
      'iPod touch',
      'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      5,
      'ios',
    ],
    ['iPadOS Safari reporting a Mac', safariMac, 5, 'ios'],
    ['a Mac', safariMac, 0, null],
    [
      'Android Chrome',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      5,
      'android',
    ],
    [
      'an Android tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      10,
      'android',
    ],
    [
      'Windows with a touch screen',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      10,
      null,
    ],
    [
      'Linux Chromium',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      0,
      null,
    ],
  ])('%s → %s', (_label, userAgent, maxTouchPoints, expected) => {
    expect(mobilePlatform({ userAgent, maxTouchPoints })).toBe(expected);
  });

  it('treats a Mac without maxTouchPoints (older browsers) as a desktop', () => {
    expect(mobilePlatform({ userAgent: safariMac })).toBeNull();
  });

  it('is null without a navigator (server rendering)', () => {
    expect(mobilePlatform(undefined)).toBeNull();
  });
});
