/**
 * The credentials a request carries in its `Authorization` header, parsed and nothing more: the
 * guards (guards/auth.ts) and the routes that read a token themselves (logout, the frame's device
 * proof, the admin key) share these, so they sit below both.
 */

/**
 * Reads `Authorization: Basic base64(appId:secret)`; null when the header is not Basic. The scheme
 * is case-insensitive (RFC 7235); a Basic header that is empty or not base64 is still a Basic
 * attempt, with credentials that match no app, so it is refused rather than read as no header.
 */
export function basicCredentials(authorization: string | undefined): { id: string; secret: string } | null {
  const match = /^basic(?:\s+(.*))?$/is.exec(authorization?.trim() ?? '');
  if (!match) return null;
  const encoded = match[1]?.trim() ?? '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return { id: '', secret: '' };
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { id: decoded, secret: '' };
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The bearer token, if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith('Bearer ')) return undefined;
  return authorization.slice(7).trim() || undefined;
}
