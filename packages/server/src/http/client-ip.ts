import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's IP. With no trusted proxy (`trustedProxies` 0) it is the socket's address. Behind
 * `trustedProxies` proxies, each of which appends the address it received the request from to
 * `X-Forwarded-For`, it is the right-most entry that none of them wrote (see `forwardedClient`).
 */
export function clientIp(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = forwardedClient(c.req.header('x-forwarded-for'), trustedProxies);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in unit tests has no socket
  }
}

/**
 * The client's entry in an `X-Forwarded-For` list written through `trustedProxies` proxies: the
 * n-th from the right. Entries to its left were written by the client (anyone can send
 * `X-Forwarded-For: 1.2.3.4`), so the left-most entry is never trusted merely for being first.
 * A list shorter than the chain (a proxy was bypassed) yields its left-most entry, the furthest
 * hop a trusted proxy vouched for.
 */
export function forwardedClient(header: string | undefined, trustedProxies: number): string | null {
  const hops = (header ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  if (hops.length === 0) return null;
  return hops[Math.max(0, hops.length - trustedProxies)]!;
}
