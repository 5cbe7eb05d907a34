import { describe, expect, it } from 'vitest';
import {
  insufficientFundsLogLine,
  solanaLamportsRequired,
  solanaSimulationHasFunds,
  solanaTransferShortfall,
} from './funds.ts';
import type { DecodedInstruction } from './instruction-types.ts';

const wallet = 'Wa11et1111111111111111111111111111111111111';
const dapp = 'Dapp111111111111111111111111111111111111111';
const other = 'Other11111111111111111111111111111111111111';
const system = '11111111111111111111111111111111';

describe('solanaSimulationHasFunds', () => {
  it('is short when a program logs insufficient lamports or funds (any case)', () => {
    const transferLogs = [
      'Program 11111111111111111111111111111111 invoke [1]',
      'Transfer: insufficient lamports 995000, need 5000000',
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    ];
    expect(
      solanaSimulationHasFunds({ err: { InstructionError: [0, { Custom: 1 }] }, logs: transferLogs }),
    ).toBe(false);
    expect(
      solanaSimulationHasFunds({
        err: { InstructionError: [0, { Custom: 1 }] },
        logs: ['Program log: Error: Insufficient Funds'],
      }),
    ).toBe(false);
  });

  it('is short when the runtime refuses the fee payer before any program runs', () => {
    expect(solanaSimulationHasFunds({ err: 'AccountNotFound', logs: [] })).toBe(false);
    expect(solanaSimulationHasFunds({ err: 'InsufficientFundsForFee', logs: [] })).toBe(false);
    expect(
      solanaSimulationHasFunds({ err: { InsufficientFundsForRent: { account_index: 0 } }, logs: [] }),
    ).toBe(false);
    expect(
      solanaSimulationHasFunds({ err: { InsufficientFundsForRent: { account_index: 0n } }, logs: null }),
    ).toBe(false);
  });

  it('has funds when it ran, or failed for another reason (a recipient left below rent is not the wallet short)', () => {
    expect(
      solanaSimulationHasFunds({ err: null, logs: ['Program 11111111111111111111111111111111 success'] }),
    ).toBe(true);
    expect(
      solanaSimulationHasFunds({ err: { InsufficientFundsForRent: { account_index: 1 } }, logs: [] }),
    ).toBe(true);
    expect(solanaSimulationHasFunds({ err: { InstructionError: [0, 'InvalidAccountData'] }, logs: [] })).toBe(
      true,
    );
    expect(solanaSimulationHasFunds({ err: null, logs: undefined })).toBe(true);
  });
});

describe('insufficientFundsLogLine', () => {
  it('picks the line the error screen shows, or nothing', () => {
    expect(
      insufficientFundsLogLine([
        'Program X invoke [1]',
        'Transfer: insufficient lamports 1, need 2',
        'Program X failed',
      ]),
    ).toBe('Transfer: insufficient lamports 1, need 2');
    expect(insufficientFundsLogLine(['Program log: Error: insufficient funds'])).toBe(
      'Program log: Error: insufficient funds',
    );
    expect(insufficientFundsLogLine(['Program X failed: custom program error: 0x1'])).toBeUndefined();
    expect(insufficientFundsLogLine(null)).toBeUndefined();
  });
});

describe('solanaTransferShortfall', () => {
  const instructions: DecodedInstruction[] = [
    {
      type: 'sol-transfer',
      program: system,
      fromAccount: wallet,
      toAccount: other,
      lamports: 1_000_000n,
      withSeed: false,
    },
    {
      type: 'create-account',
      program: system,
      fromAccount: wallet,
      newAccount: other,
      lamports: 2_039_280n,
      space: 165n,
      ownerProgram: system,
      withSeed: false,
    },
    // Someone else's SOL and token amounts are not the wallet's lamports.
    {
      type: 'sol-transfer',
      program: system,
      fromAccount: dapp,
      toAccount: wallet,
      lamports: 9_000_000n,
      withSeed: false,
    },
    {
      type: 'spl-transfer',
      program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      source: other,
      destination: other,
      authority: wallet,
      amount: 50_000_000n,
      checked: false,
    },
  ];

  it('adds the fee, the SOL sent and the lamports put into new accounts', () => {
    expect(solanaLamportsRequired({ spender: wallet, feePayer: wallet, fee: 5000n, instructions })).toBe(
      3_044_280n,
    );
    // A fee paid by the dapp is not the wallet's to cover.
    expect(solanaLamportsRequired({ spender: wallet, feePayer: dapp, fee: 5000n, instructions })).toBe(
      3_039_280n,
    );
  });

  it('is the missing amount, or 0n when the balance covers it', () => {
    const base = { spender: wallet, feePayer: wallet, fee: 5000n, instructions };
    expect(solanaTransferShortfall({ ...base, balance: 1_000_000n })).toBe(2_044_280n);
    expect(solanaTransferShortfall({ ...base, balance: 3_044_280n })).toBe(0n);
    expect(solanaTransferShortfall({ ...base, balance: 10_000_000_000n })).toBe(0n);
    expect(solanaTransferShortfall({ ...base, instructions: [], balance: 4_999n })).toBe(1n);
  });
});
