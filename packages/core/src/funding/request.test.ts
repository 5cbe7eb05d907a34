import type { AppResponse } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import type { ChainRpc } from '../embedded/json-rpc.ts';
import { evmFundingTask, type FundingEvmChain, solanaFundingTask } from './request.ts';

const address = '0x1111111111111111111111111111111111111111';
const chain = (id: number, name: string): FundingEvmChain => ({
  id,
  name,
  rpcUrls: { default: { http: [`http://rpc/${id}`] } },
  nativeCurrency: { symbol: 'ETH', decimals: 18 },
});
const base = chain(8453, 'Base');
const hardhat = chain(31337, 'Hardhat');
const app = (funding: Record<string, unknown> | null) =>
  ({
    funding_config: funding && {
      options: [{ method: 'card', provider: 'coinbase' }],
      methods: [],
      default_recommended_amount: '0.05',
      default_recommended_currency: { chain: 'eip155:8453' },
      ...funding,
    },
  }) as unknown as AppResponse;

/** A chain answering each method from a table, recording the calls. */
function fakeRpc(answers: Record<string, unknown>) {
  const calls: { url: string; method: string; params: readonly unknown[] }[] = [];
  const rpc =
    (url: string): ChainRpc =>
    async (method, params = []) => {
      calls.push({ url, method, params });
      const key = method === 'eth_call' ? (params[0] as { data: string }).data.slice(0, 10) : method;
      return answers[key];
    };
  return { rpc, calls };
}

describe('the EVM funding request', () => {
  it.each([
    { name: 'the recommended chain and amount', options: {}, network: 'Base', amount: '0.05' },
    {
      name: 'the chain and amount asked for',
      options: { chain: hardhat, amount: '1' },
      network: 'Hardhat',
      amount: '1',
    },
  ])('takes $name', async ({ options, network, amount }) => {
    const { rpc } = fakeRpc({ eth_getBalance: '0x10' });
    const task = await evmFundingTask({ app: app({}), chains: [hardhat, base], rpc }, address, options);
    expect([task.network, task.amount, task.symbol, task.decimals]).toEqual([network, amount, 'ETH', 18]);
    expect(await task.readBalance()).toBe(16n);
  });

  it('reads a USDC balance with balanceOf on its known contract', async () => {
    const { rpc, calls } = fakeRpc({ '0x70a08231': '0x0f4240' });
    const task = await evmFundingTask({ app: app({}), chains: [base], rpc }, address, { asset: 'USDC' });
    expect([task.symbol, task.decimals, await task.readBalance()]).toEqual(['USDC', 6, 1_000_000n]);
    expect(calls[0]?.params[0]).toMatchObject({ to: expect.any(String) });
    expect((calls[0]?.params[0] as { to: string } | undefined)?.to).toBe(
      '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    );
  });

  it.each([
    { name: 'funding off', funding: null, chains: [base], message: 'Wallet funding is not enabled' },
    {
      name: 'a chain not configured',
      funding: {},
      chains: [hardhat],
      options: { chain: base },
      message: 'Funding chain 8453 is not in LatchkeyProvider chains list',
    },
  ])('refuses $name', async ({ funding, chains, options, message }) => {
    const { rpc } = fakeRpc({});
    await expect(evmFundingTask({ app: app(funding), chains, rpc }, address, options)).rejects.toThrow(
      message,
    );
  });
});

describe('the EVM funding request paid from a connected Solana wallet (the bridge)', () => {
  it.each([
    { name: 'an app that does not bridge', bridging: false, clusters: [], bridged: undefined },
    {
      name: 'no Solana cluster: the public mainnet',
      bridging: true,
      clusters: [],
      bridged: { rpcUrl: 'https://api.mainnet-beta.solana.com' },
    },
    {
      name: "the host's mainnet-beta cluster",
      bridging: true,
      clusters: [
        { name: 'devnet', rpcUrl: 'http://devnet' },
        { name: 'mainnet-beta', rpcUrl: 'http://mainnet' },
      ],
      bridged: { rpcUrl: 'http://mainnet' },
    },
    {
      name: "the host's only cluster (a local one)",
      bridging: true,
      clusters: [{ name: 'localnet', rpcUrl: 'http://127.0.0.1:8899' }],
      bridged: { rpcUrl: 'http://127.0.0.1:8899' },
    },
  ])('$name', async ({ bridging, clusters, bridged }) => {
    const task = await evmFundingTask(
      { app: app({ cross_chain_bridging_enabled: bridging }), chains: [base], solanaClusters: clusters },
      address,
    );
    expect(task.bridgeFromSolana).toEqual(bridged);
  });

  it('is not offered for another ERC-20 (the bridge sells the coin or USDC)', async () => {
    const { rpc } = fakeRpc({
      '0x95d89b41': `0x${'20'.padStart(64, '0')}${'3'.padStart(64, '0')}${'444149'.padEnd(64, '0')}`,
      '0x313ce567': '0x12',
    });
    const task = await evmFundingTask(
      { app: app({ cross_chain_bridging_enabled: true }), chains: [base], rpc },
      address,
      { asset: { erc20: '0x2222222222222222222222222222222222222222' } },
    );
    expect(task.bridgeFromSolana).toBeUndefined();
  });
});

describe('the Solana funding request', () => {
  it("carries the cluster's RPC URL, where a connected Solana wallet's transfer is sent", async () => {
    const task = await solanaFundingTask({ app: app({}), chains: [] }, 'So1', {
      cluster: { name: 'devnet', rpcUrl: 'http://devnet' },
    });
    expect(task.solanaRpcUrl).toBe('http://devnet');
    const fallback = await solanaFundingTask({ app: app({}), chains: [] }, 'So1');
    expect(fallback.solanaRpcUrl).toBe('https://api.mainnet-beta.solana.com');
  });

  it.each([
    { asset: 'native-currency' as const, symbol: 'SOL', balance: 5n },
    { asset: 'USDC' as const, symbol: 'USDC', balance: 7n },
  ])('reads the $symbol balance', async ({ asset, symbol, balance }) => {
    const { rpc } = fakeRpc({
      getBalance: { value: 5 },
      getTokenAccountsByOwner: {
        value: [{ account: { data: { parsed: { info: { tokenAmount: { amount: '7' } } } } } }],
      },
    });
    const task = await solanaFundingTask({ app: app({}), chains: [], rpc }, 'So1', { asset });
    expect([task.symbol, task.network, await task.readBalance()]).toEqual([symbol, 'Solana', balance]);
  });

  it.each([
    { bridging: true, asset: 'native-currency' as const, chains: [8453] },
    { bridging: true, asset: 'USDC' as const, chains: undefined },
    { bridging: false, asset: 'native-currency' as const, chains: undefined },
  ])(
    'offers the bridge from the host chains for SOL when the app bridges ($bridging, $asset)',
    async ({ bridging, asset, chains }) => {
      const task = await solanaFundingTask(
        { app: app({ cross_chain_bridging_enabled: bridging }), chains: [base] },
        'So1',
        { asset },
      );
      expect(task.bridgeChains?.map((chain) => chain.id)).toEqual(chains);
    },
  );

  it('refuses USDC on the testnet', async () => {
    await expect(
      solanaFundingTask({ app: app({}), chains: [] }, 'So1', { asset: 'USDC', cluster: { name: 'testnet' } }),
    ).rejects.toThrow('USDC funding is not supported on the Solana testnet');
  });
});
