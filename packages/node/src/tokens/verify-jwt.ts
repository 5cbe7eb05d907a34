import { errors, type JWTPayload, jwtVerify } from 'jose';
import { InvalidTokenError, LatchkeyError, TokenExpiredError } from '../errors.ts';
import { type KeyOptions, keyGetter } from './keys.ts';

/** What both token verifiers take. */
export interface TokenVerificationOptions extends KeyOptions {
  /**
   * The `iss` the server signs with: its LATCHKEY_ISSUER, `privy.io` unless the operator changed it
   * (the incumbent's server SDK accepts only that one).
   */
  issuer?: string;
  /** Leeway for `exp`, `nbf` and `iat` against this machine's clock, in seconds. Default 5. */
  clockToleranceSeconds?: number;
  /** The time to verify at, instead of now. */
  currentDate?: Date;
}

export const defaultIssuer = 'privy.io';
const defaultClockToleranceSeconds = 5;

/**
 * Verifies a Latchkey JWT strictly: ES256 only (so `alg: none` and an HS256 token keyed with the
 * public key both fail), `typ: JWT`, the issuer, this app as audience, `exp` (and `nbf` when present),
 * and the claims the caller requires. Every failure is an `InvalidTokenError` (or `ConnectionError`
 * when the keys cannot be fetched).
 */
export async function verifyJwt(
  token: string,
  options: TokenVerificationOptions,
  requiredClaims: string[],
): Promise<JWTPayload> {
  if (typeof token !== 'string' || token.length === 0)
    throw new InvalidTokenError('malformed', 'No token given.');
  if (!options?.appId) throw new TypeError('appId is required to verify a token.');
  try {
    const { payload } = await jwtVerify(token, keyGetter(options), {
      algorithms: ['ES256'],
      typ: 'JWT',
      issuer: options.issuer ?? defaultIssuer,
      audience: options.appId,
      clockTolerance: options.clockToleranceSeconds ?? defaultClockToleranceSeconds,
      requiredClaims: ['exp', 'iat', 'sub', ...requiredClaims],
      ...(options.currentDate ? { currentDate: options.currentDate } : {}),
    });
    return payload;
  } catch (error) {
    throw toTokenError(error);
  }
}

/** jose's errors as ours; the messages never quote the token. */
function toTokenError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  if (error instanceof errors.JWTExpired) return new TokenExpiredError('Token expired.', { cause: error });
  if (error instanceof errors.JWTClaimValidationFailed)
    return new InvalidTokenError('claims', `Invalid token claim "${error.claim}": ${error.reason}.`, {
      cause: error,
    });
  if (error instanceof errors.JOSEAlgNotAllowed)
    return new InvalidTokenError('algorithm', 'Token algorithm not allowed (ES256 only).', { cause: error });
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new InvalidTokenError('signature', 'Token signature does not verify.', { cause: error });
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return new InvalidTokenError('unknown_key', 'Token signed with an unknown key.', { cause: error });
  if (error instanceof errors.JOSEError)
    return new InvalidTokenError('malformed', 'Malformed token.', { cause: error });
  // Not the token's fault: a configuration mistake (an unreadable PEM, no apiUrl) is thrown as is.
  throw error;
}
