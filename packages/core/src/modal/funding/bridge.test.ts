import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWalletManager, fundingClient, fundingModal, openFunding } from '../../../test/funding-flow.ts';
import { fundingMessages } from '../../funding/messages.ts';
import type { FundWalletTask } from './task.ts';

const solana = 'So1anaWa11et1111111111111111111111111111111';
const payer = '0x2222222222222222222222222222222222222222';
const chains = [
  { id: 8453, name: 'Base', rpcUrl: 'http://rpc/8453' },
  { id: 42161, name: 'Arbitrum One', rpcUrl: 'http://rpc/42161' },
];

interface World {
  /** Wei held per chain id. */
  balances: Record<number, number>;
  /** The bridge's statuses, one per read. */
  statuses?: string[];
}

/** The bridge to Solana on a fake wallet manager, with the chains' RPC and the bridge's API as a stubbed fetch. */
function harness(world: World, patch: Partial<FundWalletTask> = {}) {
  const sent: unknown[] = [];
  const quotes: unknown[] = [];
  const statuses = [...(world.statuses ?? ['success'])];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    if (url.hostname === 'rpc') {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      const chainId = Number(url.pathname.slice(1));
      const result =
        method === 'eth_getBalance' ? `0x${(world.balances[chainId] ?? 0).toString(16)}` : { status: '0x1' };
      return Response.json({ jsonrpc: '2.0', id, result });
    }
    if (url.pathname === '/quote') {
      const body = JSON.parse(String(init?.body)) as { originChainId: number };
      quotes.push(body);
      return Response.json({
        steps: [
          {
            items: [
              {
                data: {
                  from: payer,
                  to: '0xrelay',
                  value: '1000',
                  chainId: body.originChainId,
                  data: '0xab',
                },
              },
            ],
          },
        ],
      });
    }
    return Response.json({ requests: [{ status: statuses.shift() ?? 'pending' }] });
  });
  const manager = fakeWalletManager([{ address: payer, chainType: 'ethereum', name: 'MetaMask' }], sent);
  const client = fundingClient([{ method: 'wallets', provider: '' }], { wallets: async () => manager });
  const { flow, screen, dismissals } = fundingModal(client, {
    funding: { hosts: { relayApi: 'http://relay', relayApp: 'http://relay-app' } },
  });
  openFunding(flow, {
    address: solana,
    chain: { chainType: 'solana', cluster: 'mainnet-beta' },
    amount: '0.5',
    symbol: 'SOL',
    decimals: 9,
    network: 'Solana',
    bridgeChains: chains,
    ...patch,
  });
  const toAmount = async () => {
    await flow.funding.wallets();
    flow.funding.pickWallet(payer);
    void flow.funding.confirmTransfer();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { flow, sent, quotes, screen, toAmount, dismissals };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Bridge to Solana', () => {
  it('quotes the one chain with a balance, sends the quoted transaction, polls the bridge, succeeds, closes after 4 s', async () => {
    const { sent, quotes, screen, toAmount, dismissals } = harness({
      balances: { 8453: 10 ** 15 },
      statuses: ['pending', 'success'],
    });
    await toAmount();
    expect(quotes).toEqual([
      expect.objectContaining({
        amount: '500000000',
        user: payer,
        recipient: solana,
        originChainId: 8453,
        destinationChainId: 792703809,
        tradeType: 'EXPECTED_OUTPUT',
      }),
    ]);
    expect(sent).toEqual([
      { switch: payer, chainId: 8453 },
      { from: payer, to: '0xrelay', value: '0x3e8', data: '0xab' },
    ]);
    expect(screen().status).toBe('bridging');
    await vi.advanceTimersByTimeAsync(1000);
    expect([screen().name, screen().status]).toEqual(['fund-bridge-progress', 'success']);
    await vi.advanceTimersByTimeAsync(4000);
    expect(dismissals()).toBe(1);
  });

  it('lets the user choose when more than one chain quoted', async () => {
    const { flow, sent, screen, toAmount } = harness({ balances: { 8453: 1, 42161: 1 } });
    await toAmount();
    expect(screen()).toEqual({
      name: 'fund-bridge-options',
      options: [
        { chainId: 8453, chainName: 'Base' },
        { chainId: 42161, chainName: 'Arbitrum One' },
      ],
    });
    flow.funding.chooseBridge(42161);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent[0]).toEqual({ switch: payer, chainId: 42161 });
    expect(screen().status).toBe('success');
  });

  it.each([
    {
      name: 'a refund',
      world: { balances: { 8453: 1 }, statuses: ['refund'] } as World,
      message: fundingMessages.bridgeFailed,
      refund: 'http://relay-app/transaction/0xhash',
    },
    {
      name: 'no balance on any chain',
      world: { balances: {} } as World,
      message: fundingMessages.notEnoughFunds(payer),
      refund: null,
    },
  ])("ends on 'Transaction failed' after $name", async ({ world, message, refund }) => {
    const { screen, toAmount } = harness(world);
    await toAmount();
    expect([screen().status, screen().failure]).toEqual([
      'failed',
      { title: 'Transaction failed', message, refundUrl: refund },
    ]);
  });

  it.each([
    { name: 'mainnet-beta', patch: {}, payers: [payer] },
    // A connected Solana wallet pays on any cluster; the bridge refuses testnets, so no Ethereum wallet.
    {
      name: 'devnet',
      patch: { chain: { chainType: 'solana' as const, cluster: 'devnet' as const } },
      payers: [],
    },
    { name: 'an app that does not bridge', patch: { bridgeChains: undefined }, payers: [] },
  ])(
    'offers Transfer from wallet to a Solana wallet on $name; Ethereum wallets pay through the bridge only',
    async ({ patch, payers }) => {
      const { screen, flow } = harness({ balances: {} }, patch);
      expect((screen().chooser as { wallets: unknown }).wallets).toEqual({
        method: 'wallets',
        provider: null,
        disabledReason: null,
      });
      await flow.funding.wallets();
      expect((screen().rows as { wallet: { address: string } }[]).map((row) => row.wallet.address)).toEqual(
        payers,
      );
    },
  );
});
