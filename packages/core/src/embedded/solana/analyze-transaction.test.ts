import {
  associatedTokenAccount,
  buildSignedTransaction,
  buildUnsignedTransaction,
  createLookupTable,
  createTestMint,
  fundedSigner,
  fundTokenAccount,
  type SolanaRpc,
  startSolanaRpc,
} from '@latchkey/test/chains';
import { generateKeyPairSigner, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getTransferInstruction } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatchkeyClientError } from '../../errors.ts';
import { analyzeSolanaTransaction } from './analyze-transaction.ts';
import { insufficientFundsLogLine } from './funds.ts';
import { createSolanaRpcClient, type SolanaRpcClient, SolanaRpcError, toBase64 } from './rpc.ts';
import { simulateSolanaTransaction } from './simulate.ts';

let solana: SolanaRpc;
let rpc: SolanaRpcClient;
beforeAll(async () => {
  solana = await startSolanaRpc();
  rpc = createSolanaRpcClient({ url: solana.url });
});
afterAll(() => solana.close());

const newAddress = async () => (await generateKeyPairSigner()).address;

/** An unsigned transfer from a wallet holding `balance`, as a dapp hands it to the wallet. */
async function walletTransfer(balance: bigint | null, amount: bigint) {
  const wallet = await generateKeyPairSigner();
  if (balance !== null) solana.airdrop(wallet.address, balance);
  const recipient = await newAddress();
  const wire = buildUnsignedTransaction(solana, wallet.address, [
    getTransferSolInstruction({ source: wallet, destination: recipient, amount: lamports(amount) }),
  ]);
  return { wallet, recipient, wire };
}

describe('analyzeSolanaTransaction', () => {
  it('gives spender, fee, instructions and hasFunds for an affordable transfer', async () => {
    const { wallet, recipient, wire } = await walletTransfer(1_000_000_000n, 400_000_000n);
    expect(await analyzeSolanaTransaction({ rpc, transaction: wire, checkFunds: true })).toEqual({
      spender: wallet.address,
      fee: 5000n,
      instructions: [
        {
          type: 'sol-transfer',
          program: '11111111111111111111111111111111',
          fromAccount: wallet.address,
          toAccount: recipient,
          lamports: 400_000_000n,
          withSeed: false,
        },
      ],
      hasFunds: true,
    });
  });

  it('finds the wallet short from the simulation, unless funds are not checked (sign-only)', async () => {
    const { wire } = await walletTransfer(1_000_000_000n, 3_000_000_000n);
    expect((await analyzeSolanaTransaction({ rpc, transaction: wire, checkFunds: true })).hasFunds).toBe(
      false,
    );
    expect((await analyzeSolanaTransaction({ rpc, transaction: wire, checkFunds: false })).hasFunds).toBe(
      true,
    );
  });

  it('finds a wallet that never received lamports short: the runtime cannot charge its fee', async () => {
    const { wire } = await walletTransfer(null, 1n);
    expect((await analyzeSolanaTransaction({ rpc, transaction: wire, checkFunds: true })).hasFunds).toBe(
      false,
    );
  });

  it('still quotes the fee and checks funds when the blockhash has expired', async () => {
    const affordable = await walletTransfer(1_000_000_000n, 1_000n);
    const short = await walletTransfer(1_000_000_000n, 2_000_000_000n);
    solana.svm.expireBlockhash();
    const rich = await analyzeSolanaTransaction({ rpc, transaction: affordable.wire, checkFunds: true });
    expect(rich).toMatchObject({ fee: 5000n, hasFunds: true });
    const poor = await analyzeSolanaTransaction({ rpc, transaction: short.wire, checkFunds: true });
    expect(poor).toMatchObject({ fee: 5000n, hasFunds: false });
  });

  it('reads the mint, receiver and decimals of a token transfer from the chain', async () => {
    const authority = await fundedSigner(solana);
    const holder = await fundedSigner(solana);
    const receiver = await newAddress();
    const mint = await createTestMint(solana, authority, 6);
    const source = await fundTokenAccount(solana, authority, mint, holder.address, 5_000_000n);
    const destination = await fundTokenAccount(solana, authority, mint, receiver, 0n);
    const wire = await buildSignedTransaction(solana, holder, [
      getTransferInstruction({ source, destination, authority: holder, amount: 1_500_000n }),
    ]);
    const { instructions } = await analyzeSolanaTransaction({ rpc, transaction: wire, checkFunds: true });
    expect(instructions).toEqual([
      {
        type: 'spl-transfer',
        program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        source,
        destination,
        authority: holder.address,
        amount: 1_500_000n,
        mint,
        decimals: 6,
        destinationOwner: receiver,
        checked: false,
      },
    ]);
    expect(destination).toBe(await associatedTokenAccount(receiver, mint));
  });

  it('loads address lookup tables from the chain for a v0 transaction', async () => {
    const payer = await fundedSigner(solana);
    const recipients = [await newAddress(), await newAddress()];
    const table = await createLookupTable(solana, recipients);
    const wire = await buildSignedTransaction(
      solana,
      payer,
      recipients.map((destination) =>
        getTransferSolInstruction({ source: payer, destination, amount: lamports(1_000_000n) }),
      ),
      { lookupTables: { [table]: recipients } },
    );
    const analysis = await analyzeSolanaTransaction({ rpc, transaction: wire, checkFunds: true });
    expect(
      analysis.instructions.map((entry) => (entry.type === 'sol-transfer' ? entry.toAccount : null)),
    ).toEqual(recipients);
    expect(analysis.hasFunds).toBe(true);

    const missing = await buildSignedTransaction(
      solana,
      payer,
      [getTransferSolInstruction({ source: payer, destination: recipients[0]!, amount: lamports(1n) })],
      { lookupTables: { [await newAddress()]: [recipients[0]!] } },
    );
    await expect(analyzeSolanaTransaction({ rpc, transaction: missing, checkFunds: false })).rejects.toThrow(
      'Invalid transaction request',
    );
  });
});

