import { describe, expect, it } from 'vitest';
import { connectUri } from './connect-uri.ts';
import { farcasterSettings } from './settings.ts';

describe('farcasterSettings', () => {
  it('defaults to the Farcaster app’s sign-in page, no relay key, no hub, an hour', () => {
    const settings = farcasterSettings({}, {});
    expect(settings).toEqual({
      signInUrl: 'https://farcaster.xyz/~/siwf',
      relayUrl: null,
      relayKey: null,
      hubUrl: null,
      signerApiUrl: 'https://api.warpcast.com',
      channelTtlSeconds: 3600,
    });
    expect(connectUri(settings, 'ABCD2345')).toBe('https://farcaster.xyz/~/siwf?channelToken=ABCD2345');
  });

  it('reads LATCHKEY_FARCASTER_* when the server was given no farcaster settings', () => {
    const env = {
      LATCHKEY_FARCASTER_SIGN_IN_URL: 'http://127.0.0.1:9999/siwf/',
      LATCHKEY_FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz/',
      LATCHKEY_FARCASTER_RELAY_KEY: 'relay-key-0123456789',
      LATCHKEY_FARCASTER_HUB_URL: 'http://127.0.0.1:2281',
      LATCHKEY_FARCASTER_SIGNER_API_URL: 'http://127.0.0.1:2282/',
      LATCHKEY_FARCASTER_CHANNEL_TTL: '600',
    };
    expect(farcasterSettings({}, env)).toEqual({
      signInUrl: 'http://127.0.0.1:9999/siwf',
      relayUrl: 'https://relay.farcaster.xyz',
      relayKey: 'relay-key-0123456789',
      hubUrl: 'http://127.0.0.1:2281',
      signerApiUrl: 'http://127.0.0.1:2282',
      channelTtlSeconds: 600,
    });
    // The server's own settings win over the environment.
    expect(farcasterSettings({ farcaster: { channelTtlSeconds: 60 } }, env).relayKey).toBeNull();
  });

  it('refuses a malformed value loudly', () => {
    expect(() => farcasterSettings({}, { LATCHKEY_FARCASTER_SIGN_IN_URL: 'farcaster.xyz' })).toThrow(
      'LATCHKEY_FARCASTER_SIGN_IN_URL must be an http(s) URL',
    );
    expect(() => farcasterSettings({}, { LATCHKEY_FARCASTER_SIGNER_API_URL: 'ftp://x' })).toThrow(
      'LATCHKEY_FARCASTER_SIGNER_API_URL must be an http(s) URL',
    );
    expect(() => farcasterSettings({}, { LATCHKEY_FARCASTER_RELAY_KEY: 'short' })).toThrow(
      'LATCHKEY_FARCASTER_RELAY_KEY must be at least 16 printable characters',
    );
    expect(() => farcasterSettings({}, { LATCHKEY_FARCASTER_CHANNEL_TTL: '1.5' })).toThrow(
      'LATCHKEY_FARCASTER_CHANNEL_TTL must be a whole number of seconds',
    );
  });
});
