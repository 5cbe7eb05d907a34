import { userIdPrefix } from '@latchkey/protocol';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  /** When the user last proved who they are (the session's start), Unix seconds. */
  authTime: number;
  issuedAt: number;
  expiresAt: number;
}

/**
 * Signs an access token (WIRE.md §5.1): ES256, `typ: JWT`, `iss`, `aud` = app id, `sub`, `sid`,
 * and `auth_time` (OpenID Connect Core §2), which operations that need a fresh authentication
 * read. It expires with the session at the latest.
 */
export async function issueAccessToken(
  ctx: ServerContext,
  appId: string,
  claims: { userId: string; sessionId: string; authTime: number; expiresAt: number },
): Promise<{ token: string; expiresAt: number }> {
  const key = await ctx.signingKeys.active(appId);
  const iat = ctx.now();
  const exp = Math.min(iat + ctx.settings.accessTokenTtlSeconds, claims.expiresAt);
  const token = await new SignJWT({ sid: claims.sessionId, auth_time: claims.authTime })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
    .setIssuer(ctx.settings.issuer)
    .setAudience(appId)
    .setSubject(`${userIdPrefix}${claims.userId}`)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  return { token, expiresAt: exp };
}

/**
 * Verifies an access token strictly: ES256 only (so `alg: none` and HS256 confusion fail), `typ`
 * JWT, a known `kid` of this app, our issuer, this app as audience, unexpired, with `sub` and `sid`.
 * Any failure is `missing_or_invalid_token`.
 */
export async function verifyAccessToken(
  ctx: ServerContext,
  appId: string,
  token: string,
): Promise<AccessTokenClaims> {
  try {
    const { kid } = decodeProtectedHeader(token);
    const keys = await ctx.signingKeys.publicKeys(appId, kid);
    const key = keys.find((k) => k.kid === kid);
    if (!key) throw new ApiError('missing_or_invalid_token', 'Unknown signing key.');
    const { payload } = await jwtVerify(token, key.key, {
      algorithms: ['ES256'],
      typ: 'JWT',
      issuer: ctx.settings.issuer,
      audience: appId,
      requiredClaims: ['sub', 'sid', 'iat', 'exp', 'auth_time'],
      currentDate: new Date(ctx.now() * 1000),
    });
    const sub = payload.sub ?? '';
    const authTime = payload.auth_time;
    if (
      !sub.startsWith(userIdPrefix) ||
      typeof payload.sid !== 'string' ||
      typeof authTime !== 'number' ||
      !Number.isSafeInteger(authTime)
    ) {
      throw new ApiError('missing_or_invalid_token', 'Malformed token claims.');
    }
    return {
      userId: sub.slice(userIdPrefix.length),
      sessionId: payload.sid,
      authTime,
      issuedAt: payload.iat!,
      expiresAt: payload.exp!,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const expired = error instanceof errors.JWTExpired;
    throw new ApiError('missing_or_invalid_token', expired ? 'Token expired.' : 'Invalid token.');
  }
}
