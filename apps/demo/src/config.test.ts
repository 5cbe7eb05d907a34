import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const funding = (query: Record<string, string>) => readConfig(`?${new URLSearchParams(query)}`, {}).funding;

describe('demo config: the funding stand-ins', () => {
  it('takes loopback provider hosts and the chain aliases from the query', () => {
    expect(
      funding({
        fundingHosts: JSON.stringify({
          coinbasePay: 'http://127.0.0.1:4100',
          relayApi: 'http://localhost:4200',
        }),
        providerChainIds: JSON.stringify({ 31337: 8453 }),
      }),
    ).toEqual({
      hosts: { coinbasePay: 'http://127.0.0.1:4100', relayApi: 'http://localhost:4200' },
      providerChainIds: { 31337: 8453 },
    });
  });

  it('drops a host that is not on this machine, or not a URL: a link cannot redirect a purchase', () => {
    expect(
      funding({
        fundingHosts: JSON.stringify({
          coinbasePay: 'https://pay.attacker.example',
          moonpayWidget: 'http://127.0.0.1.attacker.example',
          relayApi: 'not a url',
          relayTestnetApi: 42,
          moonpayApi: 'http://[::1]:4300',
        }),
      }),
    ).toEqual({ hosts: { moonpayApi: 'http://[::1]:4300' } });
    expect(
      funding({ fundingHosts: JSON.stringify({ coinbasePay: 'https://evil.example' }) }),
    ).toBeUndefined();
    expect(funding({ fundingHosts: '{not json' })).toBeUndefined();
    expect(funding({})).toBeUndefined();
  });
});
