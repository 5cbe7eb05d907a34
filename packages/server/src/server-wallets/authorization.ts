import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/**
 * Authorization signatures: what proves that a wallet's owner (a P-256 key, or a key quorum) asked
 * for a write (`privy-authorization-signature`). Each signature is base64 DER ECDSA P-256 over the
 * SHA-256 of one canonical payload, `{version: 1, method, url, body, headers}`: the request's method,
 * its full URL built from the server's public URL (never the Host header), its JSON body (an empty
 * object signs as the empty string, as the incumbent's SDKs sign it), and the `privy-*` headers that
 * bind it to an app, an idempotency key and a deadline. So a signature made for one wallet's URL, one
 * body or one app verifies for no other request.
 */

/** Signatures one request may carry: a quorum's members and an owner's, with room, but bounded work. */
export const maxSignatures = 20;
/** A DER P-256 signature is at most 72 bytes: 96 characters of base64. */
const maxSignatureChars = 100;

/**
 * The header's signatures, decoded; null when it is malformed (not base64, too many, too long), so a
 * hostile header costs a bounded parse and never a verification.
 */
export function parseSignatureHeader(header: string | undefined): Uint8Array[] | null {
  if (header === undefined || header.trim() === '') return [];
  const parts = header.split(',').map((part) => part.trim());
  if (parts.length > maxSignatures) return null;
  const signatures: Uint8Array[] = [];
  for (const part of parts) {
    if (part.length === 0 || part.length > maxSignatureChars || !/^[A-Za-z0-9+/]+={0,2}$/.test(part))
      return null;
    signatures.push(new Uint8Array(Buffer.from(part, 'base64')));
  }
  return signatures;
}

/**
 * An authorization key's public half, as the API takes it: base64 of the DER SubjectPublicKeyInfo
 * of a P-256 key (what the incumbent's dashboard and SDKs print), optionally prefixed
 * `wallet-auth:`. Null when it is anything else.
 */
export function importAuthorizationKey(text: string): KeyObject | null {
  const base64 = text.replace(/^wallet-auth:/, '');
  if (base64.length > 200 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  try {
    const key = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
      ? key
      : null;
  } catch {
    return null;
  }
}

/** One P-256 verification on libuv's thread pool: the event loop goes on serving other requests. */
function verifiesFor(payload: Uint8Array, signature: Uint8Array, key: KeyObject): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      verify('sha256', payload, key, signature, (error, valid) => resolve(!error && valid));
    } catch {
      // A signature that is not DER at all verifies for no key.
      resolve(false);
    }
  });
}

/**
 * The ids of the keys (of `keys`) that one of the signatures verifies for over `payload`. A signature
 * is made by one key, so once it verified for a key it is not tried against the others: n signatures
 * over k keys cost at most n·k verifications and, when every signature is good, far fewer. They run
 * one at a time, off the event loop.
 */
export async function signingKeys(
  payload: Uint8Array,
  signatures: readonly Uint8Array[],
  keys: ReadonlyMap<string, KeyObject>,
): Promise<Set<string>> {
  const signed = new Set<string>();
  const unmatched = new Set(signatures);
  for (const [id, key] of keys)
    for (const signature of unmatched)
      if (await verifiesFor(payload, signature, key)) {
        signed.add(id);
        unmatched.delete(signature);
        break;
      }
  return signed;
}

/**
 * A key quorum's members: keys, and users (a user counts once any of their live authorization keys
 * signed, hpke/user-keys.ts), with the number of members that must sign.
 */
export interface QuorumMembers {
  threshold: number;
  keyIds: readonly string[];
  /** Per user member, the ids of their live keys. */
  users?: readonly (readonly string[])[];
}

/**
 * A key quorum: `threshold` of its members must sign. A member is a key, a user, or (one level down)
 * another quorum that counts as one member once its own threshold is met; deeper nesting is refused
 * where quorums are created.
 */
export interface Quorum extends QuorumMembers {
  quorums?: readonly QuorumMembers[];
}

/** Members of one level that signed; each counts once however often it signed. */
function membersSigned(quorum: QuorumMembers, signed: ReadonlySet<string>): number {
  const keys = new Set(quorum.keyIds.filter((id) => signed.has(id))).size;
  const users = (quorum.users ?? []).filter((keyIds) => keyIds.some((id) => signed.has(id))).length;
  return keys + users;
}

/** Whether the keys that signed meet the quorum. */
export function quorumMet(quorum: Quorum, signed: ReadonlySet<string>): boolean {
  const inner = (quorum.quorums ?? []).filter(
    (member) => member.threshold >= 1 && membersSigned(member, signed) >= member.threshold,
  ).length;
  return quorum.threshold >= 1 && membersSigned(quorum, signed) + inner >= quorum.threshold;
}

/**
 * `privy-request-expiry` (Unix milliseconds): a request signed with a deadline is refused after it.
 * Returns why it is refused, or null when it may proceed (no header: no deadline).
 */
export function requestExpiryProblem(header: string | undefined, nowMs: number): string | null {
  if (header === undefined) return null;
  if (!/^\d{1,16}$/.test(header)) return 'privy-request-expiry must be a Unix time in milliseconds';
  return Number(header) <= nowMs ? 'the request expired (privy-request-expiry)' : null;
}
