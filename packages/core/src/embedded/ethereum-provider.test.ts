import { describe, expect, it } from 'vitest';
import { EmbeddedWalletError, ProviderRpcError } from './errors.ts';
import {
  type ConfirmHook,
  createEmbeddedEthereumProvider,
  type EmbeddedConfirmRequest,
} from './ethereum-provider.ts';
import type { EvmChain } from './fees.ts';
import type { ChainRpc } from './json-rpc.ts';

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const to = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const chain = (id: number): EvmChain => ({
  id,
  name: `Chain ${id}`,
  rpcUrls: { default: { http: [`http://rpc.invalid/${id}`] } },
});
const chains = [chain(1), chain(8453)];

/** A provider over a scripted frame (`sign`) and scripted nodes, recording everything. */
function setup(options: { confirm?: ConfirmHook; signError?: unknown } = {}) {
  const signed: { method: string; params: unknown }[] = [];
  const nodeCalls: { chainId: number; method: string; params: readonly unknown[] }[] = [];
  const confirmed: EmbeddedConfirmRequest[] = [];
  const rpcFor =
    (c: EvmChain): ChainRpc =>
    async (method, params = []) => {
      nodeCalls.push({ chainId: c.id, method, params });
      switch (method) {
        case 'eth_getTransactionCount':
          return '0x2';
        case 'eth_estimateGas':
          return '0x5208';
        case 'eth_getBlockByNumber':
          return { baseFeePerGas: '0x64' };
        case 'eth_maxPriorityFeePerGas':
          return '0xa';
        case 'eth_sendRawTransaction':
          return `0x${'ab'.repeat(32)}`;
        case 'eth_getBalance':
          return `0x${c.id.toString(16)}`;
        default:
          throw new ProviderRpcError(-32601, `no ${method}`);
      }
    };
  const provider = createEmbeddedEthereumProvider({
    address,
    chains,
    sign: async (request) => {
      signed.push(request);
      if (options.signError) throw options.signError;
      return request.method === 'eth_signTransaction' ? '0x02f8signed' : '0xsignature';
    },
    rpcFor,
    confirm:
      options.confirm ??
      (async (request) => {
        confirmed.push(request);
      }),
  });
  return { provider, signed, nodeCalls, confirmed };
}

async function rpcError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderRpcError);
  return error as ProviderRpcError;
}

describe('embedded Ethereum provider: accounts and chains', () => {
  it('answers accounts and the chain id locally', async () => {
    const { provider, nodeCalls } = setup();
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([address]);
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([address]);
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
    expect(nodeCalls).toEqual([]);
  });

  it('switches among the configured chains and emits chainChanged once per change', async () => {
    const { provider } = setup();
    const events: unknown[] = [];
    const listener = (chainId: string) => events.push(chainId);
    provider.on('chainChanged', listener);
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).resolves.toBeNull();
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    expect(events).toEqual(['0x2105']);
    expect(provider.chainId).toBe(8453);
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x2105');
    provider.removeListener('chainChanged', listener);
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(events).toEqual(['0x2105']);
  });

  it('refuses a chain that is not configured (4902) and a chain id that is not a string (4200)', async () => {
    const { provider } = setup();
    const unknown = await rpcError(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    );
    expect(unknown.code).toBe(4902);
    expect(unknown.message).toBe(
      'Chain ID 137 is not supported. It must be added to the config.supportedChains property of the LatchkeyProvider.',
    );
    for (const params of [[{ chainId: 8453 }], [], [{}], [{ chainId: 'base' }]]) {
      const error = await rpcError(provider.request({ method: 'wallet_switchEthereumChain', params }));
      expect({ code: error.code, message: error.message }).toEqual({ code: 4200, message: 'Invalid params' });
    }
    expect(provider.chainId).toBe(1);
  });

  it('forwards reads to the current chain’s node and refuses unknown wallet methods', async () => {
    const { provider, nodeCalls } = setup();
    await expect(provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })).resolves.toBe(
      '0x1',
    );
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    await expect(provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })).resolves.toBe(
      '0x2105',
    );
    expect(nodeCalls.map((c) => [c.chainId, c.method])).toEqual([
      [1, 'eth_getBalance'],
      [8453, 'eth_getBalance'],
    ]);
    expect((await rpcError(provider.request({ method: 'wallet_watchAsset' }))).code).toBe(4200);
  });

  it('tells listeners on disconnect that the account is gone, then EIP-1193 disconnect (4900)', () => {
    const { provider } = setup();
    const events: unknown[] = [];
    provider.on('accountsChanged', (accounts: string[]) => events.push(['accountsChanged', accounts]));
    provider.on('disconnect', (error: ProviderRpcError) =>
      events.push(['disconnect', error.code, error.message]),
    );
    provider.disconnect();
    expect(events).toEqual([
      ['accountsChanged', []],
      ['disconnect', 4900, 'The Provider is disconnected from all chains.'],
    ]);
  });
});

