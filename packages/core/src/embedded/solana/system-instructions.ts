import { readAddress, readU32, readU64, unknownInstruction } from './binary.ts';
import type { DecodedInstruction, ResolvedInstruction } from './instruction-types.ts';

/**
 * System program instructions. Data is bincode: a u32 instruction index, then the fields; a seed
 * string is a u64 byte length followed by UTF-8.
 */
export function decodeSystemInstruction(instruction: ResolvedInstruction): DecodedInstruction {
  const { data, accounts, program } = instruction;
  const unknown = () => unknownInstruction(instruction, 4);
  const kind = readU32(data, 0);

  if (kind === 0) {
    // CreateAccount { lamports: u64, space: u64, owner: Pubkey }; accounts [funding, new]
    const lamports = readU64(data, 4);
    const space = readU64(data, 12);
    const ownerProgram = readAddress(data, 20);
    const [fromAccount, newAccount] = accounts;
    if (lamports === undefined || space === undefined || !ownerProgram || !fromAccount || !newAccount)
      return unknown();
    return {
      type: 'create-account',
      program,
      fromAccount,
      newAccount,
      lamports,
      space,
      ownerProgram,
      withSeed: false,
    };
  }

  if (kind === 2) {
    // Transfer { lamports: u64 }; accounts [from, to]
    const lamports = readU64(data, 4);
    const [fromAccount, toAccount] = accounts;
    if (lamports === undefined || !fromAccount || !toAccount) return unknown();
    return { type: 'sol-transfer', program, fromAccount, toAccount, lamports, withSeed: false };
  }

  if (kind === 3) {
    // CreateAccountWithSeed { base: Pubkey, seed: String, lamports: u64, space: u64, owner: Pubkey };
    // accounts [funding, new, base?]
    const seedLength = readU64(data, 36);
    if (seedLength === undefined || seedLength > 32n) return unknown();
    const after = 44 + Number(seedLength);
    const lamports = readU64(data, after);
    const space = readU64(data, after + 8);
    const ownerProgram = readAddress(data, after + 16);
    const [fromAccount, newAccount] = accounts;
    if (lamports === undefined || space === undefined || !ownerProgram || !fromAccount || !newAccount)
      return unknown();
    return {
      type: 'create-account',
      program,
      fromAccount,
      newAccount,
      lamports,
      space,
      ownerProgram,
      withSeed: true,
    };
  }

  if (kind === 11) {
    // TransferWithSeed { lamports: u64, from_seed: String, from_owner: Pubkey };
    // accounts [from (derived), base, to]
    const lamports = readU64(data, 4);
    const [fromAccount, , toAccount] = accounts;
    if (lamports === undefined || !fromAccount || !toAccount) return unknown();
    return { type: 'sol-transfer', program, fromAccount, toAccount, lamports, withSeed: true };
  }

  return unknown();
}
