import {
  buildSignedTransaction,
  buildUnsignedTransaction,
  createLookupTable,
  fundedSigner,
  type SolanaRpc,
  sendWireTransaction,
  startSolanaRpc,
} from '@latchkey/test/chains';
import {
  address,
  generateKeyPairSigner,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatchkeyClientError } from '../../errors.ts';
import { encodeBase58 } from './base58.ts';
import { decodeSolanaTransaction } from './decode-instructions.ts';
import { createSolanaRpcClient, toBase64 } from './rpc.ts';
import {
  assertTransactionContainsPublicKey,
  parseSolanaTransaction,
  solanaTransactionMessageBytes,
  solanaTransactionSignature,
  transactionContainsPublicKey,
  withRecentBlockhash,
  withSignature,
} from './transaction.ts';

let solana: SolanaRpc;
beforeAll(async () => {
  solana = await startSolanaRpc();
});
afterAll(() => solana.close());

const someAddress = async () => (await generateKeyPairSigner()).address;
const transfer = (
  source: Parameters<typeof getTransferSolInstruction>[0]['source'],
  destination: string,
  amount: bigint,
) => getTransferSolInstruction({ source, destination: address(destination), amount: lamports(amount) });

function invalidRequest(action: () => unknown): LatchkeyClientError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(LatchkeyClientError);
    expect((error as LatchkeyClientError).message).toBe('Invalid transaction request');
    return error as LatchkeyClientError;
  }
  throw new Error('expected an invalid transaction request');
}

describe('parseSolanaTransaction', () => {
  it.each([
    ['legacy', 'legacy'],
    ['v0', 0],
  ] as const)('reads a %s transaction as @solana/kit wrote it', async (_label, version) => {
    const payer = await fundedSigner(solana);
    const recipient = await someAddress();
    const wire = await buildSignedTransaction(solana, payer, [transfer(payer, recipient, 1_000n)], {
      version,
    });

    const parsed = parseSolanaTransaction(wire);
    const kitTransaction = getTransactionDecoder().decode(wire);
    const kitMessage = getCompiledTransactionMessageDecoder().decode(kitTransaction.messageBytes);
    expect(parsed.version).toBe(version);
    expect(parsed.messageBytes).toEqual(new Uint8Array(kitTransaction.messageBytes));
    expect(parsed.staticAccounts).toEqual(kitMessage.staticAccounts);
    expect(parsed.recentBlockhash).toBe(solana.svm.latestBlockhash());
    expect(parsed.header).toEqual({
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 1,
    });
    expect(parsed.signatures.map((signature) => encodeBase58(signature))).toEqual(
      Object.values(kitTransaction.signatures).map((signature) => getBase58Decoder().decode(signature!)),
    );
    expect(parsed.instructions).toEqual([
      { programIndex: 2, accountIndexes: [0, 1], data: expect.any(Uint8Array) },
    ]);
    expect(parsed.addressTableLookups).toEqual([]);
    expect(solanaTransactionSignature(wire)).toBe(encodeBase58(parsed.signatures[0]!));
  });

  it('reads the address table lookups of a v0 transaction', async () => {
    const payer = await fundedSigner(solana);
    const recipients = [await someAddress(), await someAddress()];
    const table = await createLookupTable(
      solana,
      recipients.map((entry) => address(entry)),
    );
    const wire = await buildSignedTransaction(
      solana,
      payer,
      recipients.map((recipient) => transfer(payer, recipient, 1_000_000n)),
      { lookupTables: { [table]: recipients.map((entry) => address(entry)) } },
    );
    const parsed = parseSolanaTransaction(wire);
    expect(parsed.staticAccounts).toEqual([payer.address, '11111111111111111111111111111111']);
    expect(parsed.addressTableLookups).toHaveLength(1);
    expect(parsed.addressTableLookups[0]!.table).toBe(table);
    expect([...parsed.addressTableLookups[0]!.writableIndexes].sort()).toEqual([0, 1]);
  });

  it('refuses what a validator would not accept, as an invalid transaction request', async () => {
    const payer = await fundedSigner(solana);
    const wire = await buildSignedTransaction(solana, payer, [transfer(payer, await someAddress(), 1n)]);
    expect(invalidRequest(() => parseSolanaTransaction(wire.subarray(0, wire.length - 3))).details).toBe(
      'the transaction ends early',
    );
    expect(invalidRequest(() => parseSolanaTransaction(Uint8Array.from([...wire, 0]))).details).toBe(
      'unexpected bytes after the message',
    );
    // Two signature slots for a message that needs one.
    const extraSlot = Uint8Array.from([2, ...new Uint8Array(64), ...wire.subarray(1)]);
    expect(invalidRequest(() => parseSolanaTransaction(extraSlot)).details).toBe(
      '2 signatures for 1 required signers',
    );
    // A v1 message (0x81 prefix) is not one the wallet can read.
    const v1 = wire.slice();
    v1[65] = 0x81;
    expect(invalidRequest(() => parseSolanaTransaction(v1)).details).toBe(
      'transaction version 1 is not supported',
    );
    invalidRequest(() => parseSolanaTransaction('AQID' as unknown as Uint8Array));
    invalidRequest(() => parseSolanaTransaction(new Uint8Array()));
  });
});

