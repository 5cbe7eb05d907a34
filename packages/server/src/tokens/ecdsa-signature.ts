/**
 * ES256 signatures between JWS's form (IEEE P1363: r ‖ s, 32 bytes each) and the DER form node:crypto
 * uses by default. node:crypto converts itself when given `{ key, dsaEncoding: 'ieee-p1363' }`, but an
 * options object instead of a KeyObject costs two thrown and caught exceptions inside Node 24's key
 * checks (`isKeyObject`, `isCryptoKey`): about 35 µs of the server thread per signature against 5 µs
 * with the KeyObject itself, which is most of what signing costs that thread once the math runs on
 * the thread pool. These two functions are a few array copies.
 */

/** The 32-byte half of a P-256 signature. */
const half = 32;

/** A DER INTEGER's content for an unsigned big-endian number: no leading zeros, a 0 before a high bit. */
function derInteger(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  const pad = body[0]! & 0x80 ? 1 : 0;
  const out = Buffer.alloc(2 + pad + body.length);
  out[0] = 0x02;
  out[1] = pad + body.length;
  out.set(body, 2 + pad);
  return out;
}

/** `r ‖ s` (64 bytes) as DER `SEQUENCE { INTEGER r, INTEGER s }` (at most 72 bytes: short lengths only). */
export function p1363ToDer(signature: Uint8Array): Buffer {
  if (signature.length !== 2 * half) throw new Error('An ES256 signature is 64 bytes');
  const r = derInteger(signature.subarray(0, half));
  const s = derInteger(signature.subarray(half));
  return Buffer.concat([Buffer.from([0x30, r.length + s.length]), r, s]);
}

/** One DER INTEGER at `offset` of `der` as `half` bytes, and where the next element starts. */
function readInteger(der: Uint8Array, offset: number, into: Uint8Array): number {
  if (der[offset] !== 0x02) throw new Error('Not a DER ECDSA signature');
  const length = der[offset + 1]!;
  let body = der.subarray(offset + 2, offset + 2 + length);
  if (body.length !== length || length === 0) throw new Error('Not a DER ECDSA signature');
  while (body.length > 1 && body[0] === 0) body = body.subarray(1);
  if (body.length > half) throw new Error('Not a P-256 signature');
  into.set(body, half - body.length);
  return offset + 2 + length;
}

/** DER `SEQUENCE { INTEGER r, INTEGER s }` from node:crypto as `r ‖ s`, each left-padded to 32 bytes. */
export function derToP1363(der: Uint8Array): Buffer {
  if (der[0] !== 0x30 || der[1] !== der.length - 2) throw new Error('Not a DER ECDSA signature');
  const out = Buffer.alloc(2 * half);
  const next = readInteger(der, 2, out.subarray(0, half));
  if (readInteger(der, next, out.subarray(half)) !== der.length) throw new Error('Not a DER ECDSA signature');
  return out;
}
