import { describe, expect, it } from 'vitest';
import { defaultFundingHosts, fundingHosts } from './hosts.ts';

describe('fundingHosts', () => {
  it('defaults to the real providers', () => {
    expect(fundingHosts()).toEqual({
      coinbasePay: 'https://pay.coinbase.com',
      moonpayApi: 'https://api.moonpay.com',
      relayApi: 'https://api.relay.link',
      relayTestnetApi: 'https://api.testnets.relay.link',
      relayApp: 'https://relay.link',
      relayTestnetApp: 'https://testnets.relay.link',
    });
  });

  it('takes replacements as origins', () => {
    expect(fundingHosts({ moonpayApi: 'http://127.0.0.1:4010/', coinbasePay: undefined })).toEqual({
      ...defaultFundingHosts,
      moonpayApi: 'http://127.0.0.1:4010',
    });
  });

  it.each(['javascript:alert(1)', 'not a url', 'ftp://example.com'])('refuses %j', (host) => {
    expect(() => fundingHosts({ relayApi: host })).toThrow(TypeError);
  });
});
