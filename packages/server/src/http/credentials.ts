/**
 * The credentials a request carries in its `Authorization` header, parsed and nothing more: the
 * guards (guards/auth.ts) and the routes that read a token themselves (logout, the frame's device
 * proof, the admin key) share these, so they sit below both.
 */

/** Reads `Authorization: Basic base64(appId:secret)`; null when the header is not Basic. */
export function basicCredentials(authorization: string | undefined): { id: string; secret: string } | null {
  if (!authorization?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { id: decoded, secret: '' };
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The bearer token, if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith('Bearer ')) return undefined;
  return authorization.slice(7).trim() || undefined;
}
