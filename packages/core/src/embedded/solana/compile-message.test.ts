import {
  createLookupTable,
  createTestMint,
  fundedSigner,
  fundTokenAccount,
  type SolanaRpc,
  startSolanaRpc,
} from '@latchkey/test/chains';
import {
  address,
  generateKeyPairSigner,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type KeyPairSigner,
  signBytes,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactU16, compileSolanaMessage, unsignedSolanaTransaction } from './compile-message.ts';
import { associatedTokenAddress } from './program-address.ts';
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from './programs.ts';
import { createSolanaRpcClient } from './rpc.ts';
import { sendSolanaTransaction } from './send-transaction.ts';
import { solanaTransactionMessageBytes, withSignature } from './transaction.ts';
import {
  createAssociatedTokenIdempotentInstruction,
  systemTransferInstruction,
  transferCheckedInstruction,
} from './transfer-instructions.ts';

let solana: SolanaRpc;
beforeAll(async () => {
  solana = await startSolanaRpc();
});
afterAll(() => solana.close());

/** Signs the unsigned wire as the paying wallet would, and sends it through our client. */
async function signAndSend(payer: KeyPairSigner, wire: Uint8Array): Promise<string> {
  const signature = await signBytes(payer.keyPair.privateKey, solanaTransactionMessageBytes(wire));
  const signed = withSignature(wire, payer.address, new Uint8Array(signature));
  return sendSolanaTransaction({ rpc: createSolanaRpcClient({ url: solana.url }), wire: signed, pollMs: 10 });
}

describe('compiling and sending a transfer', () => {
  it('encodes compact-u16 as Solana does', () => {
    expect([0, 127, 128, 16383, 16384, 65535].map(compactU16)).toEqual([
      [0],
      [127],
      [0x80, 1],
      [0xff, 0x7f],
      [0x80, 0x80, 1],
      [0xff, 0xff, 3],
    ]);
    expect(() => compactU16(65536)).toThrow('Invalid transaction request');
  });

  it.each(['legacy', 0] as const)('a %s SOL transfer decodes with kit and lands', async (version) => {
    const payer = await fundedSigner(solana);
    const recipient = (await generateKeyPairSigner()).address;
    const message = compileSolanaMessage({
      payer: payer.address,
      recentBlockhash: solana.svm.latestBlockhash(),
      instructions: [systemTransferInstruction(payer.address, recipient, 5_000_000n)],
      version,
    });
    const wire = unsignedSolanaTransaction(message);
    const decoded = getCompiledTransactionMessageDecoder().decode(
      getTransactionDecoder().decode(wire).messageBytes,
    );
    expect(decoded.version).toBe(version);
    expect(decoded.header).toEqual({
      numSignerAccounts: 1,
      numReadonlySignerAccounts: 0,
      numReadonlyNonSignerAccounts: 1,
    });
    expect(decoded.staticAccounts).toEqual([payer.address, recipient, SYSTEM_PROGRAM]);
    expect('instructions' in decoded && decoded.instructions).toEqual([
      { programAddressIndex: 2, accountIndices: [0, 1], data: expect.anything() },
    ]);
    await signAndSend(payer, wire);
    expect(solana.balance(recipient)).toBe(5_000_000n);
  });

  it("a USDC-like transfer creates the recipient's token account (idempotently) and lands", async () => {
    const authority = await fundedSigner(solana);
    const mint = await createTestMint(solana, authority, 6);
    const payer = await fundedSigner(solana);
    const source = await fundTokenAccount(solana, authority, mint, payer.address, 10_000_000n);
    const owner = (await generateKeyPairSigner()).address;
    const destination = associatedTokenAddress(owner, mint);
    const transfer = (amount: bigint) =>
      unsignedSolanaTransaction(
        compileSolanaMessage({
          payer: payer.address,
          recentBlockhash: solana.svm.latestBlockhash(),
          instructions: [
            createAssociatedTokenIdempotentInstruction({
              payer: payer.address,
              ata: destination,
              owner,
              mint,
            }),
            transferCheckedInstruction({
              source,
              mint,
              destination,
              owner: payer.address,
              amount,
              decimals: 6,
            }),
          ],
        }),
      );
    const first = transfer(2_500_000n);
    const decoded = getCompiledTransactionMessageDecoder().decode(
      getTransactionDecoder().decode(first).messageBytes,
    );
    // Writable signer, writable non-signers, read-only non-signers (programs among them).
    expect(decoded.staticAccounts.slice(0, 3)).toEqual([payer.address, destination, source]);
    expect(decoded.header.numReadonlyNonSignerAccounts).toBe(5);
    expect(decoded.staticAccounts).toContain(TOKEN_PROGRAM);
    await signAndSend(payer, first);
    solana.svm.expireBlockhash();
    await signAndSend(payer, transfer(1_000_000n)); // the account exists now: created again idempotently
    const rpc = createSolanaRpcClient({ url: solana.url });
    const balance = await rpc.request<{ value: { amount: string } }>('getTokenAccountBalance', [destination]);
    expect(balance.value.amount).toBe('3500000');
    expect(address(destination)).toBe(destination);
  });

  it('loads non-signer accounts through address lookup tables (v0), and the transaction lands', async () => {
    const payer = await fundedSigner(solana);
    const recipients = [(await generateKeyPairSigner()).address, (await generateKeyPairSigner()).address];
    const held = [SYSTEM_PROGRAM, recipients[1]!, recipients[0]!];
    const table = await createLookupTable(
      solana,
      held.map((entry) => address(entry)),
    );
    const unused = (await generateKeyPairSigner()).address;
    const compile = (version: 'legacy' | 0) =>
      compileSolanaMessage({
        payer: payer.address,
        recentBlockhash: solana.svm.latestBlockhash(),
        instructions: recipients.map((to) => systemTransferInstruction(payer.address, to, 3_000_000n)),
        version,
        lookupTables: [
          { address: unused, addresses: [] },
          { address: table, addresses: held },
        ],
      });
    expect(() => compile('legacy')).toThrow('Invalid transaction request');
    const wire = unsignedSolanaTransaction(compile(0));
    const decoded = getCompiledTransactionMessageDecoder().decode(
      getTransactionDecoder().decode(wire).messageBytes,
    );
    // The invoked program stays static; the recipients load from the table (the unused one left out).
    expect(decoded.staticAccounts).toEqual([payer.address, SYSTEM_PROGRAM]);
    expect('addressTableLookups' in decoded && decoded.addressTableLookups).toEqual([
      { lookupTableAddress: table, writableIndexes: [2, 1], readonlyIndexes: [] },
    ]);
    await signAndSend(payer, wire);
    expect(recipients.map((to) => solana.balance(to))).toEqual([3_000_000n, 3_000_000n]);
  });

  it('refuses an address that is not base58 of 32 bytes, and reports a failed transaction', async () => {
    expect(() =>
      compileSolanaMessage({
        payer: 'not-an-address',
        recentBlockhash: solana.svm.latestBlockhash(),
        instructions: [],
      }),
    ).toThrow('Invalid transaction request');
    const payer = await fundedSigner(solana, 10_000_000n);
    const wire = unsignedSolanaTransaction(
      compileSolanaMessage({
        payer: payer.address,
        recentBlockhash: solana.svm.latestBlockhash(),
        instructions: [systemTransferInstruction(payer.address, SYSTEM_PROGRAM, 20_000_000n)],
      }),
    );
    await expect(signAndSend(payer, wire)).rejects.toThrow();
  });
});
