import { type KeyObject, sign, verify } from 'node:crypto';
import { promisify } from 'node:util';
import { derToP1363, p1363ToDer } from './ecdsa-signature.ts';

/**
 * Compact JWS with ES256 only (RFC 7515, RFC 7518 §3.4), with node:crypto KeyObjects made once
 * per key. jose's path goes through WebCrypto (a CryptoKey structuredClone'd per call, its job
 * queue), which a CPU profile of session checks showed in the server thread. The signature math
 * itself still runs on libuv's thread pool (crypto.sign/verify with a callback), not on the one
 * JavaScript thread: synchronous P-256 costs that thread ~60 µs per signature and ~110 µs per
 * verification, twice to three times what handing it off does (measured with threadCpuUsage;
 * the total CPU is about the same). It is deliberately narrow: the one header this server writes
 * is the one it accepts, so there is no algorithm or header negotiation to attack.
 */

/**
 * Longest compact JWS looked at. Our access tokens are ~0.5 KB and identity tokens a few KB; the
 * bound keeps an attacker's oversized header from costing base64 and JSON work (Node's own header
 * limit is 16 KB).
 */
export const maxCompactJwsLength = 8192;

/** An ES256 P-1363 signature: r and s, 32 bytes each (a DER signature is refused). */
const signatureLength = 64;

export class JwsInvalid extends Error {}

/** The protected header this server writes, and the only one it accepts. */
export interface Es256Header {
  alg: 'ES256';
  typ: 'JWT';
  kid: string;
}

/** A compact JWS whose form is valid, before its signature is checked against the `kid`'s key. */
export interface ParsedJws {
  header: Es256Header;
  /** The payload as a JSON object (a claims set); anything else was refused. */
  payload: Record<string, unknown>;
  signingInput: Buffer;
  signature: Buffer;
}

/**
 * Strict base64url: only the canonical encoding of its bytes. Buffer's decoder skips what it does
 * not expect (padding, `+` and `/`, whitespace, stray trailing bits, a dangling character), so the
 * bytes are encoded again and must give the same text: one token has one spelling.
 */
function decodeBase64url(part: string): Buffer {
  const bytes = Buffer.from(part, 'base64url');
  if (bytes.toString('base64url') !== part) throw new JwsInvalid('Not canonical base64url.');
  return bytes;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A JSON object (not an array, null or a scalar) from base64url of UTF-8. */
function decodeJsonObject(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(decodeBase64url(part)));
  } catch (error) {
    throw error instanceof JwsInvalid ? error : new JwsInvalid('Not JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new JwsInvalid('Not a JSON object.');
  return value as Record<string, unknown>;
}

/**
 * Checks a compact JWS's form: three segments, a header of exactly `alg: ES256`, `typ: JWT` and a
 * string `kid` (anything more, `crit` and `b64` included, is refused: we never write it, and an
 * extension we ignore could change what the signature means), a JSON object payload and a 64-byte
 * signature. Throws `JwsInvalid`; the signature is not checked yet (`verifyEs256`).
 */
export function parseCompactJws(token: string): ParsedJws {
  if (token.length > maxCompactJwsLength) throw new JwsInvalid('Too long.');
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwsInvalid('Not three segments.');
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = decodeJsonObject(encodedHeader);
  const keys = Object.keys(header);
  if (
    keys.length !== 3 ||
    header.alg !== 'ES256' ||
    header.typ !== 'JWT' ||
    typeof header.kid !== 'string' ||
    header.kid === ''
  )
    throw new JwsInvalid('Unexpected header.');
  const payload = decodeJsonObject(encodedPayload);
  const signature = decodeBase64url(encodedSignature);
  if (signature.length !== signatureLength) throw new JwsInvalid('Bad signature length.');
  return {
    header: { alg: 'ES256', typ: 'JWT', kid: header.kid },
    payload,
    signingInput: Buffer.from(`${encodedHeader}.${encodedPayload}`, 'ascii'),
    signature,
  };
}

// The callback forms, which run on the thread pool.
const signOffThread = promisify(sign);
const verifyOffThread = promisify(verify);

/** Whether the parsed JWS's signature is `publicKey`'s (a P-256 public KeyObject). */
export async function verifyEs256(jws: ParsedJws, publicKey: KeyObject): Promise<boolean> {
  // Another key type would be used with its own algorithm (RSA verifies with the same call).
  if (publicKey.asymmetricKeyType !== 'ec' || publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    return false;
  // The KeyObject itself, not `{ key, dsaEncoding }`: see ecdsa-signature.ts.
  return verifyOffThread('sha256', jws.signingInput, publicKey, p1363ToDer(jws.signature));
}

/** Signs `claims` as a compact JWS with header `{alg: ES256, typ: JWT, kid}`. */
export async function signEs256Jwt(
  privateKey: KeyObject,
  kid: string,
  claims: Record<string, unknown>,
): Promise<string> {
  const header = Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signingInput = `${header}.${payload}`;
  // The KeyObject itself, not `{ key, dsaEncoding }`: see ecdsa-signature.ts.
  const signature = derToP1363(await signOffThread('sha256', Buffer.from(signingInput), privateKey));
  return `${signingInput}.${signature.toString('base64url')}`;
}
