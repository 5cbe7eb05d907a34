import { type EvmNode, type SolanaRpc, startEvmNode, startSolanaRpc } from '@latchkey/test/chains';
import { type RelayStandIn, startRelayStandIn } from '@latchkey/test/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRelayStatus, runBridgeStatus } from './bridge-flow.ts';
import { fundingMessages } from './messages.ts';
import { fetchRelayQuote, type RelayStepData, relaySolana } from './relay-quote.ts';

/**
 * The bridge to Solana end to end on the local chains (spec document 2 §4; REFERENCES §5.3): the
 * client's quote and status reads against the Relay stand-in, the quoted deposit really sent on the
 * Hardhat node, SOL really arriving on the local Solana RPC; a refund or a failure ending on the
 * failure screen's texts with the refund link.
 */

let evm: EvmNode;
let solana: SolanaRpc;
let relay: RelayStandIn;
let user: string;
const recipient = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const lamports = 250_000_000n; // 0.25 SOL

beforeAll(async () => {
  [evm, solana] = await Promise.all([startEvmNode(), startSolanaRpc()]);
  relay = await startRelayStandIn({ evm, solana, watchMs: 50 });
  user = ((await evm.rpc('eth_accounts')) as string[])[3]!;
});
afterAll(async () => {
  await Promise.all([relay?.close(), evm?.stop(), solana?.close()]);
});

const quote = (overrides: Partial<Parameters<typeof fetchRelayQuote>[0]['request']> = {}) =>
  fetchRelayQuote({
    host: relay.url,
    request: {
      amount: lamports.toString(),
      user,
      recipient,
      originChainId: evm.chainId,
      destinationChainId: relaySolana.chainId,
      destinationCurrency: relaySolana.sol,
      referrer: 'latchkey|app-id',
      ...overrides,
    },
  });
/** The user sends the quoted step (the wallet would sign it; the node's account does here). */
const send = async (step: RelayStepData, value = BigInt(step.value)) =>
  (await evm.rpc('eth_sendTransaction', [
    { from: step.from, to: step.to, value: `0x${value.toString(16)}`, data: step.data },
  ])) as string;
const ethBalance = async (address: string) =>
  BigInt((await evm.rpc('eth_getBalance', [address, 'latest'])) as string);
const bridged = (hash: string) =>
  runBridgeStatus({ hash, testnet: false, readStatus: (h) => readRelayStatus({ hash: h, host: relay.url }) })
    .finished;

describe('the bridge to Solana against the Relay stand-in', () => {
  it('quotes an exact SOL output as one ETH deposit on the local chain, then pays the SOL', async () => {
    relay.outcome = 'success';
    const step = await quote();
    expect(step).toMatchObject({
      from: user,
      to: relay.depositAddress,
      value: (lamports * 50_000_000n).toString(),
      chainId: evm.chainId,
    });
    const before = solana.balance(recipient);
    const hash = await send(step);
    expect(await bridged(hash)).toEqual({ status: 'success', failure: null });
    expect(solana.balance(recipient) - before).toBe(lamports);
    // Relay's newer status API tells the same story, by the request id.
    const status = await fetch(`${relay.url}/intents/status/v2?requestId=${step.data}`);
    expect(await status.json()).toMatchObject({ status: 'success', inTxHashes: [hash] });
  });

  it('a refund ends on the failure screen with the refund link, the ETH back less gas, no SOL', async () => {
    relay.outcome = 'refund';
    const step = await quote();
    const [solBefore, ethBefore] = [solana.balance(recipient), await ethBalance(user)];
    const hash = await send(step);
    expect(await bridged(hash)).toEqual({
      status: 'failure',
      failure: {
        title: 'Transaction failed',
        message: fundingMessages.bridgeFailed,
        refundUrl: `https://relay.link/transaction/${hash}`,
      },
    });
    expect(solana.balance(recipient)).toBe(solBefore);
    // Back: all but the deposit's and the refund's gas (well under 0.001 ETH on the local node).
    await expect.poll(async () => ethBefore - (await ethBalance(user))).toBeLessThan(10n ** 15n);
  });

  it('a failure keeps the deposit and ends on the failure screen', async () => {
    relay.outcome = 'failure';
    const hash = await send(await quote());
    expect((await bridged(hash)).status).toBe('failure');
    expect(relay.requests.at(-1)?.status).toBe('failure');
  });

  it('credits no deposit short of the quote: the status stays pending', async () => {
    relay.outcome = 'success';
    const step = await quote();
    const hash = await send(step, BigInt(step.value) - 1n);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await readRelayStatus({ hash, host: relay.url })).toBe('pending');
    expect(relay.requests.at(-1)).toMatchObject({ status: null, inTxHash: null });
  });

  it("refuses what it cannot bridge with Relay's message, which the client throws", async () => {
    await expect(quote({ recipient: 'not-a-solana-address' })).rejects.toThrow(
      'Invalid address not-a-solana-address',
    );
    await expect(quote({ originChainId: 1 })).rejects.toThrow('Unsupported origin chain 1');
    await expect(quote({ amount: '0' })).rejects.toThrow('Amount must be a positive whole number');
  });
});
