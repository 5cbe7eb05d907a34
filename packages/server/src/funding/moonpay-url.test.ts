import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedMoonpayUrl } from './moonpay-url.ts';

const credentials = { publishableKey: 'pk_test_key', secretKey: 'sk_test_secret' };

describe('MoonPay widget URL', () => {
  it('signs the query (with its ?) as base64 HMAC-SHA256 with the secret key, appended last', () => {
    const { signedUrl, externalTransactionId } = signedMoonpayUrl('https://buy.moonpay.com', credentials, {
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      config: { currencyCode: 'usdc_base', email: 'a+b@example.com', uiConfig: { accentColor: '#ffffff' } },
    });
    const at = signedUrl.lastIndexOf('&signature=');
    const search = signedUrl.slice(signedUrl.indexOf('?'), at);
    const expected = createHmac('sha256', credentials.secretKey).update(search).digest('base64');
    expect(decodeURIComponent(signedUrl.slice(at + '&signature='.length))).toBe(expected);
    const query = new URL(signedUrl).searchParams;
    expect(query.get('email')).toBe('a+b@example.com');
    expect(query.get('colorCode')).toBe('#ffffff');
    expect(query.get('externalTransactionId')).toBe(externalTransactionId);
    expect(signedUrl).not.toContain(credentials.secretKey);
  });

  it('makes a new externalTransactionId each time', () => {
    const request = { address: '0x52908400098527886E0F7030069857D2E4169EE7', config: {} };
    const a = signedMoonpayUrl('https://buy.moonpay.com', credentials, request);
    const b = signedMoonpayUrl('https://buy.moonpay.com', credentials, request);
    expect(a.externalTransactionId).not.toBe(b.externalTransactionId);
  });
});
