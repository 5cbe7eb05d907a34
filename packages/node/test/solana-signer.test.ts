/**
 * The Solana signer's own wire handling, without a server: the transactions it sends are what
 * @solana/kit's encoder writes (empty slots zeroed, the signer in any slot), and an answer that is
 * not over the message it sent (another transaction, a truncated one) is refused rather than trusted.
 */
import type { Wallets } from '@latchkey/node';
import { toSolanaSigner, wireTransaction } from '@latchkey/node/solana';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { describe, expect, it } from 'vitest';

const recent = {
  blockhash: blockhash('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY'),
  lastValidBlockHeight: 0n,
};

/** A fake server wallet: `signTransaction` answers what `answer` makes of the wire bytes it got. */
function fakeWallets(answer: (wire: Uint8Array) => Uint8Array): { wallets: Wallets } {
  const solana = {
    async signTransaction(_walletId: string, transaction: Uint8Array | string) {
      const wire = typeof transaction === 'string' ? Buffer.from(transaction, 'base64') : transaction;
      return {
        signed_transaction: Buffer.from(answer(new Uint8Array(wire))).toString('base64'),
        encoding: 'base64',
      };
    },
  };
  return { wallets: { solana } as unknown as Wallets };
}

async function twoSignerTransaction() {
  const [payer, server] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(recent, m),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: server, destination: payer.address, amount: 1n })],
        m,
      ),
  );
  return { payer, server, transaction: compileTransaction(message) };
}

describe('the Solana signer', () => {
  it('writes the wire format as @solana/kit does, unsigned and partly signed', async () => {
    const { payer, transaction } = await twoSignerTransaction();
    expect(wireTransaction(transaction)).toEqual(new Uint8Array(getTransactionEncoder().encode(transaction)));
    const partly = await partiallySignTransaction([payer.keyPair], transaction);
    expect(wireTransaction(partly)).toEqual(new Uint8Array(getTransactionEncoder().encode(partly)));
  });

  it('takes its own slot’s signature from the answer, and refuses an answer over another message', async () => {
    const { server, transaction } = await twoSignerTransaction();
    const seed = ed25519.utils.randomSecretKey();
    const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), seed);
    // The server's answer: the signature put in slot 1 (the server signer's), the rest as sent.
    const honest = fakeWallets((wire) => {
      const signed = wire.slice();
      signed.set(signature, 1 + 64);
      return signed;
    });
    const signer = toSolanaSigner(honest, { walletId: 'w', address: server.address });
    const [dictionary] = await signer.signTransactions([transaction as Transaction as never]);
    expect(dictionary![server.address]).toEqual(signature);

    const other = await twoSignerTransaction();
    const swapped = fakeWallets(() => wireTransaction(other.transaction));
    await expect(
      toSolanaSigner(swapped, { walletId: 'w', address: server.address }).signTransactions([
        transaction as never,
      ]),
    ).rejects.toThrow(/another transaction/);
    const truncated = fakeWallets((wire) => wire.subarray(0, 10));
    await expect(
      toSolanaSigner(truncated, { walletId: 'w', address: server.address }).signTransactions([
        transaction as never,
      ]),
    ).rejects.toThrow(/another transaction/);
    const stranger = toSolanaSigner(honest, {
      walletId: 'w',
      address: address('11111111111111111111111111111111'),
    });
    await expect(stranger.signTransactions([transaction as never])).rejects.toThrow(/not a signer/);
  });
});
