import type { SolanaInstructionInput } from './compile-message.ts';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_PROGRAM } from './programs.ts';

/**
 * The instructions a transfer of SOL or of an SPL token is made of (Transfer from wallet, Solana to
 * Solana); their decoders are system-instructions.ts and token-instructions.ts.
 */

function u64(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

/** System Program Transfer: instruction 2 (u32 LE), then the lamports (u64 LE). */
export function systemTransferInstruction(
  from: string,
  to: string,
  lamports: bigint,
): SolanaInstructionInput {
  const data = new Uint8Array(12);
  data.set([2, 0, 0, 0], 0);
  data.set(u64(lamports), 4);
  return {
    programId: SYSTEM_PROGRAM,
    keys: [
      { pubkey: from, isSigner: true, isWritable: true },
      { pubkey: to, isSigner: false, isWritable: true },
    ],
    data,
  };
}

/**
 * Associated Token Account program CreateIdempotent (instruction 1): creates `owner`'s account of
 * `mint` at `ata`, paid by `payer`, and succeeds when it already exists.
 */
export function createAssociatedTokenIdempotentInstruction(p: {
  payer: string;
  ata: string;
  owner: string;
  mint: string;
  tokenProgram?: string | undefined;
}): SolanaInstructionInput {
  return {
    programId: ASSOCIATED_TOKEN_PROGRAM,
    keys: [
      { pubkey: p.payer, isSigner: true, isWritable: true },
      { pubkey: p.ata, isSigner: false, isWritable: true },
      { pubkey: p.owner, isSigner: false, isWritable: false },
      { pubkey: p.mint, isSigner: false, isWritable: false },
      { pubkey: SYSTEM_PROGRAM, isSigner: false, isWritable: false },
      { pubkey: p.tokenProgram ?? TOKEN_PROGRAM, isSigner: false, isWritable: false },
    ],
    data: Uint8Array.of(1),
  };
}

/** SPL Token TransferChecked: instruction 12, the amount (u64 LE), the mint's decimals (u8). */
export function transferCheckedInstruction(p: {
  source: string;
  mint: string;
  destination: string;
  owner: string;
  amount: bigint;
  decimals: number;
  tokenProgram?: string | undefined;
}): SolanaInstructionInput {
  const data = new Uint8Array(10);
  data[0] = 12;
  data.set(u64(p.amount), 1);
  data[9] = p.decimals;
  return {
    programId: p.tokenProgram ?? TOKEN_PROGRAM,
    keys: [
      { pubkey: p.source, isSigner: false, isWritable: true },
      { pubkey: p.mint, isSigner: false, isWritable: false },
      { pubkey: p.destination, isSigner: false, isWritable: true },
      { pubkey: p.owner, isSigner: true, isWritable: false },
    ],
    data,
  };
}
