import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { dpopHeaders, dpopProofType } from '@latchkey/protocol';
import type { Context } from 'hono';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, type JWK, jwtVerify } from 'jose';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { serverOrigin } from '../http/server-origin.ts';
import { isUniqueViolation } from '../storage/db.ts';

/**
 * A nonce is good for the window it was issued in and the next: 5 to 10 minutes. It replaces the
 * proof's own `iat` as the freshness check (RFC 9449 §8), so a browser with a wrong clock still works.
 */
const nonceWindowSeconds = 300;
/** Spent `jti`s are kept as long as a nonce that could carry them stays valid. */
const replayWindowSeconds = 2 * nonceWindowSeconds;

const invalid = (why: string) => new ApiError('invalid_dpop_proof', `Invalid device proof: ${why}.`);

function nonceTag(ctx: ServerContext, window: number): string {
  return createHmac('sha256', ctx.codeKey)
    .update(`dpop-nonce:${window}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The nonce a proof must carry now: stateless, the same on every replica sharing the master key. */
export function currentDpopNonce(ctx: ServerContext): string {
  const window = Math.floor(ctx.now() / nonceWindowSeconds);
  return `${window}.${nonceTag(ctx, window)}`;
}

function isCurrentNonce(ctx: ServerContext, nonce: unknown): boolean {
  if (typeof nonce !== 'string') return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(nonce);
  if (!match) return false;
  const window = Number(match[1]);
  const current = Math.floor(ctx.now() / nonceWindowSeconds);
  if (window !== current && window !== current - 1) return false;
  return timingSafeEqual(Buffer.from(match[2]!), Buffer.from(nonceTag(ctx, window)));
}

/** The proof's public key: P-256 only, and public (a `d` would mean the client leaked its own key). */
function proofKey(jwk: JWK | undefined): JWK {
  const { kty, crv, x, y } = jwk ?? {};
  if (kty !== 'EC' || crv !== 'P-256' || typeof x !== 'string' || typeof y !== 'string')
    throw invalid('the header needs an EC P-256 public jwk');
  if (jwk && 'd' in jwk) throw invalid('the jwk must be a public key');
  return { kty, crv, x, y };
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** A device key, named by its RFC 7638 thumbprint. */
export interface DeviceKey {
  jkt: string;
  jwk: JWK;
}

/**
 * Verifies the request's DPoP proof (RFC 9449 §4.3), one check per step, and spends its `jti`:
 * - exactly one `DPoP` header, a JWS with `typ` dpop+jwt, `alg` ES256 and a public P-256 `jwk`,
 *   whose signature that key verifies (steps 1-6);
 * - `htm` is the request's method and `htu` its URL on this server's public origin, never one built
 *   from the Host header (steps 8-9);
 * - the current server nonce (step 10; `use_dpop_nonce` with a fresh one otherwise);
 * - `ath` is the hash of the Bearer token when the request has one (step 12), binding the proof to it;
 * - a `jti` not seen before (§11.1), so a captured proof cannot be played again.
 * The `DPoP-Nonce` header is set on the answer whatever happens, for the client's next proof.
 */
export async function verifyDpopProof(
  ctx: ServerContext,
  c: Context,
  accessToken: string | null,
): Promise<DeviceKey> {
  c.header(dpopHeaders.nonce, currentDpopNonce(ctx));
  const header = c.req.raw.headers.get(dpopHeaders.proof);
  if (!header) throw invalid('missing DPoP header');
  if (header.includes(',')) throw invalid('one DPoP header only');
  if (header.length > 4096) throw invalid('the proof is too long');
  let jwk: JWK;
  try {
    const protectedHeader = decodeProtectedHeader(header);
    if (protectedHeader.typ !== dpopProofType) throw invalid(`typ must be ${dpopProofType}`);
    if (protectedHeader.alg !== 'ES256') throw invalid('alg must be ES256');
    jwk = proofKey(protectedHeader.jwk);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalid('not a JWS');
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(header, EmbeddedJWK, { algorithms: ['ES256'], typ: dpopProofType }));
  } catch {
    throw invalid('the signature does not verify');
  }
  const { jti, htm, htu, iat, ath, nonce } = payload;
  if (typeof jti !== 'string' || jti.length < 16 || jti.length > 128) throw invalid('jti missing');
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw invalid('iat missing');
  if (htm !== c.req.method) throw invalid('htm is not the request method');
  if (htu !== `${serverOrigin(ctx.settings)}${c.req.path}`) throw invalid('htu is not the request URL');
  if (!isCurrentNonce(ctx, nonce)) throw new ApiError('use_dpop_nonce');
  if (accessToken !== null) {
    const expected = base64url(createHash('sha256').update(accessToken).digest());
    if (ath !== expected) throw invalid('ath is not the hash of the access token');
  }
  await spendJti(ctx, jti);
  return { jkt: await calculateJwkThumbprint(jwk, 'sha256'), jwk };
}

async function spendJti(ctx: ServerContext, jti: string): Promise<void> {
  try {
    await ctx.db
      .insertInto('dpop_proofs')
      .values({
        jti_hash: createHash('sha256').update(jti).digest('hex'),
        expires_at: ctx.now() + replayWindowSeconds,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid('the proof was already used');
    throw error;
  }
}
