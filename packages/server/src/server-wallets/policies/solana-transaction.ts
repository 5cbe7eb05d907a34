import { base58 } from '@scure/base';

/*
 * A Solana wire transaction, decoded enough to read its instructions (the Solana documentation's
 * "Transactions" format): compact-u16 signature count and signatures, then the message, legacy or
 * versioned (`0x80 | version`), with its header, static account keys, recent blockhash, compiled
 * instructions and (v0) address-table lookups. Accounts loaded from lookup tables are not known
 * without the chain: an instruction's account that points at one reads as null.
 */

export interface DecodedInstruction {
  programId: string | null;
  /** Account addresses in the instruction's order; null: loaded from a lookup table. */
  accounts: (string | null)[];
  data: Uint8Array;
}

class Reader {
  offset = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  byte(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw new Error('truncated');
    this.offset++;
    return value;
  }
  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new Error('truncated');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
  /** compact-u16 (1 to 3 bytes, 7 bits each). */
  shortVec(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.byte();
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('bad compact-u16');
  }
}

/** The instructions of a base64 wire transaction; throws on anything malformed. */
export function decodeSolanaTransaction(base64: string): DecodedInstruction[] {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new Error('not base64');
  const reader = new Reader(new Uint8Array(Buffer.from(base64, 'base64')));
  const signatures = reader.shortVec();
  reader.take(signatures * 64);
  const first = reader.bytes[reader.offset];
  if (first === undefined) throw new Error('truncated');
  const versioned = (first & 0x80) !== 0;
  if (versioned) {
    reader.byte();
    if ((first & 0x7f) !== 0) throw new Error('unsupported message version');
  }
  reader.take(3); // header: required signatures, read-only signed, read-only unsigned
  const keyCount = reader.shortVec();
  const keys: string[] = [];
  for (let i = 0; i < keyCount; i++) keys.push(base58.encode(reader.take(32)));
  reader.take(32); // recent blockhash
  const instructionCount = reader.shortVec();
  const instructions: DecodedInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programIndex = reader.byte();
    const accountCount = reader.shortVec();
    const accounts: (string | null)[] = [];
    for (let a = 0; a < accountCount; a++) accounts.push(keys[reader.byte()] ?? null);
    const data = reader.take(reader.shortVec()).slice();
    instructions.push({ programId: keys[programIndex] ?? null, accounts, data });
  }
  return instructions;
}