describe('hostile bytes', () => {
  it('answers every truncation, bit flip and random blob with an invalid request or a parse, never a crash', async () => {
    const payer = await fundedSigner(solana);
    const wire = await buildSignedTransaction(solana, payer, [transfer(payer, await someAddress(), 1n)], {
      version: 0,
    });
    const candidates: Uint8Array[] = [];
    for (let length = 0; length < wire.length; length += 1) candidates.push(wire.subarray(0, length));
    for (let index = 0; index < wire.length; index += 1) {
      const flipped = wire.slice();
      flipped[index] = flipped[index]! ^ 0xff;
      candidates.push(flipped);
    }
    for (let round = 0; round < 200; round += 1)
      candidates.push(crypto.getRandomValues(new Uint8Array(1 + Math.floor(Math.random() * 300))));
    for (const candidate of candidates) {
      try {
        decodeSolanaTransaction(candidate, {});
      } catch (error) {
        expect(error).toBeInstanceOf(LatchkeyClientError);
        expect((error as LatchkeyClientError).code).toBe('invalid_input');
      }
    }
  });
});

describe('signing in place', () => {
  it('signs the message bytes and places the signature at the signer: the transaction lands', async () => {
    const wallet = await generateKeyPairSigner();
    solana.airdrop(wallet.address, 2_000_000_000n);
    const recipient = await someAddress();
    const unsigned = buildUnsignedTransaction(solana, wallet.address, [
      transfer(wallet, recipient, 700_000_000n),
    ]);
    expect(solanaTransactionSignature(unsigned)).toBeNull();

    // The frame's signMessage is a plain ed25519 signature over these bytes (WIRE §6).
    const message = solanaTransactionMessageBytes(unsigned);
    const signature = await signBytes(wallet.keyPair.privateKey, message);
    const signed = withSignature(unsigned, wallet.address, signature);
    expect(signed).not.toBe(unsigned);
    expect(solanaTransactionMessageBytes(signed)).toEqual(message);

    const id = await sendWireTransaction(solana, signed);
    expect(id).toBe(encodeBase58(signature));
    expect(solana.balance(recipient)).toBe(700_000_000n);
  });

  it('fills the right slot when the wallet is the second of two signers', async () => {
    const feePayer = await fundedSigner(solana);
    const wallet = await generateKeyPairSigner();
    solana.airdrop(wallet.address, 1_000_000_000n);
    const recipient = await someAddress();
    // The dapp pays the fee and signs first; the embedded wallet's transfer needs its signature too.
    const unsigned = buildUnsignedTransaction(solana, feePayer.address, [
      transfer(wallet, recipient, 300_000_000n),
    ]);
    const kitTransaction = getTransactionDecoder().decode(unsigned);
    const partly = await partiallySignTransaction([feePayer.keyPair], kitTransaction);
    const dappSigned = new Uint8Array(getTransactionEncoder().encode(partly));
    expect(parseSolanaTransaction(dappSigned).staticAccounts.slice(0, 2)).toEqual([
      feePayer.address,
      wallet.address,
    ]);

    const signature = await signBytes(wallet.keyPair.privateKey, solanaTransactionMessageBytes(dappSigned));
    const signed = withSignature(dappSigned, wallet.address, signature);
    expect(parseSolanaTransaction(signed).signatures[1]).toEqual(new Uint8Array(signature));
    expect(parseSolanaTransaction(signed).signatures[0]).toEqual(
      parseSolanaTransaction(dappSigned).signatures[0],
    );
    await sendWireTransaction(solana, signed);
    expect(solana.balance(recipient)).toBe(300_000_000n);
  });

  it("refuses a transaction without the wallet's public key: 'Transaction does not contain public key'", async () => {
    const payer = await fundedSigner(solana);
    const recipient = await someAddress();
    const stranger = await someAddress();
    const unsigned = buildUnsignedTransaction(solana, payer.address, [transfer(payer, recipient, 1n)]);

    expect(transactionContainsPublicKey(unsigned, payer.address)).toBe(true);
    expect(transactionContainsPublicKey(unsigned, recipient)).toBe(true);
    expect(transactionContainsPublicKey(unsigned, stranger)).toBe(false);
    expect(() => assertTransactionContainsPublicKey(unsigned, payer.address)).not.toThrow();
    expect(() => assertTransactionContainsPublicKey(unsigned, stranger)).toThrow(
      `Transaction does not contain public key ${stranger}`,
    );
    const signature = new Uint8Array(64).fill(7);
    expect(() => withSignature(unsigned, stranger, signature)).toThrow(
      `Transaction does not contain public key ${stranger}`,
    );
    // Present, but not among the signers.
    expect(() => withSignature(unsigned, recipient, signature)).toThrow(/as a signer$/);
    expect(() => withSignature(unsigned, payer.address, new Uint8Array(32))).toThrow(
      'A Solana signature is 64 bytes',
    );
  });

  it('moves a transaction to a fresh blockhash, clearing signatures that no longer hold', async () => {
    const wallet = await generateKeyPairSigner();
    solana.airdrop(wallet.address, 1_000_000_000n);
    const recipient = await someAddress();
    const stale = await buildSignedTransaction(solana, wallet, [transfer(wallet, recipient, 5_000_000n)]);
    solana.svm.expireBlockhash();
    const rpc = createSolanaRpcClient({ url: solana.url });
    await expect(rpc.request('sendTransaction', [toBase64(stale), { encoding: 'base64' }])).rejects.toThrow(
      'Transaction simulation failed: Blockhash not found',
    );

    const fresh = withRecentBlockhash(stale, solana.svm.latestBlockhash());
    expect(parseSolanaTransaction(fresh).recentBlockhash).toBe(solana.svm.latestBlockhash());
    expect(solanaTransactionSignature(fresh)).toBeNull();
    expect(parseSolanaTransaction(fresh).instructions).toEqual(parseSolanaTransaction(stale).instructions);

    const signature = await signBytes(wallet.keyPair.privateKey, solanaTransactionMessageBytes(fresh));
    await sendWireTransaction(solana, withSignature(fresh, wallet.address, signature));
    expect(solana.balance(recipient)).toBe(5_000_000n);
  });
});
