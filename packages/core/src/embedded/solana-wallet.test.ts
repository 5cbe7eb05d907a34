import { buildUnsignedTransaction, type SolanaRpc, startSolanaRpc } from '@latchkey/test/chains';
import { ed25519 } from '@noble/curves/ed25519.js';
import { address, createNoopSigner, generateKeyPairSigner, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatchkeyClientError } from '../errors.ts';
import { ProviderRpcError } from './errors.ts';
import { decodeBase58, encodeBase58 } from './solana/base58.ts';
import { createSolanaRpcClient } from './solana/rpc.ts';
import { solanaTransactionMessageBytes } from './solana/transaction.ts';
import {
  createEmbeddedSolanaWallet,
  defaultSolanaCluster,
  type SolanaConfirmRequest,
  solanaCluster,
  waitForSolanaSignature,
} from './solana-wallet.ts';

let solana: SolanaRpc;
beforeAll(async () => {
  solana = await startSolanaRpc();
});
afterAll(() => solana.close());

/** A key standing in for the wallet frame: signs what it is given, and counts the signatures. */
function frameKey() {
  const secret = ed25519.utils.randomSecretKey();
  const address = encodeBase58(ed25519.getPublicKey(secret));
  const signed: Uint8Array[] = [];
  return {
    address,
    signed,
    sign: async (message: Uint8Array) => {
      signed.push(message);
      return ed25519.sign(message, secret);
    },
  };
}

const cluster = () => ({ name: 'localnet', rpcUrl: solana.url });

