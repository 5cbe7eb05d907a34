import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from './settings.ts';

describe('LATCHKEY_PUBLIC_URL', () => {
  it('is null unless set (development then uses the listening address)', () => {
    expect(settingsFromEnv({}).publicUrl).toBeNull();
    expect(settingsFromEnv({ LATCHKEY_PUBLIC_URL: '' }).publicUrl).toBeNull();
  });

  it('takes a bare http(s) origin, with or without a trailing slash', () => {
    expect(settingsFromEnv({ LATCHKEY_PUBLIC_URL: 'https://auth.example.com' }).publicUrl).toBe(
      'https://auth.example.com',
    );
    expect(settingsFromEnv({ LATCHKEY_PUBLIC_URL: 'http://localhost:8787/' }).publicUrl).toBe(
      'http://localhost:8787',
    );
  });

  it('refuses anything that is not an origin: CORS and the frame compare it exactly', () => {
    for (const value of [
      'auth.example.com',
      'https://auth.example.com/api',
      'https://auth.example.com?x=1',
      'ftp://auth.example.com',
      'https://user@auth.example.com',
      'https://AUTH.example.com',
    ]) {
      expect(() => settingsFromEnv({ LATCHKEY_PUBLIC_URL: value }), value).toThrow(/LATCHKEY_PUBLIC_URL/);
    }
  });
});

describe('LATCHKEY_DEVELOPMENT', () => {
  it('is off unless exactly true', () => {
    expect(settingsFromEnv({}).development).toBe(false);
    expect(settingsFromEnv({ LATCHKEY_DEVELOPMENT: '1' }).development).toBe(false);
    expect(settingsFromEnv({ LATCHKEY_DEVELOPMENT: 'true' }).development).toBe(true);
  });
});

describe('LATCHKEY_TRUST_PROXY', () => {
  it('is 0 (the socket address) unless set', () => {
    for (const value of [undefined, '', 'false', '0'])
      expect(settingsFromEnv({ LATCHKEY_TRUST_PROXY: value }).trustProxy, String(value)).toBe(0);
  });

  it('true is one trusted proxy, a number is that many', () => {
    expect(settingsFromEnv({ LATCHKEY_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(settingsFromEnv({ LATCHKEY_TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses anything else rather than guess', () => {
    for (const value of ['yes', '1.5', '-1', 'TRUE', ' 2', '100'])
      expect(() => settingsFromEnv({ LATCHKEY_TRUST_PROXY: value }), value).toThrow(/LATCHKEY_TRUST_PROXY/);
  });
});

describe('analytics retention', () => {
  it('defaults to 90 days and a million events per app; both can be set', () => {
    expect(settingsFromEnv({})).toMatchObject({
      analyticsRetentionDays: 90,
      analyticsMaxEventsPerApp: 1_000_000,
    });
    expect(
      settingsFromEnv({ LATCHKEY_ANALYTICS_RETENTION_DAYS: '30', LATCHKEY_ANALYTICS_MAX_EVENTS: '5000' }),
    ).toMatchObject({ analyticsRetentionDays: 30, analyticsMaxEventsPerApp: 5000 });
    expect(() => settingsFromEnv({ LATCHKEY_ANALYTICS_MAX_EVENTS: '-1' })).toThrow(
      /LATCHKEY_ANALYTICS_MAX_EVENTS/,
    );
  });
});

describe('LATCHKEY_OAUTH_ENDPOINTS', () => {
  it('maps providers to endpoint overrides', () => {
    const value = JSON.stringify({
      github: { token_endpoint: 'http://127.0.0.1:4000/github/login/oauth/access_token' },
      'custom:acme': { jwks_uri: 'https://login.acme.example/keys' },
    });
    expect(settingsFromEnv({ LATCHKEY_OAUTH_ENDPOINTS: value }).oauthEndpoints).toEqual(JSON.parse(value));
    expect(settingsFromEnv({}).oauthEndpoints).toEqual({});
  });

  it('refuses what is not provider → {name: http(s) URL}', () => {
    for (const value of [
      'not json',
      '[]',
      '{"github":"http://x"}',
      '{"github":{"token_endpoint":"javascript:alert(1)"}}',
      '{"github":{"Token Endpoint":"https://x"}}',
      '{"../etc":{"token_endpoint":"https://x"}}',
    ])
      expect(() => settingsFromEnv({ LATCHKEY_OAUTH_ENDPOINTS: value }), value).toThrow(
        /LATCHKEY_OAUTH_ENDPOINTS/,
      );
  });
});

describe('LATCHKEY_LOG_LEVEL, LATCHKEY_ACCESS_LOG, LATCHKEY_METRICS, LATCHKEY_METRICS_TOKEN', () => {
  it('default to info, access lines on, metrics off', () => {
    const s = settingsFromEnv({});
    expect([s.logLevel, s.accessLog, s.metrics, s.metricsToken]).toEqual(['info', true, false, null]);
  });

  it('take their values, and refuse an unknown level or a guessable token', () => {
    const s = settingsFromEnv({
      LATCHKEY_LOG_LEVEL: 'error',
      LATCHKEY_ACCESS_LOG: 'off',
      LATCHKEY_METRICS: 'true',
      LATCHKEY_METRICS_TOKEN: 'a-long-enough-token-1234',
    });
    expect([s.logLevel, s.accessLog, s.metrics, s.metricsToken]).toEqual([
      'error',
      false,
      true,
      'a-long-enough-token-1234',
    ]);
    expect(() => settingsFromEnv({ LATCHKEY_LOG_LEVEL: 'debug' })).toThrow(/LATCHKEY_LOG_LEVEL/);
    expect(() => settingsFromEnv({ LATCHKEY_METRICS_TOKEN: 'short' })).toThrow(/LATCHKEY_METRICS_TOKEN/);
    expect(() => settingsFromEnv({ LATCHKEY_METRICS_TOKEN: 'has a space in it 123' })).toThrow(
      /LATCHKEY_METRICS_TOKEN/,
    );
  });
});
