import { describe, expect, it } from 'vitest';
import { serverSettingsPatch } from './config-schema.ts';

const parse = (oauth_credentials: unknown) => serverSettingsPatch.safeParse({ oauth_credentials });
const firstIssue = (value: unknown) => {
  const result = parse(value);
  return result.success
    ? null
    : `${result.error.issues[0]!.path.join('.')}: ${result.error.issues[0]!.message}`;
};

describe('oauth_credentials', () => {
  it('takes each provider’s entry, a custom provider’s with its issuer, and null to remove one', () => {
    const value = {
      google: { client_id: 'id', client_secret: 'secret', scopes: ['openid', 'email'] },
      apple: { client_id: 'com.example.web', team_id: 'ABCDE12345', key_id: 'KEY1234567' },
      'custom:acme': { issuer: 'https://login.acme.example', client_id: 'acme' },
      github: null,
    };
    expect(parse(value)).toMatchObject({ success: true, data: { oauth_credentials: value } });
  });

  it('refuses an unknown provider, an unknown field, and malformed values', () => {
    expect(firstIssue({ gogle: { client_id: 'x' } })).toMatch(
      /^oauth_credentials\.gogle: unknown OAuth provider/,
    );
    expect(firstIssue({ 'custom:Bad Name': { client_id: 'x' } })).toMatch(/unknown OAuth provider/);
    expect(firstIssue({ google: { client_id: 'x', issuer: 'https://x' } })).toMatch(
      /^oauth_credentials\.google/,
    );
    expect(firstIssue({ apple: { team_id: 'short' } })).toMatch(/apple\.team_id: must be the 10-character/);
    expect(firstIssue({ apple: { private_key: 'not a pem' } })).toMatch(
      /apple\.private_key: must be the \.p8 key/,
    );
    expect(firstIssue({ 'custom:acme': { issuer: 'ftp://acme' } })).toMatch(/custom:acme\.issuer/);
    expect(firstIssue({ google: { scopes: ['has space'] } })).toMatch(/google\.scopes\.0/);
    expect(firstIssue({ google: { client_secret: '' } })).toMatch(/google\.client_secret/);
    expect(firstIssue(['google'])).not.toBeNull();
  });
});
