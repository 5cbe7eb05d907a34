import { address, type KeyPairSigner, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvmNode, startEvmNode } from '../chains/evm-node.ts';
import { type SolanaRpc, startSolanaRpc } from '../chains/solana-rpc.ts';
import { buildSignedTransaction, fundedSigner, sendWireTransaction } from '../chains/solana-transactions.ts';
import {
  type RelayStandIn,
  relaySolanaChainId,
  relaySolCurrency,
  startRelayStandIn,
} from './relay-stand-in.ts';

/**
 * The Relay stand-in's Solana side, as Relay credits deposits: only a confirmed transfer of the full
 * price from the quoted user to the deposit key settles a quote; anything else leaves it waiting.
 * (The client's side of both directions is tested in core: funding/relay-bridge*.test.ts.)
 */
let evm: EvmNode;
let solana: SolanaRpc;
let relay: RelayStandIn;
beforeAll(async () => {
  [evm, solana] = await Promise.all([startEvmNode(), startSolanaRpc()]);
  relay = await startRelayStandIn({ evm, solana, watchMs: 50 });
});
afterAll(async () => {
  await Promise.all([relay?.close(), evm?.stop(), solana?.close()]);
});

const recipient = '0x7777777777777777777777777777777777777777';
const quote = async (user: string, overrides: Record<string, unknown> = {}) =>
  fetch(`${relay.url}/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tradeType: 'EXPECTED_OUTPUT',
      originChainId: relaySolanaChainId,
      originCurrency: relaySolCurrency,
      destinationChainId: evm.chainId,
      destinationCurrency: '0x0000000000000000000000000000000000000000',
      amount: '1000000000000000',
      user,
      recipient,
      ...overrides,
    }),
  });
/** `from` pays `amount` lamports to the deposit key; the signature. */
const deposit = async (from: KeyPairSigner, amount: bigint) =>
  sendWireTransaction(
    solana,
    await buildSignedTransaction(solana, from, [
      getTransferSolInstruction({
        source: from,
        destination: address(relay.solanaDepositAddress),
        amount: lamports(amount),
      }),
    ]),
  );
const listed = async (hash: string) =>
  ((await (await fetch(`${relay.url}/requests/v2?hash=${hash}`)).json()) as { requests: unknown[] }).requests;

describe('the Relay stand-in, from Solana', () => {
  it('credits no deposit short of the price, nor one from another user', async () => {
    const [user, other] = [await fundedSigner(solana), await fundedSigner(solana)];
    expect((await quote(user.address)).status).toBe(200);
    const price = relay.requests.at(-1)!.value;
    expect(price).toBe(10n ** 15n / 50_000_000n);
    const short = await deposit(user, price - 1n);
    const stranger = await deposit(other, price);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listed(short)).toEqual([]);
    expect(await listed(stranger)).toEqual([]);
    expect(relay.requests.at(-1)).toMatchObject({ origin: 'solana', status: null, inTxHash: null });
    // The full price from the user settles it, and both status APIs tell it.
    relay.outcome = 'success';
    const paid = await deposit(user, price);
    await expect.poll(async () => (await listed(paid)).length).toBe(1);
    await expect.poll(() => relay.requests.at(-1)?.status).toBe('success');
    expect(await listed(paid)).toEqual([
      expect.objectContaining({
        status: 'success',
        data: expect.objectContaining({ inTxs: [{ hash: paid, chainId: relaySolanaChainId }] }),
      }),
    ]);
    const status = await fetch(`${relay.url}/intents/status/v2?requestId=${relay.requests.at(-1)!.id}`);
    expect(await status.json()).toMatchObject({
      status: 'success',
      originChainId: relaySolanaChainId,
      destinationChainId: evm.chainId,
    });
  });

  it.each([
    { name: 'an EVM user', overrides: { user: recipient }, message: `Invalid address ${recipient}` },
    { name: 'a Solana recipient', overrides: { recipient: 'So1' }, message: 'Invalid address So1' },
    {
      name: 'another destination',
      overrides: { destinationChainId: 1 },
      message: 'Unsupported destination chain 1',
    },
    {
      name: 'a token origin',
      overrides: { originCurrency: 'EPjF' },
      message: 'Only SOL is bridged from Solana here',
    },
    {
      name: 'no amount',
      overrides: { amount: '0' },
      message: 'Amount must be a positive whole number of base units',
    },
  ])("refuses $name with Relay's message", async ({ overrides, message }) => {
    const user = (await fundedSigner(solana)).address;
    const res = await quote(user, overrides);
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, message]);
  });
});
