import { base64 } from '@scure/base';

/** Standard, padded base64: the encoding every binary value uses on the wire (shares, keys, salts). */
export function toBase64(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/** Strict decoder: throws on anything that is not standard padded base64, so a mangled share fails early. */
export function fromBase64(text: string): Uint8Array {
  return base64.decode(text);
}
