import { limits } from '@latchkey/protocol';

/**
 * The claims of a JWT, decoded without checking the signature (the server checks it; the client
 * only needs `exp` and the app id). Null when the token is not a decodable JWT.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    // Hand-written base64url: first-load code (see base64url in random.ts for the measured cost).
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `exp` in Unix seconds, or null when the token has none. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/**
 * A token is active until 30 s before its `exp` (spec document 1 §4 Session). A token without
 * a readable `exp` is not active.
 *
 * @example
 * if (!isTokenActive(token, Date.now())) await refresh();
 */
export function isTokenActive(token: string, nowMs: number): boolean {
  const exp = tokenExpiresAt(token);
  return exp !== null && exp * 1000 - limits.tokenExpiryMarginSeconds * 1000 > nowMs;
}

/** The app a token was issued for: the `aid` claim when present, else `aud` (WIRE.md §5.1). */
export function tokenAppId(token: string): string | null {
  const payload = decodeJwtPayload(token);
  if (!payload) return null;
  if (typeof payload.aid === 'string') return payload.aid;
  const aud = payload.aud;
  if (typeof aud === 'string') return aud;
  if (Array.isArray(aud) && typeof aud[0] === 'string') return aud[0];
  return null;
}
