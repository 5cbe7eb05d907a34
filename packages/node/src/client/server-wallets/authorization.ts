import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { authorizationPayload, type SignedRequest } from '@latchkey/protocol';

export { authorizationPayload };

/**
 * Authorization signatures (`privy-authorization-signature`): how a wallet's owner, a P-256 key or a
 * key quorum, approves one request. Each signature is base64 DER ECDSA P-256 over the SHA-256 of the
 * request's canonical payload `{version: 1, method, url, body, headers}`; several are joined with
 * commas. node:crypto only.
 */

/** Signs a payload elsewhere (a KMS, an HSM): resolves to the base64 DER P-256 signature. */
export type AuthorizationSigner = (payload: Uint8Array) => Promise<string> | string;

/** Who approves a request on an owned wallet or a key quorum. */
export interface AuthorizationContext {
  /** Base64 PKCS#8 P-256 private keys (`generateAuthorizationKeyPair`), `wallet-auth:` prefix accepted. */
  authorizationPrivateKeys?: readonly string[];
  /** Keys held elsewhere: each is called with the payload's bytes. */
  signers?: readonly AuthorizationSigner[];
  /** Signatures made already, over this exact request (`authorizationPayload`). */
  signatures?: readonly string[];
  /**
   * Access tokens of users who own the wallet (`owner: {user_id}`): each is exchanged once for the
   * user's short-lived authorization key (`POST /wallets/authenticate`, over HPKE), which signs.
   */
  userJwts?: readonly string[];
}

/** The request a signature covers (`@latchkey/protocol`'s; the payload is computed there too). */
export type AuthorizationRequest = SignedRequest;

/** A base64 PKCS#8 P-256 private key (optionally `wallet-auth:`-prefixed) as a KeyObject. */
export function importAuthorizationPrivateKey(text: string): KeyObject {
  const base64 = text.trim().replace(/^wallet-auth:/, '');
  let key: KeyObject | undefined;
  try {
    key = createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    // Reported below, without the key's text.
  }
  if (key?.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new TypeError('An authorization private key must be a base64 PKCS#8 P-256 key.');
  return key;
}

/** One signature: base64 DER ECDSA P-256 over SHA-256 of `payload`. */
export function signAuthorizationPayload(privateKey: string | KeyObject, payload: Uint8Array): string {
  const key = typeof privateKey === 'string' ? importAuthorizationPrivateKey(privateKey) : privateKey;
  return sign('sha256', payload, { key, dsaEncoding: 'der' }).toString('base64');
}

/** Every signature the context gives for `payload`: given ones, then keys', then signers'. */
export async function authorizationSignatures(
  context: AuthorizationContext,
  payload: Uint8Array,
): Promise<string[]> {
  const fromKeys = (context.authorizationPrivateKeys ?? []).map((key) =>
    signAuthorizationPayload(key, payload),
  );
  const fromSigners = await Promise.all((context.signers ?? []).map(async (signer) => signer(payload)));
  return [...(context.signatures ?? []), ...fromKeys, ...fromSigners];
}

/** An authorization key pair: what a wallet's `owner: {public_key}` and a key quorum take, and its private half. */
export interface AuthorizationKeyPair {
  /** Base64 DER SubjectPublicKeyInfo: `owner.public_key`, a key quorum's `public_keys`. */
  publicKey: string;
  /** Base64 DER PKCS#8: `authorizationContext.authorizationPrivateKeys`. Keep it secret. */
  privateKey: string;
}

/**
 * A new P-256 authorization key pair.
 *
 * @example
 * const owner = generateAuthorizationKeyPair();
 * const wallet = await latchkey.wallets.create({ chain_type: 'ethereum', owner: { public_key: owner.publicKey } });
 * await latchkey.wallets.ethereum.signMessage(wallet.id, 'hello', {
 *   authorizationContext: { authorizationPrivateKeys: [owner.privateKey] },
 * });
 */
export function generateAuthorizationKeyPair(): AuthorizationKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}
