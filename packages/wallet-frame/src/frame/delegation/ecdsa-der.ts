/**
 * WebCrypto's ECDSA signature is r ‖ s (IEEE P1363); authorization signatures travel as DER (WIRE.md
 * §7.4, what node:crypto and the incumbent's SDKs produce and verify).
 */
export function p1363ToDer(signature: Uint8Array): Uint8Array {
  const half = signature.length / 2;
  const r = derInteger(signature.subarray(0, half));
  const s = derInteger(signature.subarray(half));
  return Uint8Array.from([0x30, r.length + s.length, ...r, ...s]);
}

/** A DER INTEGER of an unsigned big-endian value: no leading zeros, one 0x00 if the top bit is set. */
function derInteger(value: Uint8Array): number[] {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start += 1;
  const bytes = [...value.subarray(start)];
  if ((bytes[0] ?? 0) & 0x80) bytes.unshift(0);
  return [0x02, bytes.length, ...bytes];
}
