import { describe, expect, it } from 'vitest';
import { onrampStatusOf } from './coinbase-onramp.ts';
import { defaultFundingSettings, fundingSettings } from './settings.ts';

describe('funding settings', () => {
  it('defaults to the real hosts', () => {
    expect(fundingSettings({}, {})).toEqual(defaultFundingSettings);
  });

  it('reads LATCHKEY_FUNDING_* and trims trailing slashes', () => {
    expect(
      fundingSettings(
        {},
        {
          LATCHKEY_FUNDING_COINBASE_API_URL: 'http://127.0.0.1:9000/',
          LATCHKEY_FUNDING_PRICE_API_URL: '',
          LATCHKEY_FUNDING_PRICE_TTL_SECONDS: '5',
        },
      ),
    ).toMatchObject({ coinbaseApiUrl: 'http://127.0.0.1:9000', priceApiUrl: '', priceTtlSeconds: 5 });
  });

  it.each([
    [{ LATCHKEY_FUNDING_COINBASE_API_URL: 'ftp://x' }, /COINBASE_API_URL/],
    [{ LATCHKEY_FUNDING_MOONPAY_WIDGET_URL: 'not a url' }, /MOONPAY_WIDGET_URL/],
    [{ LATCHKEY_FUNDING_PRICE_TTL_SECONDS: '1.5' }, /PRICE_TTL_SECONDS/],
  ])('refuses %o', (env, message) => {
    expect(() => fundingSettings({}, env)).toThrow(message);
  });
});

describe('Coinbase Onramp statuses', () => {
  it.each([
    ['ONRAMP_TRANSACTION_STATUS_CREATED', 'pending'],
    ['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', 'pending'],
    ['ONRAMP_TRANSACTION_STATUS_SUCCESS', 'success'],
    ['ONRAMP_TRANSACTION_STATUS_FAILED', 'failure'],
    [null, 'pending'],
  ])('%s is %s', (status, expected) => {
    expect(onrampStatusOf(status)).toBe(expected);
  });
});
