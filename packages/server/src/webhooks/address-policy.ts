import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach unless the operator allows it (SSRF): this host's and its
 * network's, and the cloud metadata service. IANA special-purpose registries (RFC 6890 and after).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. the 169.254.169.254 metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['fd00:ec2::254', 128], // AWS metadata over IPv6 (inside ULA; named for the record)
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|::ffff:0:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1]!;
  const groups = expandIpv6(lower);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:x:y (mapped), ::x:y (compatible, deprecated)
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0))
    return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/** The eight 16-bit groups of an IPv6 address (no zone, no dotted tail), or null. */
function expandIpv6(address: string): number[] | null {
  if (address.includes('.') || address.includes('%')) return null;
  const [head, tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...new Array<number>(Math.max(fill, 0)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** True when `address` (an IP literal) is one a webhook may not reach without the operator's consent. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  const v4 = embeddedIpv4(address);
  if (v4 && isIP(v4) === 4 && blocked.check(v4, 'ipv4')) return true;
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** True for a loopback address: 127.0.0.0/8, ::1, and 127.x embedded in IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family !== 6) return false;
  const groups = expandIpv6(address.toLowerCase().replace(/%.*$/, ''));
  if (groups?.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true;
  return embeddedIpv4(address)?.startsWith('127.') ?? false;
}

/**
 * Which addresses a webhook may not reach, by the server's settings: none with
 * LATCHKEY_WEBHOOK_ALLOW_PRIVATE; in development every private one but loopback, so a receiver on
 * the developer's own machine (`http://localhost:4000/webhooks`) works with no setting; otherwise
 * every private, loopback, link-local and metadata address.
 */
export function refusedWebhookAddress(settings: {
  webhookAllowPrivate: boolean;
  development: boolean;
}): (address: string) => boolean {
  if (settings.webhookAllowPrivate) return () => false;
  if (settings.development) return (address) => isPrivateAddress(address) && !isLoopbackAddress(address);
  return isPrivateAddress;
}
