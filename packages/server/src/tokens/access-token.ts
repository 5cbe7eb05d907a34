import { userIdPrefix } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { JwsInvalid, parseCompactJws, signEs256Jwt, verifyEs256 } from './es256-jws.ts';
import { VerifiedTokens } from './verified-tokens.ts';

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
  const token = await signEs256Jwt(key.privateKey, key.kid, {
    sid: claims.sessionId,
    auth_time: claims.authTime,
    iss: ctx.settings.issuer,
    aud: appId,
    sub: `${userIdPrefix}${claims.userId}`,
    iat,
    exp,
  });
  return { token, expiresAt: exp };
}

/** One cache per server context: tests run several servers in one process. */
const verifiedTokens = new WeakMap<ServerContext, VerifiedTokens<AccessTokenClaims>>();

function verifiedTokensOf(ctx: ServerContext): VerifiedTokens<AccessTokenClaims> {
  let cache = verifiedTokens.get(ctx);
  if (!cache) {
    cache = new VerifiedTokens();
    verifiedTokens.set(ctx, cache);
  }
  return cache;
}

const invalid = (message = 'Invalid token.') => new ApiError('missing_or_invalid_token', message);

/** A NumericDate as this server writes it: whole seconds. */
const isSeconds = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * Verifies an access token strictly: ES256 only (so `alg: none` and HS256 confusion fail), `typ`
 * JWT, a known `kid` of this app, our issuer, this app as audience, unexpired, with `sub` and `sid`.
 * Any failure is `missing_or_invalid_token`.
 *
 * A token that verified is remembered until its `exp` (verified-tokens.ts); a repeat is accepted
 * without the signature check only while it is unexpired, presented to the same app, and its key is
 * still one of the app's published keys (a removed key ends it at once). Anything else goes through
 * the full check again.
 */
export async function verifyAccessToken(
  ctx: ServerContext,
  appId: string,
  token: string,
): Promise<AccessTokenClaims> {
  const cache = verifiedTokensOf(ctx);
  const now = ctx.now();
  const hit = cache.get(token, now);
  if (hit && hit.appId === appId) {
    const keys = await ctx.signingKeys.publicKeys(appId, hit.kid);
    if (keys.some((k) => k.kid === hit.kid && k.pem === hit.pem)) return hit.claims;
  }

  let jws: ReturnType<typeof parseCompactJws>;
  try {
    jws = parseCompactJws(token);
  } catch (error) {
    if (error instanceof JwsInvalid) throw invalid();
    throw error;
  }
  const { kid } = jws.header;
  const keys = await ctx.signingKeys.publicKeys(appId, kid);
  const key = keys.find((k) => k.kid === kid);
  if (!key) throw invalid('Unknown signing key.');
  if (!(await verifyEs256(jws, key.key))) throw invalid();

  const { iss, aud, sub, sid, iat, exp, nbf, auth_time: authTime } = jws.payload;
  if (
    iss !== ctx.settings.issuer ||
    aud !== appId ||
    typeof sub !== 'string' ||
    !sub.startsWith(userIdPrefix) ||
    typeof sid !== 'string' ||
    !isSeconds(iat) ||
    !isSeconds(exp) ||
    !isSeconds(authTime) ||
    (nbf !== undefined && !(typeof nbf === 'number' && nbf <= now))
  )
    throw invalid('Malformed token claims.');
  if (now >= exp) throw invalid('Token expired.');

  const claims: AccessTokenClaims = Object.freeze({
    userId: sub.slice(userIdPrefix.length),
    sessionId: sid,
    authTime,
    issuedAt: iat,
    expiresAt: exp,
  });
  cache.remember(token, { appId, kid, pem: key.pem, claims });
  return claims;
}
