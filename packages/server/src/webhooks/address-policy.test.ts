import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPrivateAddress, refusedWebhookAddress } from './address-policy.ts';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and metadata addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of [
      '93.184.216.34',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:1.1.1.1',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('isLoopbackAddress and the development rule', () => {
  it('knows loopback in every spelling, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::', '::2', '0.0.0.0', '169.254.169.254', 'fe80::1', 'localhost'])
      expect(isLoopbackAddress(address), address).toBe(false);
  });

  it('refuses every private address in production, all but loopback in development, none when allowed', () => {
    const base = { webhookAllowPrivate: false, development: false };
    expect(refusedWebhookAddress(base)('127.0.0.1')).toBe(true);
    const development = refusedWebhookAddress({ ...base, development: true });
    expect(development('127.0.0.1')).toBe(false);
    expect(development('::1')).toBe(false);
    expect(development('10.0.0.1')).toBe(true);
    expect(development('169.254.169.254')).toBe(true);
    expect(development('93.184.216.34')).toBe(false);
    expect(refusedWebhookAddress({ ...base, webhookAllowPrivate: true })('10.0.0.1')).toBe(false);
  });
});