describe('simulateSolanaTransaction', () => {
  it("retries once with a replaced blockhash, then fails with 'Simulation failed: Blockhash not found'", async () => {
    const { wire } = await walletTransfer(1_000_000_000n, 1n);
    const calls: unknown[] = [];
    // A node that has lost every blockhash: the one failure the real SVM cannot produce on demand.
    const forgetful: SolanaRpcClient = {
      async request<T>(method: string, params: unknown[]) {
        calls.push(params[1]);
        expect(method).toBe('simulateTransaction');
        return { value: { err: 'BlockhashNotFound', logs: [] } } as T;
      },
    };
    await expect(simulateSolanaTransaction(forgetful, wire)).rejects.toThrow(
      new LatchkeyClientError('transaction_failure', 'Simulation failed: Blockhash not found'),
    );
    expect(calls).toEqual([
      expect.objectContaining({ sigVerify: false, replaceRecentBlockhash: false }),
      expect.objectContaining({ sigVerify: false, replaceRecentBlockhash: true }),
    ]);
  });

  it('reports the logs and error of a failing simulation', async () => {
    const { wire } = await walletTransfer(1_000_000_000n, 2_000_000_000n);
    const simulation = await simulateSolanaTransaction(rpc, wire);
    expect(simulation).toMatchObject({
      hasError: true,
      hasFunds: false,
      err: { InstructionError: [0, { Custom: 1 }] },
    });
    expect(insufficientFundsLogLine(simulation.logs)).toBe(
      'Transfer: insufficient lamports 999995000, need 2000000000',
    );
  });
});

describe('createSolanaRpcClient', () => {
  it('carries the logs of a refused transaction, for the error screen to pick the funds line', async () => {
    const wallet = await fundedSigner(solana, 1_000_000n);
    const wire = await buildSignedTransaction(solana, wallet, [
      getTransferSolInstruction({
        source: wallet,
        destination: await newAddress(),
        amount: lamports(9_000_000n),
      }),
    ]);
    const error = await rpc
      .request('sendTransaction', [toBase64(wire), { encoding: 'base64' }])
      .catch((e) => e);
    expect(error).toBeInstanceOf(SolanaRpcError);
    expect(error).toMatchObject({ rpcCode: -32002, code: 'transaction_failure' });
    expect(insufficientFundsLogLine((error as SolanaRpcError).logs)).toBe(
      'Transfer: insufficient lamports 995000, need 9000000',
    );
  });

  it('reports an unreachable node as a network error', async () => {
    const dead = createSolanaRpcClient({ url: 'http://127.0.0.1:1' });
    await expect(dead.request('getSlot', [])).rejects.toMatchObject({ code: 'network_error' });
  });
});
