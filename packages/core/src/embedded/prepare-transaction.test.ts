import { arbitrum, base, bsc, mainnet, optimism, polygon, sepolia, zora } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { ProviderRpcError } from './errors.ts';
import { type EvmChain, feeFamily } from './fees.ts';
import type { ChainRpc } from './json-rpc.ts';
import { prepareTransaction, type TransactionRequest } from './prepare-transaction.ts';

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const to = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const gwei = 1_000_000_000n;
const hex = (n: bigint | number) => `0x${n.toString(16)}`;

const chain = (id: number, extra: Partial<EvmChain> = {}): EvmChain => ({
  id,
  name: `Chain ${id}`,
  rpcUrls: { default: { http: [`http://rpc.invalid/${id}`] } },
  ...extra,
});

type Handler = (params: readonly unknown[]) => unknown;

/** A scripted chain node: 1 gwei base fee, 1.5 gwei tip, 2 gwei gas price, nonce 5, 21000 gas. */
function scriptedNode(overrides: Record<string, Handler> = {}) {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  const handlers: Record<string, Handler> = {
    eth_getTransactionCount: () => '0x5',
    eth_estimateGas: () => '0x5208',
    eth_getBlockByNumber: () => ({ number: '0x10', baseFeePerGas: hex(gwei) }),
    eth_maxPriorityFeePerGas: () => hex((15n * gwei) / 10n),
    eth_gasPrice: () => hex(2n * gwei),
    ...overrides,
  };
  const rpc: ChainRpc = async (method, params = []) => {
    calls.push({ method, params });
    const handler = handlers[method];
    if (!handler) throw new ProviderRpcError(-32601, `Method ${method} not found`);
    return handler(params);
  };
  return { rpc, calls, methods: () => calls.map((c) => c.method) };
}

function prepare(
  request: TransactionRequest,
  options: {
    chains?: EvmChain[];
    chainId?: number;
    node?: ReturnType<typeof scriptedNode>;
    fetch?: typeof fetch;
  } = {},
) {
  const node = options.node ?? scriptedNode();
  const chains = options.chains ?? [chain(1)];
  const used: number[] = [];
  const delays: number[] = [];
  const result = prepareTransaction(request, {
    address,
    chainId: options.chainId ?? chains[0]!.id,
    chains,
    rpcFor: (c) => {
      used.push(c.id);
      return node.rpc;
    },
    fetch: options.fetch,
    delay: async (ms) => {
      delays.push(ms);
    },
  });
  return { result, node, used, delays };
}

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderRpcError);
  return error as ProviderRpcError;
};

describe('prepareTransaction: filling', () => {
  it('fills nonce from the pending count, gas from an estimate and EIP-1559 fees', async () => {
    const { result, node } = prepare({ to, value: 10n ** 16n });
    const { transaction } = await result;
    expect(transaction).toEqual({
      from: address,
      to,
      value: hex(10n ** 16n),
      nonce: 5,
      gasLimit: '0x5208',
      chainId: 1,
      type: 2,
      maxPriorityFeePerGas: hex((15n * gwei) / 10n),
      maxFeePerGas: hex((12n * gwei) / 10n + (15n * gwei) / 10n),
    });
    expect(node.calls.find((c) => c.method === 'eth_getTransactionCount')?.params).toEqual([
      address,
      'pending',
    ]);
  });

  it('keeps what the caller filled in and asks the node for nothing else', async () => {
    const { result, node } = prepare({
      to,
      value: 1,
      nonce: 9,
      gas: 30_000,
      maxFeePerGas: 3n * gwei,
      maxPriorityFeePerGas: hex(gwei),
      data: '0xabcd',
    });
    const { transaction } = await result;
    expect(transaction).toMatchObject({
      nonce: 9,
      gasLimit: hex(30_000),
      maxFeePerGas: hex(3n * gwei),
      maxPriorityFeePerGas: hex(gwei),
      data: '0xabcd',
      type: 2,
    });
    expect(node.calls).toEqual([]);
  });

  it('keeps a caller tip on top of the base-fee share', async () => {
    const { transaction } = await prepare({ to, maxPriorityFeePerGas: 5n * gwei }).result;
    expect(transaction.maxPriorityFeePerGas).toBe(hex(5n * gwei));
    expect(transaction.maxFeePerGas).toBe(hex((12n * gwei) / 10n + 5n * gwei));
  });

  it('caps the suggested tip at a caller max fee', async () => {
    const { transaction } = await prepare({ to, maxFeePerGas: gwei }).result;
    expect(transaction).toMatchObject({ maxFeePerGas: hex(gwei), maxPriorityFeePerGas: hex(gwei) });
  });

  it('derives the tip from the gas price when the node has no eth_maxPriorityFeePerGas', async () => {
    const node = scriptedNode({
      eth_maxPriorityFeePerGas: () => {
        throw new ProviderRpcError(-32601, 'Method not found');
      },
    });
    const { transaction } = await prepare({ to }, { node }).result;
    expect(transaction.maxPriorityFeePerGas).toBe(hex(gwei));
  });

  it('uses the request chain id (number or hex) when it is configured, and that chain’s node', async () => {
    const chains = [chain(1), chain(8453)];
    const byNumber = prepare({ to, chainId: 8453 }, { chains });
    expect((await byNumber.result).transaction.chainId).toBe(8453);
    expect(byNumber.used).toEqual([8453]);
    const byHex = prepare({ to, chainId: '0x2105' }, { chains });
    expect((await byHex.result).chain.id).toBe(8453);
    const current = prepare({ to }, { chains, chainId: 8453 });
    expect((await current.result).transaction.chainId).toBe(8453);
  });

  it('estimates without gas and fee fields, and retries without from when that fails', async () => {
    const node = scriptedNode({
      eth_estimateGas: ([call]) => {
        if ((call as { from?: string }).from)
          throw new ProviderRpcError(-32000, 'insufficient funds for gas * price + value');
        return '0x7530';
      },
    });
    const { transaction } = await prepare(
      { to, value: 5, data: '0x12', gasPrice: hex(gwei), nonce: 1 },
      { node },
    ).result;
    expect(transaction.gasLimit).toBe('0x7530');
    const estimates = node.calls.filter((c) => c.method === 'eth_estimateGas').map((c) => c.params[0]);
    expect(estimates).toEqual([
      { from: address, to, value: '0x5', data: '0x12' },
      { to, value: '0x5', data: '0x12' },
    ]);
  });

  it('reports the estimate error with from when the retry fails too', async () => {
    const node = scriptedNode({
      eth_estimateGas: ([call]) => {
        throw new ProviderRpcError(
          3,
          (call as { from?: string }).from ? 'execution reverted: with from' : 'without',
        );
      },
    });
    const error = await rejection(prepare({ to }, { node }).result);
    expect(error).toMatchObject({ code: 3, message: 'execution reverted: with from' });
  });
});

