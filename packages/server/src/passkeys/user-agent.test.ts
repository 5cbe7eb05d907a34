import { describe, expect, it } from 'vitest';
import { authenticatorName } from './authenticator-names.ts';
import { createdWith } from './user-agent.ts';

describe('createdWith', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS', device: 'iPhone' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'macOS', device: 'Mac' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      { browser: 'Edge', os: 'Windows', device: 'Computer' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android', device: 'Pixel 8' },
    ],
    [
      // Chrome's reduced Android UA names no model ("K").
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android', device: 'Android phone' },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      { browser: 'Firefox', os: 'Linux', device: 'Computer' },
    ],
    ['curl/8.5.0', { browser: null, os: null, device: null }],
    [undefined, { browser: null, os: null, device: null }],
  ])('%s', (userAgent, expected) => {
    expect(createdWith(userAgent)).toEqual(expected);
  });
});

describe('authenticatorName', () => {
  it('names well-known AAGUIDs in any case, and nothing else', () => {
    expect(authenticatorName('FBFC3007-154E-4ECC-8C0B-6E020557D7BD')).toBe('iCloud Keychain');
    expect(authenticatorName('ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4')).toBe('Google Password Manager');
    expect(authenticatorName('00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(authenticatorName('__proto__')).toBeNull();
  });
});
