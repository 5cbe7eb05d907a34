import type { PolicyCondition } from '@latchkey/protocol';
import { base58 } from '@scure/base';
import { absent, type Seen, seenAs } from './coercion.ts';
import type { DecodedInstruction } from './solana-transaction.ts';

/*
 * The Solana field sources (REFERENCES §1.2), read from one instruction: its program, and the
 * System and SPL Token programs' instructions decoded by their published layouts (instruction
 * index, then little-endian fields; accounts in the program's documented order). The Token-2022
 * program shares the Token program's layouts for these instructions and is read the same way.
 */

export const systemProgramId = '11111111111111111111111111111111';
export const tokenProgramIds = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
]);

/** System program instructions, by their u32 index. */
const systemInstructions = [
  'CreateAccount',
  'Assign',
  'Transfer',
  'CreateAccountWithSeed',
  'AdvanceNonceAccount',
  'WithdrawNonceAccount',
  'InitializeNonceAccount',
  'AuthorizeNonceAccount',
  'Allocate',
  'AllocateWithSeed',
  'AssignWithSeed',
  'TransferWithSeed',
  'UpgradeNonceAccount',
];

/** Token program instructions, by their u8 index. */
const tokenInstructions = [
  'InitializeMint',
  'InitializeAccount',
  'InitializeMultisig',
  'Transfer',
  'Approve',
  'Revoke',
  'SetAuthority',
  'MintTo',
  'Burn',
  'CloseAccount',
  'FreezeAccount',
  'ThawAccount',
  'TransferChecked',
  'ApproveChecked',
  'MintToChecked',
  'BurnChecked',
  'InitializeAccount2',
  'SyncNative',
  'InitializeAccount3',
  'InitializeMultisig2',
  'InitializeMint2',
  'GetAccountDataSize',
  'InitializeImmutableOwner',
  'AmountToUiAmount',
  'UiAmountToAmount',
];

/** A u64 (little-endian) at `offset`, or null when the data is too short. */
function u64(data: Uint8Array, offset: number): bigint | null {
  if (data.length < offset + 8) return null;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

function u32(data: Uint8Array, offset: number): number | null {
  if (data.length < offset + 4) return null;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
}

/** The instruction's fields by name, for one instruction layout: accounts by position, amounts. */
type Layout = Record<string, (ix: DecodedInstruction) => Seen>;

/** An account by its position; one loaded from a lookup table (null) is undecodable. */
const account = (index: number) => (ix: DecodedInstruction) => {
  const address = ix.accounts[index];
  return address
    ? seenAs('string', address)
    : absent(address === null ? 'account from a lookup table' : 'absent');
};
const amountAt = (offset: number) => (ix: DecodedInstruction) => {
  const value = u64(ix.data, offset);
  return value === null ? absent('instruction data too short') : ({ kind: 'quantity', value } as Seen);
};

const systemLayouts: Record<string, Layout> = {
  Transfer: { from: account(0), to: account(1), lamports: amountAt(4) },
};

const tokenLayouts: Record<string, Layout> = {
  Transfer: { source: account(0), destination: account(1), authority: account(2), amount: amountAt(1) },
  TransferChecked: {
    source: account(0),
    mint: account(1),
    destination: account(2),
    authority: account(3),
    amount: amountAt(1),
  },
  Burn: { account: account(0), mint: account(1), authority: account(2), amount: amountAt(1) },
  MintTo: { mint: account(0), account: account(1), authority: account(2), amount: amountAt(1) },
  CloseAccount: { account: account(0), destination: account(1), authority: account(2) },
  InitializeAccount3: {
    account: account(0),
    mint: account(1),
    // The owner is in the data (32 bytes after the index), not among the accounts.
    owner: (ix) =>
      ix.data.length >= 33
        ? seenAs('string', base58Of(ix.data.subarray(1, 33)))
        : absent('instruction data too short'),
  },
};

const base58Of = (bytes: Uint8Array) => base58.encode(bytes);

/** The instruction's name and layout within its program, or null. */
function named(
  ix: DecodedInstruction,
  program: 'system' | 'token',
): { name: string; layout?: Layout } | null {
  if (program === 'system') {
    if (ix.programId !== systemProgramId) return null;
    const index = u32(ix.data, 0);
    const name = index === null ? undefined : systemInstructions[index];
    return name ? { name, layout: systemLayouts[name] } : null;
  }
  if (!ix.programId || !tokenProgramIds.has(ix.programId)) return null;
  const index = ix.data[0];
  const name = index === undefined ? undefined : tokenInstructions[index];
  return name ? { name, layout: tokenLayouts[name] } : null;
}

/** A program's field on one instruction: `instructionName`, or `<Instruction>.<field>`. */
function programField(ix: DecodedInstruction, program: 'system' | 'token', field: string): Seen {
  const instruction = named(ix, program);
  if (!instruction) return absent(`not a ${program} program instruction`);
  if (field === 'instructionName') return { kind: 'string', text: instruction.name };
  const [name, member] = field.split('.');
  if (name !== instruction.name) return absent(`instruction is ${instruction.name}`);
  const read = member === undefined ? undefined : instruction.layout?.[member];
  return read ? read(ix) : absent('unknown field');
}

/** The condition's field on one instruction, for the Solana sources; null: not a Solana source. */
export function solanaField(condition: PolicyCondition, ix: DecodedInstruction | null): Seen | null {
  switch (condition.field_source) {
    case 'solana_program_instruction':
      if (!ix) return absent('no instruction');
      return condition.field === 'programId' ? seenAs('string', ix.programId) : absent('unknown field');
    case 'solana_system_program_instruction':
      return ix ? programField(ix, 'system', condition.field) : absent('no instruction');
    case 'solana_token_program_instruction':
      return ix ? programField(ix, 'token', condition.field) : absent('no instruction');
    default:
      return null;
  }
}
