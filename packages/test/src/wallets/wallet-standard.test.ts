import { address, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SolanaRpc, startSolanaRpc } from '../chains/solana-rpc.ts';
import { buildUnsignedTransaction, sendWireTransaction } from '../chains/solana-transactions.ts';
import { createSolanaWallet, handleSolanaFeature } from './wallet-standard.ts';

let solana: SolanaRpc;
beforeAll(async () => {
  solana = await startSolanaRpc();
});
afterAll(() => solana.close());

const recipient = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

function transferFrom(from: string, amount: bigint, version: 'legacy' | 0) {
  const source = { address: address(from), signTransaction: async () => [] } as unknown as Parameters<
    typeof getTransferSolInstruction
  >[0]['source'];
  const instruction = getTransferSolInstruction({
    source,
    destination: address(recipient),
    amount: lamports(amount),
  });
  return buildUnsignedTransaction(solana, address(from), [instruction], { version });
}

describe('the test Solana wallet signs transactions (solana:signTransaction)', () => {
  it.each(['legacy', 0] as const)('signs a %s transfer that lands on the SVM', async (version) => {
    const wallet = createSolanaWallet({}, 0);
    solana.airdrop(wallet.address, 1_000_000_000n);
    await handleSolanaFeature(wallet, 'standard:connect', null);
    const unsigned = transferFrom(wallet.address, 2_000_000n, version);
    const answer = await handleSolanaFeature(wallet, 'solana:signTransaction', {
      address: wallet.address,
      transaction: Array.from(unsigned),
    });
    const signed = Uint8Array.from(answer.result as number[]);
    expect(signed.length).toBe(unsigned.length);
    expect(wallet.signedTransactions).toEqual([signed]);
    expect(wallet.calls).toEqual(['standard:connect', 'solana:signTransaction']);
    const before = solana.balance(recipient);
    await sendWireTransaction(solana, signed);
    expect(solana.balance(recipient)).toBe(before + 2_000_000n);
  });

  it('refuses when not connected, when rejected (4001), and bytes that are no transaction', async () => {
    const wallet = createSolanaWallet({}, 1);
    const unsigned = transferFrom(wallet.address, 1n, 'legacy');
    const sign = (transaction: Uint8Array) =>
      handleSolanaFeature(wallet, 'solana:signTransaction', {
        address: wallet.address,
        transaction: Array.from(transaction),
      });
    expect((await sign(unsigned)).error?.code).toBe(4100);
    await handleSolanaFeature(wallet, 'standard:connect', null);
    wallet.rejectSignatures(1);
    expect((await sign(unsigned)).error).toEqual({ code: 4001, message: 'User rejected the request.' });
    expect((await sign(Uint8Array.of(1, 0))).error?.message).toBe('The transaction ends early');
    const other = createSolanaWallet({}, 2);
    expect((await sign(transferFrom(other.address, 1n, 'legacy'))).error?.message).toBe(
      'This wallet is not a signer of the transaction',
    );
    expect(wallet.signedTransactions).toEqual([]);
  });
});