describe('prepareTransaction: validation', () => {
  it.each([
    ['value', { value: '100' }],
    ['value', { value: -1 }],
    ['value', { value: 1.5 }],
    ['gasLimit', { gasLimit: 'lots' }],
    ['gas', { gas: {} }],
    ['gasPrice', { gasPrice: '1e9' }],
    ['maxFeePerGas', { maxFeePerGas: true }],
    ['maxPriorityFeePerGas', { maxPriorityFeePerGas: '0x' }],
  ])('refuses %s that is not a number, bigint or hex string', async (field, fields) => {
    const { result, node } = prepare({ to, ...(fields as TransactionRequest) });
    const error = await rejection(result);
    expect(error.code).toBe(-32602);
    expect(error.message).toBe(
      `Invalid transaction request: ${field} must be a number, bigint or hex string`,
    );
    expect(node.calls).toEqual([]);
  });

  it('refuses a chain id that is not configured, with the spec message', async () => {
    const error = await rejection(prepare({ to, chainId: 137 }).result);
    expect(error.code).toBe(4901);
    expect(error.message).toBe(
      'Chain ID 137 is not supported. It must be added to the config.supportedChains property of the LatchkeyProvider.',
    );
  });

  it('refuses a chain id that is not a number', async () => {
    const error = await rejection(prepare({ to, chainId: '1' }).result);
    expect(error.message).toMatch(/^Invalid transaction request: chainId/);
  });

  it('refuses a from that is not the wallet (4100), and bad to, data and type', async () => {
    expect((await rejection(prepare({ to, from: to }).result)).code).toBe(4100);
    expect((await rejection(prepare({ to: '0x1234' }).result)).message).toBe(
      'Invalid transaction request: to must be an address',
    );
    expect((await rejection(prepare({ to, data: '0xabc' }).result)).message).toBe(
      'Invalid transaction request: data must be a hex string',
    );
    expect((await rejection(prepare({ to, type: 4 }).result)).code).toBe(-32602);
    // The sender's own address in another case is fine.
    await expect(prepare({ to, from: address.toLowerCase() }).result).resolves.toBeTruthy();
  });
});

