import { ApiError } from '../../http/api-error.ts';

/**
 * The parts of a serialized Solana transaction (legacy or v0) that signing needs: the signature slots,
 * the message bytes they sign, and the required signers' public keys. Solana's wire format: a
 * compact-u16 count of 64-byte signatures, then the message; a v0 message starts with 0x80, then the
 * header (required signatures, read-only signed, read-only unsigned), then the compact-u16 count of
 * 32-byte account keys, the first `required` of which sign.
 */
export interface ParsedSolanaTransaction {
  signatureCount: number;
  /** Where the signatures start (after their count). */
  signaturesOffset: number;
  message: Uint8Array;
  signers: Uint8Array[];
}

const invalid = () =>
  new ApiError('invalid_data', 'params.transaction is not a serialized Solana transaction');

function compactU16(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw invalid();
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, offset + i + 1];
  }
  throw invalid();
}

export function parseSolanaTransaction(bytes: Uint8Array): ParsedSolanaTransaction {
  const [signatureCount, signaturesOffset] = compactU16(bytes, 0);
  const messageOffset = signaturesOffset + 64 * signatureCount;
  if (messageOffset >= bytes.length) throw invalid();
  const message = bytes.subarray(messageOffset);
  const versioned = (message[0]! & 0x80) !== 0;
  const header = versioned ? 1 : 0;
  const required = message[header];
  if (required === undefined || required !== signatureCount || message.length < header + 3) throw invalid();
  const [keyCount, keysOffset] = compactU16(message, header + 3);
  if (keyCount < required || keysOffset + 32 * keyCount > message.length) throw invalid();
  const signers: Uint8Array[] = [];
  for (let i = 0; i < required; i++)
    signers.push(message.subarray(keysOffset + 32 * i, keysOffset + 32 * (i + 1)));
  return { signatureCount, signaturesOffset, message, signers };
}