describe('embedded Ethereum provider: signing', () => {
  it('personal_sign: confirms, then signs in the frame', async () => {
    const { provider, signed, confirmed } = setup();
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] }),
    ).resolves.toBe('0xsignature');
    expect(confirmed).toMatchObject([
      { method: 'personal_sign', address, params: ['0x68656c6c6f', address] },
    ]);
    expect(confirmed[0]!.chain.id).toBe(1);
    expect(signed).toEqual([{ method: 'personal_sign', params: ['0x68656c6c6f', address] }]);
  });

  it("refuses an empty message ('Message must be a non-empty string') and another account (4100)", async () => {
    const { provider, signed, confirmed } = setup();
    const empty = await rpcError(provider.request({ method: 'personal_sign', params: ['', address] }));
    expect(empty.message).toBe('Message must be a non-empty string');
    expect((await rpcError(provider.request({ method: 'personal_sign', params: ['hi', to] }))).code).toBe(
      4100,
    );
    expect(
      (await rpcError(provider.request({ method: 'eth_signTypedData_v4', params: [to, '{}'] }))).code,
    ).toBe(4100);
    expect(signed).toEqual([]);
    expect(confirmed).toEqual([]);
  });

  it('eth_sign and eth_signTypedData_v4 send [address, payload] to the frame', async () => {
    const { provider, signed } = setup();
    const typedData = { domain: {}, types: {}, primaryType: 'Mail', message: {} };
    await provider.request({ method: 'eth_signTypedData_v4', params: [address.toLowerCase(), typedData] });
    await provider.request({ method: 'eth_sign', params: [address, `0x${'11'.repeat(32)}`] });
    expect(signed).toEqual([
      { method: 'eth_signTypedData_v4', params: [address, typedData] },
      { method: 'eth_sign', params: [address, `0x${'11'.repeat(32)}`] },
    ]);
  });

  it("a refused confirmation is 4001 'The user rejected the request.' and nothing is signed", async () => {
    const { provider, signed, nodeCalls } = setup({
      confirm: async () => {
        throw new Error('closed the modal');
      },
    });
    const error = await rpcError(provider.request({ method: 'personal_sign', params: ['hi', address] }));
    expect({ code: error.code, message: error.message }).toEqual({
      code: 4001,
      message: 'The user rejected the request.',
    });
    const tx = await rpcError(
      provider.request({ method: 'eth_sendTransaction', params: [{ to, value: '0x1' }] }),
    );
    expect(tx.code).toBe(4001);
    expect(signed).toEqual([]);
    expect(nodeCalls.map((c) => c.method)).not.toContain('eth_sendRawTransaction');
  });

  it('a per-call confirm replaces the provider’s, and null signs without asking', async () => {
    const { provider, confirmed } = setup();
    const own: string[] = [];
    await provider.request(
      { method: 'personal_sign', params: ['hi', address] },
      {
        confirm: async (r) => {
          own.push(r.method);
        },
      },
    );
    await provider.request({ method: 'personal_sign', params: ['hi', address] }, { confirm: null });
    expect(own).toEqual(['personal_sign']);
    expect(confirmed).toEqual([]);
  });

  it('eth_sendTransaction: prepares, confirms with the prepared transaction, signs in the frame, sends raw', async () => {
    const { provider, signed, confirmed, nodeCalls } = setup();
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: '0x10' }],
    });
    expect(hash).toBe(`0x${'ab'.repeat(32)}`);
    const prepared = {
      from: address,
      to,
      value: '0x10',
      nonce: 2,
      gasLimit: '0x5208',
      chainId: 8453,
      type: 2,
      maxPriorityFeePerGas: '0xa',
      maxFeePerGas: `0x${(126 + 10).toString(16)}`,
    };
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ method: 'eth_sendTransaction', transaction: prepared });
    expect(confirmed[0]!.chain.id).toBe(8453);
    expect(signed).toEqual([{ method: 'eth_signTransaction', params: [prepared] }]);
    expect(nodeCalls.at(-1)).toEqual({
      chainId: 8453,
      method: 'eth_sendRawTransaction',
      params: ['0x02f8signed'],
    });
  });

  it('eth_signTransaction returns the signed transaction without sending it', async () => {
    const { provider, nodeCalls } = setup();
    await expect(
      provider.request({ method: 'eth_signTransaction', params: [{ to, chainId: 1 }] }),
    ).resolves.toBe('0x02f8signed');
    expect(nodeCalls.map((c) => c.method)).not.toContain('eth_sendRawTransaction');
  });

  it('prepareTransaction fills a request on its chain (or the current one) and asks and signs nothing', async () => {
    const { provider, confirmed, signed, nodeCalls } = setup();
    const { transaction, chain: on } = await provider.prepareTransaction({ to, value: 5n, chainId: 8453 });
    expect(on.id).toBe(8453);
    expect(transaction).toMatchObject({
      from: address,
      to,
      value: '0x5',
      nonce: 2,
      gasLimit: '0x5208',
      type: 2,
    });
    expect((await provider.prepareTransaction({ to })).chain.id).toBe(1);
    expect(confirmed).toEqual([]);
    expect(signed).toEqual([]);
    expect(nodeCalls.map((c) => c.method)).not.toContain('eth_sendRawTransaction');
    // The same checks as a send: another chain is refused.
    expect((await rpcError(provider.prepareTransaction({ to, chainId: 10 }))).code).toBe(4901);
  });

  it('a transaction for an unconfigured chain is refused before anything is asked', async () => {
    const { provider, confirmed, signed } = setup();
    const error = await rpcError(
      provider.request({ method: 'eth_sendTransaction', params: [{ to, chainId: 10 }] }),
    );
    expect(error.code).toBe(4901);
    expect(confirmed).toEqual([]);
    expect(signed).toEqual([]);
  });

  it('frame errors come out as EIP-1193 errors that keep the frame’s type', async () => {
    const frame = new EmbeddedWalletError('invalid_request_arguments', 'Invalid typed data');
    const { provider } = setup({ signError: frame });
    const error = await rpcError(
      provider.request({ method: 'eth_signTypedData_v4', params: [address, 'x'] }),
    );
    expect(error).toMatchObject({
      code: -32602,
      message: 'Invalid typed data',
      data: { type: 'invalid_request_arguments' },
    });
    expect(error.cause).toBe(frame);
  });
});
