import { type SolanaRpc, startSolanaRpc } from '@latchkey/test/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedInstruction, SolanaConfirmRequest } from '../embedded/index.ts';
import {
  instructionView,
  solanaFundingTarget,
  solanaMessageContent,
  solanaTransactionContent,
} from './solana-content.ts';

const wallet = 'WaLLet1111111111111111111111111111111111111';
const friend = 'FriEnd1111111111111111111111111111111111111';
const system = '11111111111111111111111111111111';

const request = (instructions: DecodedInstruction[], patch: Partial<SolanaConfirmRequest> = {}) =>
  ({
    method: 'signAndSendTransaction',
    address: wallet,
    cluster: { name: 'devnet', rpcUrl: 'https://api.devnet.solana.com' },
    analysis: { spender: wallet, fee: 5000n, instructions, hasFunds: true },
    ...patch,
  }) as SolanaConfirmRequest;

describe('solanaTransactionContent', () => {
  it('sums what the wallet sends and puts into new accounts; lists every instruction', () => {
    const content = solanaTransactionContent(
      request([
        {
          type: 'sol-transfer',
          program: system,
          fromAccount: wallet,
          toAccount: friend,
          lamports: 100_000_000n,
          withSeed: false,
        },
        {
          type: 'create-account',
          program: system,
          fromAccount: wallet,
          newAccount: friend,
          lamports: 2_039_280n,
          space: 165n,
          ownerProgram: system,
          withSeed: false,
        },
        { type: 'unknown', program: 'Prog111111111111111111111111111111111111111', discriminator: '0a0b' },
      ]),
    );
    expect(content).toEqual({
      kind: 'solana-transaction',
      amount: '0.10203928 SOL',
      network: 'Solana devnet',
      fee: '0.000005 SOL',
      instructions: [
        {
          type: 'sol-transfer',
          fields: [
            { name: 'program', value: system },
            { name: 'fromAccount', value: wallet },
            { name: 'toAccount', value: friend },
            { name: 'lamports', value: '0.1 SOL' },
          ],
        },
        expect.objectContaining({ type: 'create-account' }),
        {
          type: 'unknown',
          fields: [
            { name: 'program', value: 'Prog111111111111111111111111111111111111111' },
            { name: 'discriminator', value: '0a0b' },
          ],
        },
      ],
      insufficient: false,
      explorerUrl: 'https://explorer.solana.com/tx/{hash}?cluster=devnet',
      funding: null,
    });
  });

  it('leaves out what others send, says when the wallet cannot pay, and has no explorer on a local cluster', () => {
    const content = solanaTransactionContent(
      request(
        [
          {
            type: 'sol-transfer',
            program: system,
            fromAccount: friend,
            toAccount: wallet,
            lamports: 1n,
            withSeed: false,
          },
        ],
        { cluster: { name: 'localnet', rpcUrl: 'http://127.0.0.1:8899' } },
      ),
    );
    expect(content).toMatchObject({ amount: null, network: 'Solana localnet', explorerUrl: null });
    const short = solanaTransactionContent({
      ...request([]),
      analysis: { spender: wallet, fee: 5000n, instructions: [], hasFunds: false },
    });
    expect(short.insufficient).toBe(true);
  });
});

describe('instructionView', () => {
  it('shows token amounts in whole tokens when the decimals are known', () => {
    expect(
      instructionView({
        type: 'spl-transfer',
        program: 'Tokenkeg',
        source: 'a',
        destination: 'b',
        authority: wallet,
        amount: 1_500_000n,
        mint: 'mint',
        decimals: 6,
        checked: true,
      }).fields,
    ).toEqual([
      { name: 'program', value: 'Tokenkeg' },
      { name: 'source', value: 'a' },
      { name: 'destination', value: 'b' },
      { name: 'authority', value: wallet },
      { name: 'amount', value: '1.5' },
      { name: 'mint', value: 'mint' },
    ]);
  });
});

describe('solanaMessageContent', () => {
  it('shows the message as text', () => {
    expect(solanaMessageContent(new TextEncoder().encode('Sign in'))).toEqual({
      kind: 'message',
      text: 'Sign in',
      typedData: null,
    });
  });
});

describe('solanaFundingTarget', () => {
  let svm: SolanaRpc;
  beforeAll(async () => {
    svm = await startSolanaRpc();
  });
  afterAll(() => svm?.close());

  // A real address on the local SVM (litesvm behind the JSON-RPC shim), holding 0.001 SOL.
  const holder = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
  const transfer = (lamports: bigint): DecodedInstruction => ({
    type: 'sol-transfer',
    program: system,
    fromAccount: holder,
    toAccount: friend,
    lamports,
    withSeed: false,
  });
  const onSvm = (instructions: DecodedInstruction[]) =>
    request(instructions, {
      address: holder,
      cluster: { name: 'localnet', rpcUrl: svm.url },
      analysis: { spender: holder, fee: 5000n, instructions, hasFunds: false },
    });

  it('asks for the lamports missing for fee and transfer, on the network the wallet is on, with a live balance', async () => {
    svm.airdrop(holder, 1_000_000n);
    const target = await solanaFundingTarget(onSvm([transfer(3_000_000n)]));
    expect(target).toMatchObject({
      address: holder,
      network: 'Solana localnet',
      symbol: 'SOL',
      decimals: 9,
      amount: 3_000_000n + 5000n - 1_000_000n,
    });
    expect(await target!.balance()).toBe(1_000_000n);
    svm.airdrop(holder, 2_005_000n);
    expect(await target!.balance()).toBe(3_005_000n);
    // Now covered: nothing to ask for.
    expect(await solanaFundingTarget(onSvm([transfer(3_000_000n)]))).toBeNull();
  });

  it('asks for nothing when SOL is not what is missing (a token transfer beyond the token balance)', async () => {
    const token: DecodedInstruction = {
      type: 'spl-transfer',
      program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      source: 'a',
      destination: 'b',
      authority: holder,
      amount: 10n,
    } as DecodedInstruction;
    expect(await solanaFundingTarget(onSvm([token]))).toBeNull();
  });
});
