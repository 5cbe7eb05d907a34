import { describe, expect, it } from 'vitest';
import { defaultTelegramSettings, telegramPublicKeys, telegramSettings } from './settings.ts';

describe('telegramSettings', () => {
  it('defaults to Telegram’s origin, its production key and a day', () => {
    expect(telegramSettings({}, {})).toEqual({
      oauthOrigin: 'https://oauth.telegram.org',
      publicKey: telegramPublicKeys.production,
      maxAuthAgeSeconds: 86_400,
    });
    expect(defaultTelegramSettings.publicKey).toBe(
      'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d',
    );
  });

  it('reads LATCHKEY_TELEGRAM_* when the server was given no telegram settings', () => {
    const env = {
      LATCHKEY_TELEGRAM_OAUTH_ORIGIN: 'http://127.0.0.1:9999/',
      LATCHKEY_TELEGRAM_PUBLIC_KEY: telegramPublicKeys.test,
      LATCHKEY_TELEGRAM_MAX_AUTH_AGE: '600',
    };
    expect(telegramSettings({}, env)).toEqual({
      oauthOrigin: 'http://127.0.0.1:9999',
      publicKey: telegramPublicKeys.test,
      maxAuthAgeSeconds: 600,
    });
    // The server's own settings win over the environment.
    expect(telegramSettings({ telegram: { maxAuthAgeSeconds: 60 } }, env).maxAuthAgeSeconds).toBe(60);
  });

  it('refuses a malformed origin, key or age, naming the variable', () => {
    expect(() => telegramSettings({}, { LATCHKEY_TELEGRAM_OAUTH_ORIGIN: 'oauth.telegram.org' })).toThrow(
      /LATCHKEY_TELEGRAM_OAUTH_ORIGIN/,
    );
    expect(() => telegramSettings({}, { LATCHKEY_TELEGRAM_OAUTH_ORIGIN: 'https://a.example/path' })).toThrow(
      /LATCHKEY_TELEGRAM_OAUTH_ORIGIN/,
    );
    expect(() => telegramSettings({}, { LATCHKEY_TELEGRAM_PUBLIC_KEY: 'abcd' })).toThrow(
      /LATCHKEY_TELEGRAM_PUBLIC_KEY/,
    );
    expect(() => telegramSettings({}, { LATCHKEY_TELEGRAM_MAX_AUTH_AGE: '-5' })).toThrow(
      /LATCHKEY_TELEGRAM_MAX_AUTH_AGE/,
    );
    expect(() => telegramSettings({}, { LATCHKEY_TELEGRAM_MAX_AUTH_AGE: 'a day' })).toThrow(
      /LATCHKEY_TELEGRAM_MAX_AUTH_AGE/,
    );
  });
});
