import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, forwardedClient } from './client-ip.ts';

describe('forwardedClient', () => {
  it('one trusted proxy: the right-most entry, whatever the client wrote before it', () => {
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('1.1.1.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient("' OR 1=1 --, 9.9.9.9,203.0.113.7 ", 1)).toBe('203.0.113.7');
  });

  it('n trusted proxies: the n-th entry from the right', () => {
    // client -> CDN (writes the client) -> load balancer (writes the CDN) -> server
    expect(forwardedClient('6.6.6.6, 203.0.113.7, 198.51.100.2', 2)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7, 198.51.100.2', 2)).toBe('203.0.113.7');
  });

  it('a list shorter than the chain gives its left-most entry; none gives null', () => {
    expect(forwardedClient('203.0.113.7', 3)).toBe('203.0.113.7');
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient(' , ,', 1)).toBeNull();
  });
});

describe('clientIp', () => {
  const ipOf = async (trustedProxies: number, forwarded?: string) => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientIp(c, trustedProxies)));
    const response = await app.request('/', {
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    });
    return response.text();
  };

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    expect(await ipOf(0, '1.1.1.1, 203.0.113.7')).toBe('unknown'); // no socket in app.request
    expect(await ipOf(1, '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(2, '1.1.1.1, 203.0.113.7')).toBe('1.1.1.1');
    expect(await ipOf(1)).toBe('unknown');
  });
});
