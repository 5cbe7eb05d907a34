import { userIdPrefix } from '@latchkey/protocol';
import { InvalidTokenError } from '../errors.ts';
import { type TokenVerificationOptions, verifyJwt } from './verify-jwt.ts';

/** A verified access token's claims (WIRE.md §5.1), named as the incumbent's server SDK names them. */
export interface AccessTokenClaims {
  /** The user's id, `did:privy:…` as in the users API. */
  userId: string;
  appId: string;
  /** The session the token belongs to (`sid`). */
  sessionId: string;
  issuer: string;
  /** Unix seconds. */
  issuedAt: number;
  /** Unix seconds. */
  expiration: number;
  /** When the user last authenticated (`auth_time`, Unix seconds), when the token carries it. */
  authTime: number | null;
}

/**
 * Verifies an access token (the `privy-token` cookie, or `Authorization: Bearer …`), and returns
 * who it belongs to. A leading `Bearer ` is accepted.
 *
 * @example
 * const { userId } = await verifyAccessToken(token, { appId, apiUrl: 'https://auth.example.com' });
 */
export async function verifyAccessToken(
  token: string,
  options: TokenVerificationOptions,
): Promise<AccessTokenClaims> {
  const payload = await verifyJwt(stripBearer(token), options, ['sid']);
  const { sub, sid, iss, iat, exp, auth_time: authTime } = payload;
  if (
    typeof sub !== 'string' ||
    !sub.startsWith(userIdPrefix) ||
    typeof sid !== 'string' ||
    sid.length === 0 ||
    (authTime !== undefined && (typeof authTime !== 'number' || !Number.isSafeInteger(authTime)))
  ) {
    throw new InvalidTokenError('claims', 'Malformed access token claims.');
  }
  return {
    userId: sub,
    appId: options.appId,
    sessionId: sid,
    issuer: iss ?? '',
    issuedAt: iat!,
    expiration: exp!,
    authTime: authTime ?? null,
  };
}

/** `Bearer abc` → `abc`; the scheme is case-insensitive (RFC 9110 §11.1). */
export function stripBearer(value: string): string {
  return typeof value === 'string' ? value.replace(/^bearer\s+/i, '').trim() : value;
}
