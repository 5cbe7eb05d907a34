import { createRemoteJWKSet, decodeProtectedHeader, importSPKI, type JWTPayload, jwtVerify } from 'jose';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

/** Only asymmetric algorithms: a shared secret would let anyone who can verify also forge. */
const algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const remoteKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function remoteKeySet(url: string) {
  let set = remoteKeySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    remoteKeySets.set(url, set);
  }
  return set;
}

/**
 * Verifies a JWT from the app's own auth system against its JWKS URL or public key, issuer and
 * audience, and returns the user id from the configured claim (default `sub`).
 */
export async function verifyCustomJwt(ctx: ServerContext, app: AppRecord, token: string): Promise<string> {
  const s = app.settings;
  if (!s.custom_jwt_jwks_url && !s.custom_jwt_verification_key) {
    throw new ApiError('not_supported', 'Custom JWT verification is not configured for this app.');
  }
  let payload: JWTPayload;
  try {
    const options = {
      algorithms,
      currentDate: new Date(ctx.now() * 1000),
      ...(s.custom_jwt_issuer ? { issuer: s.custom_jwt_issuer } : {}),
      ...(s.custom_jwt_audience ? { audience: s.custom_jwt_audience } : {}),
    };
    if (s.custom_jwt_jwks_url) {
      ({ payload } = await jwtVerify(token, remoteKeySet(s.custom_jwt_jwks_url), options));
    } else {
      const { alg } = decodeProtectedHeader(token);
      if (!alg || !algorithms.includes(alg)) throw new Error('unsupported alg');
      const key = await importSPKI(s.custom_jwt_verification_key!, alg);
      ({ payload } = await jwtVerify(token, key, options));
    }
  } catch (error) {
    // An unreachable JWKS looks like a bad token to the caller; the operator needs to see it.
    // Only key-set fetch failures: a malformed token also throws a TypeError, but not 'fetch failed'.
    const code = (error as { code?: string }).code;
    const fetchFailed = (error as Error).name === 'TypeError' && (error as Error).message === 'fetch failed';
    if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC' || fetchFailed) {
      ctx.log.error('custom JWT key set unavailable', {
        app_id: app.id,
        code,
        error: String((error as Error).message),
      });
    }
    throw new ApiError('invalid_credentials', 'Invalid custom JWT.');
  }
  const id = payload[s.custom_jwt_user_id_claim];
  if (
    (typeof id !== 'string' && typeof id !== 'number') ||
    String(id).length === 0 ||
    String(id).length > 512
  ) {
    throw new ApiError(
      'invalid_credentials',
      `Custom JWT has no usable "${s.custom_jwt_user_id_claim}" claim.`,
    );
  }
  return String(id);
}
