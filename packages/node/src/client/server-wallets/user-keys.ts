import type { KeyObject } from 'node:crypto';
import { type ServerWallet, serverWalletKeysApi, type UserKeyResponse } from '@latchkey/protocol';
import type { Http } from '../http.ts';
import { importAuthorizationPrivateKey } from './authorization.ts';
import { hpkeRecipient } from './hpke.ts';

/**
 * A user's authorization key (REFERENCES §1.6): for a wallet owned by `{user_id}`, the user's access
 * token buys a short-lived P-256 key from `POST /wallets/authenticate`, sealed to a one-time HPKE key
 * of ours, which then signs the request like any owner key. Kept in memory until shortly before it
 * expires, so one token costs one exchange.
 */

export interface UserAuthorizationKey {
  /** Base64 PKCS#8 P-256: signs like an `authorizationPrivateKeys` entry. */
  authorizationKey: string;
  /** Unix milliseconds. */
  expires_at: number;
  /** The user's wallets. */
  wallets: ServerWallet[];
}

/** Keys by access token, in the client. */
export type UserKeyCache = Map<string, { key: KeyObject; expiresAt: number }>;

const cacheMax = 100;
/** A key this close to its end is exchanged again rather than used. */
const marginMs = 30_000;

/** Exchanges an access token for the user's authorization key. */
export async function authenticateUser(
  http: Http,
  userJwt: string,
  signal?: AbortSignal,
): Promise<UserAuthorizationKey> {
  const recipient = hpkeRecipient();
  const response = await http.request<UserKeyResponse>({
    method: 'POST',
    path: serverWalletKeysApi.walletsAuthenticate.path,
    body: { user_jwt: userJwt, encryption_type: 'HPKE', recipient_public_key: recipient.publicKey },
    idempotent: false,
    signal,
  });
  const opened = recipient.open(response.encrypted_authorization_key);
  try {
    return {
      authorizationKey: opened.toString('utf8'),
      expires_at: response.expires_at,
      wallets: response.wallets,
    };
  } finally {
    opened.fill(0);
  }
}

/** The user's key for this token, from the cache or a fresh exchange. */
export async function userAuthorizationKey(
  http: Http,
  cache: UserKeyCache,
  userJwt: string,
  signal?: AbortSignal,
): Promise<KeyObject> {
  const now = Date.now();
  const cached = cache.get(userJwt);
  if (cached && cached.expiresAt - marginMs > now) return cached.key;
  const { authorizationKey, expires_at } = await authenticateUser(http, userJwt, signal);
  const key = importAuthorizationPrivateKey(authorizationKey);
  for (const [token, entry] of cache) if (entry.expiresAt - marginMs <= now) cache.delete(token);
  if (cache.size >= cacheMax) cache.delete(cache.keys().next().value as string);
  cache.set(userJwt, { key, expiresAt: expires_at });
  return key;
}
