import { readAddress, readU64, unknownInstruction } from './binary.ts';
import type { DecodedInstruction, ResolvedInstruction } from './instruction-types.ts';

/**
 * SPL Token (and Token-2022, which shares these instruction numbers) instructions: a one-byte
 * instruction number, then the fields little-endian.
 */
export function decodeTokenInstruction(instruction: ResolvedInstruction): DecodedInstruction {
  const { data, accounts, program } = instruction;
  const unknown = () => unknownInstruction(instruction, 1);

  switch (data[0]) {
    case 1: {
      // InitializeAccount; accounts [account, mint, owner, rent sysvar]
      const [account, mint, owner] = accounts;
      if (!account || !mint || !owner) return unknown();
      return { type: 'spl-init-account', program, account, mint, owner };
    }
    case 16:
    case 18: {
      // InitializeAccount2 / 3 { owner: Pubkey }; accounts [account, mint, (rent sysvar)]
      const [account, mint] = accounts;
      const owner = readAddress(data, 1);
      if (!account || !mint || !owner) return unknown();
      return { type: 'spl-init-account', program, account, mint, owner };
    }
    case 3: {
      // Transfer { amount: u64 }; accounts [source, destination, authority, ...multisig signers]
      const amount = readU64(data, 1);
      const [source, destination, authority] = accounts;
      if (amount === undefined || !source || !destination || !authority) return unknown();
      return { type: 'spl-transfer', program, source, destination, authority, amount, checked: false };
    }
    case 12: {
      // TransferChecked { amount: u64, decimals: u8 }; accounts [source, mint, destination, authority, ...]
      const amount = readU64(data, 1);
      const decimals = data[9];
      const [source, mint, destination, authority] = accounts;
      if (amount === undefined || decimals === undefined || !source || !mint || !destination || !authority)
        return unknown();
      return {
        type: 'spl-transfer',
        program,
        source,
        destination,
        authority,
        amount,
        mint,
        decimals,
        checked: true,
      };
    }
    case 9: {
      // CloseAccount; accounts [account, destination, owner, ...]
      const [account, destination, owner] = accounts;
      if (!account || !destination || !owner) return unknown();
      return { type: 'spl-close-account', program, account, destination, owner };
    }
    case 17: {
      // SyncNative; accounts [native token account]
      const [account] = accounts;
      if (!account) return unknown();
      return { type: 'spl-sync-native', program, account };
    }
    default:
      return unknown();
  }
}

/**
 * Associated token account program: empty data or 0 is Create, 1 is CreateIdempotent (2,
 * RecoverNested, is not a creation). Accounts [payer, associated account, wallet, mint, system
 * program, token program].
 */
export function decodeAssociatedTokenInstruction(instruction: ResolvedInstruction): DecodedInstruction {
  const { data, accounts, program } = instruction;
  const kind = data.length === 0 ? 0 : data[0];
  const [payer, associatedTokenAccount, owner, mint] = accounts;
  if ((kind !== 0 && kind !== 1) || data.length > 1 || !payer || !associatedTokenAccount || !owner || !mint)
    return unknownInstruction(instruction, 1);
  return {
    type: 'ata-creation',
    program,
    payer,
    associatedTokenAccount,
    owner,
    mint,
    idempotent: kind === 1,
  };
}
