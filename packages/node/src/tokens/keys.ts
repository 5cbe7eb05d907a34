import {
  type CryptoKey,
  createRemoteJWKSet,
  errors,
  importSPKI,
  type JWTVerifyGetKey,
  type KeyObject,
} from 'jose';
import { ConnectionError } from '../errors.ts';

/** Where a token's verification key comes from. */
export interface KeyOptions {
  appId: string;
  /**
   * The Latchkey server's public URL (the `apiUrl` the app's frontend uses). The keys are fetched
   * from `{apiUrl}/api/v1/apps/{appId}/jwks.json` and cached; a token signed with a new key (after a
   * rotation) makes the cache refetch the set, at most once per `jwksCooldownMs`.
   */
  apiUrl?: string;
  /**
   * The app's verification key instead of the key set: the SPKI PEM of `verification_key` in
   * `GET /api/v1/apps/:appId`, or an imported key. It does not follow key rotations.
   */
  verificationKey?: string | CryptoKey | KeyObject;
  /** How long a fetched key set is used before it is fetched again. Default 10 minutes. */
  jwksCacheMaxAgeMs?: number;
  /** The least time between two fetches of the key set (an unknown `kid` refetches). Default 5 s. */
  jwksCooldownMs?: number;
  /** How long a key set fetch may take. Default 5 s. */
  jwksTimeoutMs?: number;
}

const defaultCacheMaxAgeMs = 10 * 60_000;
// Shorter than jose's 30 s: a token from a just-rotated key should verify within seconds, and one
// fetch per 5 s is still a bound on what tokens with made-up `kid`s can make this process fetch.
const defaultCooldownMs = 5_000;
const defaultJwksTimeoutMs = 5_000;

/** The JWKS URL of an app on a Latchkey server. */
export function jwksUrl(apiUrl: string, appId: string): URL {
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  return new URL(`api/v1/apps/${encodeURIComponent(appId)}/jwks.json`, base);
}

// One remote key set per URL and settings, for the whole process: its cache is what saves a fetch
// per request. The keys of these maps come from the app's configuration, never from a token.
const remoteSets = new Map<string, JWTVerifyGetKey>();
const importedKeys = new Map<string, Promise<CryptoKey>>();

function remoteSet(options: KeyOptions & { apiUrl: string }): JWTVerifyGetKey {
  const url = jwksUrl(options.apiUrl, options.appId);
  const settings = {
    cacheMaxAge: options.jwksCacheMaxAgeMs ?? defaultCacheMaxAgeMs,
    cooldownDuration: options.jwksCooldownMs ?? defaultCooldownMs,
    timeoutDuration: options.jwksTimeoutMs ?? defaultJwksTimeoutMs,
  };
  const cacheKey = JSON.stringify([url.href, settings]);
  let set = remoteSets.get(cacheKey);
  if (!set) {
    set = createRemoteJWKSet(url, settings);
    remoteSets.set(cacheKey, set);
  }
  return set;
}

function importPem(pem: string): Promise<CryptoKey> {
  let key = importedKeys.get(pem);
  if (!key) {
    key = importSPKI(pem, 'ES256');
    // A PEM that does not import is not kept, so a corrected configuration is not stuck on it.
    key.catch(() => importedKeys.delete(pem));
    importedKeys.set(pem, key);
  }
  return key;
}

/**
 * The key getter for jose's `jwtVerify`. A key set that cannot be fetched is a `ConnectionError`
 * (the server is unreachable, the token may be fine); a `kid` the set does not hold stays jose's
 * `JWKSNoMatchingKey`, which the caller reports as an invalid token.
 */
export function keyGetter(options: KeyOptions): JWTVerifyGetKey {
  const { verificationKey, apiUrl } = options;
  if (verificationKey !== undefined) {
    return async () => (typeof verificationKey === 'string' ? importPem(verificationKey) : verificationKey);
  }
  if (!apiUrl) throw new TypeError('Pass apiUrl (to fetch the key set) or verificationKey.');
  const set = remoteSet({ ...options, apiUrl });
  return async (header, token) => {
    try {
      return await set(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
        throw error;
      throw new ConnectionError('Could not fetch the verification keys from the Latchkey server.', {
        cause: error,
        timedOut: error instanceof errors.JWKSTimeout,
      });
    }
  };
}
