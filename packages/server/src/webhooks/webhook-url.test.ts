import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../settings.ts';
import { checkEndpointUrl } from './webhook-url.ts';

const production = { ...defaultSettings };
const refused = (url: string, settings = production) => {
  expect(() => checkEndpointUrl(url, settings), url).toThrow(/Invalid webhook URL/);
};

describe('checkEndpointUrl', () => {
  it('accepts https URLs and normalises them', () => {
    expect(checkEndpointUrl('https://hooks.example.com/a?b=1', production)).toBe(
      'https://hooks.example.com/a?b=1',
    );
    expect(checkEndpointUrl('HTTPS://Hooks.Example.com', production)).toBe('https://hooks.example.com/');
  });

  it('requires https unless the operator allows http, or in development', () => {
    refused('http://hooks.example.com/');
    expect(checkEndpointUrl('http://hooks.example.com/', { ...production, webhookAllowHttp: true })).toBe(
      'http://hooks.example.com/',
    );
    expect(checkEndpointUrl('http://hooks.example.com/', { ...production, development: true })).toBe(
      'http://hooks.example.com/',
    );
  });

  it('refuses other schemes, credentials, fragments and non-URLs', () => {
    for (const url of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'gopher://example.com/',
      'javascript:alert(1)',
      'data:text/plain,hi',
      'https://user:pass@example.com/',
      'https://user@example.com/',
      'https://example.com/#x',
      'example.com/hook',
      '',
      `https://example.com/${'a'.repeat(2000)}`,
    ])
      refused(url);
  });

  it('refuses private IP literals unless the operator allows them', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://[::ffff:127.0.0.1]/',
      'https://[fd00::1]/',
      'https://2130706433/', // 127.0.0.1 as one number
      'https://0x7f.1/',
    ])
      refused(url);
    expect(checkEndpointUrl('https://127.0.0.1/', { ...production, webhookAllowPrivate: true })).toBe(
      'https://127.0.0.1/',
    );
  });

  it("takes a receiver on the developer's machine in development, and no other private address", () => {
    const development = { ...production, development: true };
    for (const url of ['http://127.0.0.1:4000/webhooks', 'http://[::1]:4000/', 'http://[::ffff:127.0.0.1]/'])
      expect(checkEndpointUrl(url, development), url).toBe(new URL(url).href);
    // A name (localhost) is checked when it is resolved, by the same rule.
    expect(checkEndpointUrl('http://localhost:4000/webhooks', development)).toBe(
      'http://localhost:4000/webhooks',
    );
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00::1]/'])
      expect(() => checkEndpointUrl(url, development), url).toThrow(/loopback is allowed in development/);
  });
});