describe('prepareTransaction: types and dropped fields', () => {
  const accessList = [{ address: to, storageKeys: [`0x${'0'.repeat(64)}`] }];

  it('forces type 0 on 23294 and 23295, dropping accessList and the max fee fields', async () => {
    for (const id of [23294, 23295]) {
      const { result, node } = prepare(
        { to, type: 2, maxFeePerGas: gwei, maxPriorityFeePerGas: gwei, accessList },
        { chains: [chain(id)] },
      );
      const { transaction } = await result;
      expect(transaction.type).toBe(0);
      expect(transaction.gasPrice).toBe(hex(2n * gwei));
      expect(transaction).not.toHaveProperty('accessList');
      expect(transaction).not.toHaveProperty('maxFeePerGas');
      expect(transaction).not.toHaveProperty('maxPriorityFeePerGas');
      expect(node.methods()).not.toContain('eth_getBlockByNumber');
    }
  });

  it('type 0 drops accessList; type 1 keeps it and drops the max fee fields; type 2 drops gasPrice', async () => {
    const legacy = (await prepare({ to, type: '0x0', accessList, maxFeePerGas: gwei }).result).transaction;
    expect(legacy).toMatchObject({ type: 0, gasPrice: hex(2n * gwei) });
    expect(legacy).not.toHaveProperty('accessList');
    expect(legacy).not.toHaveProperty('maxFeePerGas');

    const eip2930 = (await prepare({ to, type: 1, accessList, maxPriorityFeePerGas: gwei }).result)
      .transaction;
    expect(eip2930).toMatchObject({ type: 1, accessList, gasPrice: hex(2n * gwei) });
    expect(eip2930).not.toHaveProperty('maxPriorityFeePerGas');

    const eip1559 = (await prepare({ to, type: 'eip1559', gasPrice: gwei, accessList }).result).transaction;
    expect(eip1559).toMatchObject({ type: 2, accessList });
    expect(eip1559).not.toHaveProperty('gasPrice');
  });

  it('infers legacy from a gas price (type 1 with an access list) and skips the block', async () => {
    const { result, node } = prepare({ to, gasPrice: 3n * gwei });
    expect((await result).transaction).toMatchObject({ type: 0, gasPrice: hex(3n * gwei) });
    expect(node.methods()).not.toContain('eth_getBlockByNumber');
    expect((await prepare({ to, gasPrice: gwei, accessList }).result).transaction.type).toBe(1);
  });

  it('uses legacy on a chain without a base fee', async () => {
    const node = scriptedNode({ eth_getBlockByNumber: () => ({ number: '0x1' }) });
    const { transaction } = await prepare({ to }, { node }).result;
    expect(transaction).toMatchObject({ type: 0, gasPrice: hex(2n * gwei) });
  });
});

describe('prepareTransaction: fee rules by chain', () => {
  it('knows the families of viem’s chains', () => {
    expect(feeFamily(arbitrum)).toBe('arbitrum');
    expect(feeFamily(optimism)).toBe('op-stack');
    expect(feeFamily(base)).toBe('op-stack');
    expect(feeFamily(zora)).toBe('op-stack');
    expect(feeFamily(bsc)).toBe('bsc');
    expect(feeFamily(polygon)).toBe('polygon');
    expect(feeFamily(mainnet)).toBe('default');
    expect(feeFamily(sepolia)).toBe('default');
    // An OP-stack chain viem marks with the gas price oracle, unknown by id.
    expect(feeFamily(chain(999_001, { contracts: { gasPriceOracle: { address: to } } }))).toBe('op-stack');
  });

  it('Arbitrum: max fee 120% of the last base fee, no tip', async () => {
    const { result, node } = prepare({ to }, { chains: [chain(42161)] });
    expect((await result).transaction).toMatchObject({
      type: 2,
      maxFeePerGas: hex((12n * gwei) / 10n),
      maxPriorityFeePerGas: '0x0',
    });
    expect(node.methods()).not.toContain('eth_maxPriorityFeePerGas');
  });

  it('OP stack: max fee 126% of the base fee plus the tip', async () => {
    for (const id of [10, 8453]) {
      const { transaction } = await prepare({ to }, { chains: [chain(id)] }).result;
      expect(transaction).toMatchObject({
        maxFeePerGas: hex((126n * gwei) / 100n + (15n * gwei) / 10n),
        maxPriorityFeePerGas: hex((15n * gwei) / 10n),
      });
    }
  });

  it('BSC: legacy type 0 at the gas price', async () => {
    const { result, node } = prepare({ to }, { chains: [chain(56)] });
    expect((await result).transaction).toMatchObject({ type: 0, gasPrice: hex(2n * gwei) });
    expect(node.methods()).not.toContain('eth_getBlockByNumber');
  });

  it('Polygon: the gas station’s standard tier', async () => {
    const urls: string[] = [];
    const station: typeof fetch = async (url) => {
      urls.push(String(url));
      return Response.json({
        safeLow: { maxPriorityFee: 30, maxFee: 31 },
        standard: { maxPriorityFee: 32.5, maxFee: 40.25 },
        fast: { maxPriorityFee: 50, maxFee: 60 },
        estimatedBaseFee: 7.75,
      });
    };
    const { result, node } = prepare({ to }, { chains: [chain(137)], fetch: station });
    expect((await result).transaction).toMatchObject({
      type: 2,
      maxFeePerGas: hex(40_250_000_000n),
      maxPriorityFeePerGas: hex(32_500_000_000n),
    });
    expect(urls).toEqual(['https://gasstation.polygon.technology/v2']);
    expect(node.methods()).not.toContain('eth_maxPriorityFeePerGas');
  });

  it('Polygon: retries the gas station 3 times 500 ms apart, then falls back to the node', async () => {
    let attempts = 0;
    const down: typeof fetch = async () => {
      attempts += 1;
      return new Response('busy', { status: 503 });
    };
    const { result, delays } = prepare({ to }, { chains: [chain(80002)], fetch: down });
    expect((await result).transaction).toMatchObject({
      maxFeePerGas: hex((12n * gwei) / 10n + (15n * gwei) / 10n),
      maxPriorityFeePerGas: hex((15n * gwei) / 10n),
    });
    expect(attempts).toBe(4);
    expect(delays).toEqual([500, 500, 500]);
  });
});