/** An unsigned SOL transfer from `from` (fee payer) to a fresh address. */
async function transfer(from: string, amount: bigint) {
  const to = (await generateKeyPairSigner()).address;
  const wire = buildUnsignedTransaction(solana, address(from), [
    getTransferSolInstruction({
      source: createNoopSigner(address(from)),
      destination: to,
      amount: lamports(amount),
    }),
  ]);
  return { to, wire };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('createEmbeddedSolanaWallet', () => {
  it('signs and sends a transfer that lands, after the confirm hook saw its decoded instruction', async () => {
    const key = frameKey();
    solana.airdrop(key.address, 2_000_000_000n);
    const seen: SolanaConfirmRequest[] = [];
    const wallet = createEmbeddedSolanaWallet({
      address: key.address,
      sign: key.sign,
      clusters: [cluster()],
      confirm: async (request) => {
        seen.push(request);
      },
    });
    const { to, wire } = await transfer(key.address, 250_000_000n);
    const { signature, signedTransaction } = await wallet.signAndSendTransaction(wire);

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'signAndSendTransaction',
      address: key.address,
      cluster: cluster(),
      transaction: wire,
      analysis: {
        spender: key.address,
        fee: 5000n,
        hasFunds: true,
        instructions: [
          { type: 'sol-transfer', fromAccount: key.address, toAccount: to, lamports: 250_000_000n },
        ],
      },
    });
    // The frame signed the message bytes, nothing else.
    expect(key.signed).toEqual([solanaTransactionMessageBytes(wire)]);
    expect(signature).toBe(encodeBase58(signedTransaction.slice(1, 65)));
    await waitForSolanaSignature({ rpc: createSolanaRpcClient({ url: solana.url }), signature });
    expect(solana.balance(to)).toBe(250_000_000n);
    expect(solana.balance(key.address)).toBe(2_000_000_000n - 250_000_000n - 5000n);
  });

  it('signs a transaction without sending it, and without checking funds', async () => {
    const key = frameKey();
    const seen: SolanaConfirmRequest[] = [];
    const wallet = createEmbeddedSolanaWallet({
      address: key.address,
      sign: key.sign,
      clusters: [cluster()],
      confirm: async (request) => {
        seen.push(request);
      },
    });
    // The wallet holds nothing: signing is still allowed.
    const { wire } = await transfer(key.address, 1_000n);
    const signed = await wallet.signTransaction(wire);
    expect(seen[0]).toMatchObject({ method: 'signTransaction', analysis: { hasFunds: true } });
    // One signer: the slot follows the 1-byte count, and the message is unchanged.
    const signature = signed.slice(1, 65);
    expect(ed25519.verify(signature, solanaTransactionMessageBytes(wire), decodeBase58(key.address))).toBe(
      true,
    );
    expect(signed.slice(65)).toEqual(wire.slice(65));
  });

  it("refuses a transaction without the wallet's public key before anything is signed", async () => {
    const key = frameKey();
    const other = frameKey();
    const wallet = createEmbeddedSolanaWallet({
      address: key.address,
      sign: key.sign,
      clusters: [cluster()],
    });
    const { wire } = await transfer(other.address, 1_000n);
    const error = await failure(wallet.signTransaction(wire));
    expect(error).toBeInstanceOf(LatchkeyClientError);
    expect(error.message).toBe(`Transaction does not contain public key ${key.address}`);
    expect(key.signed).toHaveLength(0);
  });

  it('refuses a send the wallet cannot pay for with the insufficient-funds error', async () => {
    const key = frameKey();
    solana.airdrop(key.address, 1_000_000n);
    const wallet = createEmbeddedSolanaWallet({
      address: key.address,
      sign: key.sign,
      clusters: [cluster()],
    });
    const { to, wire } = await transfer(key.address, 5_000_000n);
    const error = await failure(wallet.signAndSendTransaction(wire));
    expect(error).toBeInstanceOf(LatchkeyClientError);
    expect((error as LatchkeyClientError).code).toBe('insufficient_balance');
    expect(error.message).toBe('Solana wallet has insufficient funds for this transaction.');
    expect(key.signed).toHaveLength(0);
    expect(solana.balance(to)).toBe(0n);
  });

  it('turns a screen closed for want of funds into the insufficient-funds error, not a refusal', async () => {
    const key = frameKey();
    const seen: SolanaConfirmRequest[] = [];
    const wallet = createEmbeddedSolanaWallet({
      address: key.address,
      sign: key.sign,
      clusters: [cluster()],
      confirm: async (request) => {
        seen.push(request);
        throw new Error('closed');
      },
    });
    const { wire } = await transfer(key.address, 5_000_000n);
    const error = await failure(wallet.signAndSendTransaction(wire));
    expect(seen[0]?.analysis?.hasFunds).toBe(false);
    expect(error.message).toBe('Solana wallet has insufficient funds for this transaction.');
  });

  it("rejects with 4001 'The user rejected the request.' when the hook refuses", async () => {
    const key = frameKey();
    solana.airdrop(key.address, 1_000_000_000n);
    const wallet = createEmbeddedSolanaWallet({
      address: key.address,
      sign: key.sign,
      clusters: [cluster()],
      confirm: async () => {
        throw new Error('Not now');
      },
    });
    const { wire } = await transfer(key.address, 1_000n);
    for (const attempt of [
      () => wallet.signAndSendTransaction(wire),
      () => wallet.signTransaction(wire),
      () => wallet.signMessage(new TextEncoder().encode('hello')),
    ]) {
      const error = await failure(attempt());
      expect(error).toBeInstanceOf(ProviderRpcError);
      expect((error as ProviderRpcError).code).toBe(4001);
      expect(error.message).toBe('The user rejected the request.');
    }
    expect(key.signed).toHaveLength(0);
  });

  it('signs messages after the hook, and a per-call null hook skips it', async () => {
    const key = frameKey();
    const seen: SolanaConfirmRequest[] = [];
    const wallet = createEmbeddedSolanaWallet({
      address: key.address,
      sign: key.sign,
      confirm: async (request) => {
        seen.push(request);
      },
    });
    const message = new TextEncoder().encode('Hello from Latchkey');
    const signature = await wallet.signMessage(message);
    expect(seen).toEqual([
      { method: 'signMessage', address: key.address, cluster: defaultSolanaCluster, message },
    ]);
    expect(signature).toHaveLength(64);
    await wallet.signMessage(message, { confirm: null });
    expect(seen).toHaveLength(1);
    expect(key.signed).toHaveLength(2);
    await expect(wallet.signMessage(new Uint8Array())).rejects.toThrow('Message must be a non-empty string');
  });
});

describe('solanaCluster', () => {
  it('picks by name, defaults to the first, and refuses unknown names', () => {
    const clusters = [cluster(), { name: 'devnet', rpcUrl: 'https://api.devnet.solana.com' }];
    expect(solanaCluster(clusters)).toEqual(cluster());
    expect(solanaCluster(clusters, 'devnet').name).toBe('devnet');
    expect(() => solanaCluster(clusters, 'testnet')).toThrow('Solana cluster testnet is not configured');
  });
});

describe('waitForSolanaSignature', () => {
  it('gives up with "Transaction failed." on a signature the cluster never saw', async () => {
    const error = await failure(
      waitForSolanaSignature({
        rpc: createSolanaRpcClient({ url: solana.url }),
        signature: encodeBase58(new Uint8Array(64).fill(7)),
        timeoutMs: 0,
      }),
    );
    expect(error.message).toBe('Transaction failed.');
  });
});
