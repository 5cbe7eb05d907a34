import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppCache } from './app-config/app-cache.ts';
import type { CaptchaVerifier } from './captcha/captcha-verifier.ts';
import type { KeyStore } from './crypto/key-store.ts';
import { deriveKey, SecretBox } from './crypto/secret-box.ts';
import type { SigningKeys } from './crypto/signing-keys.ts';
import type { Delivery } from './delivery/delivery.ts';
import type { RateLimits } from './http/rate-limit.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { ServerSettings } from './settings.ts';
import type { Dialect } from './storage/db.ts';
import type { Database } from './storage/schema.ts';

/** Everything a service function needs, built once per server process. */
export interface ServerContext {
  db: Kysely<Database>;
  dialect: Dialect;
  settings: ServerSettings;
  /** Seals with a key derived from the master key: signing keys, auth shares, app secrets. */
  secretBox: SecretBox;
  /**
   * Seals wallet recovery material with a key kept away from the database and the master key (a
   * PKCS#11 token, or a key file outside the data dir): see crypto/key-store.ts.
   */
  keyStore: KeyStore;
  /**
   * Key for HMAC-ing verification codes and other low-entropy secrets. A KeyObject, made once: raw
   * bytes cost every HMAC two exceptions in Node's key checks (see crypto/hash.ts).
   */
  codeKey: KeyObject;
  delivery: Delivery;
  captcha: CaptchaVerifier;
  rateLimits: RateLimits;
  apps: AppCache;
  signingKeys: SigningKeys;
  log: Logger;
  /** This server's Prometheus metrics (its own registry). */
  metrics: Metrics;
  /** The names of the migrations this build runs: `/ready` waits until the database has them all. */
  migrations: readonly string[];
  /** Current time in Unix seconds; tests move it forward. */
  now(): number;
}

export function cryptoParts(masterKey: Uint8Array): Pick<ServerContext, 'secretBox' | 'codeKey'> {
  return { secretBox: new SecretBox(masterKey), codeKey: createSecretKey(deriveKey(masterKey, 'code-hmac')) };
}
