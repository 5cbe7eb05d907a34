import { type EvmNode, type SolanaRpc, startEvmNode, startSolanaRpc } from '@latchkey/test/chains';
import { type RelayStandIn, startRelayStandIn } from '@latchkey/test/stand-ins';
import { signSolanaWireTransaction } from '@latchkey/test/wallets';
import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../embedded/solana/base58.ts';
import { compileSolanaMessage, unsignedSolanaTransaction } from '../embedded/solana/compile-message.ts';
import { createSolanaRpcClient } from '../embedded/solana/rpc.ts';
import { sendSolanaTransaction } from '../embedded/solana/send-transaction.ts';
import { readRelayStatus, runBridgeStatus } from './bridge-flow.ts';
import { fetchRelaySvmQuote, type RelaySvmStepData, relaySolana } from './relay-quote.ts';

/**
 * The bridge from Solana end to end on the local chains: the client's SVM quote against the Relay
 * stand-in, its instructions compiled (v0, the user paying) and signed by a Solana key, sent to the
 * local Solana RPC, and ETH really arriving on the Hardhat node; refund and failure endings.
 */

let evm: EvmNode;
let solana: SolanaRpc;
let relay: RelayStandIn;
const secretKey = ed25519.utils.randomSecretKey();
const user = encodeBase58(ed25519.getPublicKey(secretKey));
const recipient = '0x5555555555555555555555555555555555555555';
const wei = 10n ** 16n; // 0.01 ETH: 0.2 SOL at the stand-in's default price

beforeAll(async () => {
  [evm, solana] = await Promise.all([startEvmNode(), startSolanaRpc()]);
  relay = await startRelayStandIn({ evm, solana, watchMs: 50 });
  solana.airdrop(user, 10n ** 10n);
});
afterAll(async () => {
  await Promise.all([relay?.close(), evm?.stop(), solana?.close()]);
});

const quote = (overrides: Partial<Parameters<typeof fetchRelaySvmQuote>[0]['request']> = {}) =>
  fetchRelaySvmQuote({
    host: relay.url,
    request: {
      amount: wei.toString(),
      user,
      recipient,
      originChainId: relaySolana.chainId,
      originCurrency: relaySolana.sol,
      destinationChainId: evm.chainId,
      referrer: 'latchkey|app-id',
      ...overrides,
    },
  });

/** Compiles, signs and sends the quoted instructions as the paying wallet; the signature. */
async function pay(step: RelaySvmStepData): Promise<string> {
  const rpc = createSolanaRpcClient({ url: solana.url });
  solana.svm.expireBlockhash(); // a new blockhash each time: the same quote twice is two transactions
  const message = compileSolanaMessage({
    payer: user,
    recentBlockhash: solana.svm.latestBlockhash(),
    instructions: step.instructions.map((instruction) => ({
      ...instruction,
      data: hexToBytes(instruction.data),
    })),
    version: 0,
  });
  const signed = signSolanaWireTransaction(unsignedSolanaTransaction(message), secretKey);
  return sendSolanaTransaction({ rpc, wire: signed, pollMs: 10 });
}
const ethBalance = async (address: string) =>
  BigInt((await evm.rpc('eth_getBalance', [address, 'latest'])) as string);
const bridged = (hash: string) =>
  runBridgeStatus({ hash, testnet: false, readStatus: (h) => readRelayStatus({ hash: h, host: relay.url }) })
    .finished;

describe('the bridge from Solana against the Relay stand-in', () => {
  it('quotes an exact ETH output as one SOL transfer to the deposit key, then pays the ETH', async () => {
    relay.outcome = 'success';
    const step = await quote();
    expect(step.instructions).toEqual([
      {
        programId: relaySolana.sol,
        keys: [
          { pubkey: user, isSigner: true, isWritable: true },
          { pubkey: relay.solanaDepositAddress, isSigner: false, isWritable: true },
        ],
        data: expect.stringMatching(/^02000000/),
      },
    ]);
    const [ethBefore, depositBefore] = [
      await ethBalance(recipient),
      solana.balance(relay.solanaDepositAddress),
    ];
    const signature = await pay(step);
    expect(await bridged(signature)).toEqual({ status: 'success', failure: null });
    expect((await ethBalance(recipient)) - ethBefore).toBe(wei);
    expect(solana.balance(relay.solanaDepositAddress) - depositBefore).toBe(wei / 50_000_000n);
    expect(relay.requests.at(-1)).toMatchObject({ origin: 'solana', status: 'success', inTxHash: signature });
  });

  it('a refund ends on the failure screen with the refund link and the SOL back less a fee; a failure keeps it', async () => {
    relay.outcome = 'refund';
    const before = solana.balance(user);
    const signature = await pay(await quote());
    expect(await bridged(signature)).toMatchObject({
      status: 'failure',
      failure: { refundUrl: `https://relay.link/transaction/${signature}` },
    });
    await expect.poll(() => before - solana.balance(user)).toBeLessThan(20_000n);
    relay.outcome = 'failure';
    const ethBefore = await ethBalance(recipient);
    expect((await bridged(await pay(await quote()))).status).toBe('failure');
    expect(await ethBalance(recipient)).toBe(ethBefore);
  });

  it("refuses what it cannot bridge with Relay's message, which the client throws", async () => {
    await expect(quote({ recipient: 'not-an-address' })).rejects.toThrow('Invalid address not-an-address');
    await expect(quote({ destinationChainId: 1 })).rejects.toThrow('Unsupported destination chain 1');
    await expect(
      quote({ destinationCurrency: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }),
    ).rejects.toThrow('Only the native currency is bridged here');
  });
});
