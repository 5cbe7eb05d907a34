import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpChainRpc, type PreparedTransaction } from '../embedded/index.ts';
import { decodeCall, maxFee, messageContent, transactionContent } from './ethereum-content.ts';
import { waitForReceipt } from './receipt.ts';

// Hardhat's first two development accounts (10000 ETH each on a fresh node).
const rich = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const empty = '0x000000000000000000000000000000000000dEaD';
const token = '0x1111111111111111111111111111111111111111';

let node: EvmNode;
beforeAll(async () => {
  node = await startEvmNode();
});
afterAll(() => node?.stop());

const chain = () => ({
  id: 31337,
  name: 'Hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [node.url] } },
  blockExplorers: { default: { name: 'Scan', url: 'https://scan.example/' } },
});

/** A prepared type-2 transaction: 21000 gas at 2 gwei at most. */
const prepared = (patch: Partial<PreparedTransaction>): PreparedTransaction => ({
  from: rich,
  to: other,
  value: '0x0',
  nonce: 0,
  gasLimit: '0x5208',
  chainId: 31337,
  type: 2,
  maxFeePerGas: '0x77359400',
  maxPriorityFeePerGas: '0x3b9aca00',
  ...patch,
});

describe('decodeCall', () => {
  it('reads ERC-20 transfer, transferFrom and approve', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 5n] });
    expect(decodeCall(transfer)).toEqual({
      action: 'transfer',
      recipient: other,
      amount: 5n,
      spender: null,
      erc20: true,
    });
    const from = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [rich, other, 7n] });
    expect(decodeCall(from)).toMatchObject({ action: 'transfer', recipient: other, amount: 7n });
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other, maxUint256] });
    expect(decodeCall(approve)).toMatchObject({ action: 'approve', spender: other, amount: maxUint256 });
  });

  it('reads NFT transfers and approvals for all, and knows nothing else', () => {
    const safe = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'safeTransferFrom',
      args: [rich, other, 1n],
    });
    expect(decodeCall(safe)).toMatchObject({ action: 'transfer', recipient: other, erc20: false });
    const all = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [other, true],
    });
    expect(decodeCall(all)).toMatchObject({ action: 'approve', spender: other, erc20: false });
    expect(decodeCall('0xdeadbeef')).toBeNull();
    expect(decodeCall('0x')).toBeNull();
    expect(decodeCall(undefined)).toBeNull();
  });
});

describe('messageContent', () => {
  it('shows personal_sign text, eth_sign hashes, and typed data (object or JSON) as data', () => {
    expect(messageContent({ method: 'personal_sign', params: ['0x6869', rich] })).toEqual({
      kind: 'message',
      text: 'hi',
      typedData: null,
    });
    expect(messageContent({ method: 'eth_sign', params: [rich, '0xabcd'] }).text).toBe('0xabcd');
    const typed = { primaryType: 'Mail', message: { contents: 'hello' } };
    expect(messageContent({ method: 'eth_signTypedData_v4', params: [rich, JSON.stringify(typed)] })).toEqual(
      {
        kind: 'message',
        text: null,
        typedData: typed,
      },
    );
    expect(messageContent({ method: 'eth_signTypedData_v4', params: [rich, typed] }).typedData).toBe(typed);
  });
});

describe('transactionContent', () => {
  it('prices a native transfer from the node: Send, To, Network, fee, total, balance', async () => {
    const value = 10n ** 16n;
    const content = await transactionContent({
      transaction: prepared({ value: `0x${value.toString(16)}` }),
      chain: chain(),
      ui: {},
    });
    expect(content).toEqual({
      kind: 'transaction',
      action: 'transaction',
      send: '0.01 ETH',
      spender: null,
      to: other,
      tokenAddress: null,
      network: 'Hardhat',
      fee: '0.000042 ETH',
      from: rich,
      total: '0.010042 ETH',
      balance: expect.stringMatching(/^(9,999\.9\d*|10,000) ETH$/),
      insufficient: false,
      confirm: 'address',
      explorerUrl: 'https://scan.example/tx/{hash}',
      funding: null,
    });
  });

  it('marks a transaction the balance does not cover, and takes the host action name', async () => {
    const content = await transactionContent({
      transaction: prepared({ from: empty, value: '0x1' }),
      chain: chain(),
      ui: { transactionInfo: { action: 'buy' } },
    });
    expect(content).toMatchObject({ balance: '0 ETH', insufficient: true, action: 'buy', funding: null });
  });

  it('with funding on, a short balance gets a funding target: the shortfall and a live balance', async () => {
    const value = 10n ** 15n;
    const content = await transactionContent({
      transaction: prepared({ from: empty, value: `0x${value.toString(16)}` }),
      chain: chain(),
      ui: {},
      fundingEnabled: true,
    });
    expect(content.insufficient).toBe(true);
    expect(content.funding).toMatchObject({
      address: empty,
      network: 'Hardhat',
      symbol: 'ETH',
      decimals: 18,
      // Value plus the most the fee can be (21000 gas × 2 gwei), all of it missing.
      amount: value + 21_000n * 2_000_000_000n,
    });
    const rpc = httpChainRpc(node.url);
    const before = await content.funding!.balance();
    const hash = (await rpc('eth_sendTransaction', [{ from: rich, to: empty, value: '0x2' }])) as string;
    await waitForReceipt({ rpc, hash });
    expect(await content.funding!.balance()).toBe(before + 2n);
    // Enough balance: no target, even with funding on.
    const covered = await transactionContent({
      transaction: prepared({ value: '0x1' }),
      chain: chain(),
      ui: {},
      fundingEnabled: true,
    });
    expect(covered.funding).toBeNull();
  });

  it('counts what earlier batch requests commit against the balance, and shows an unknown fee as —', async () => {
    const rpc = httpChainRpc(node.url);
    const balance = BigInt((await rpc('eth_getBalance', [rich, 'latest'])) as string);
    const content = await transactionContent({
      transaction: prepared({ value: '0x1' }),
      chain: chain(),
      ui: {},
      committed: balance,
      feeUnknown: true,
    });
    expect(content).toMatchObject({ fee: '—', insufficient: true, total: '<0.000001 ETH' });
  });

  it("shows a token transfer's recipient and token, and 'Maximum' for an unlimited approval", async () => {
    const transfer = await transactionContent({
      transaction: prepared({
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 1234n] }),
      }),
      chain: chain(),
      ui: {},
    });
    // No contract at `token` answers symbol()/decimals(): the amount shows in base units.
    expect(transfer).toMatchObject({
      action: 'transfer',
      send: '1234',
      to: other,
      tokenAddress: token,
      confirm: 'address',
    });
    const approve = await transactionContent({
      transaction: prepared({
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other, maxUint256] }),
      }),
      chain: chain(),
      ui: {},
    });
    expect(approve).toMatchObject({
      action: 'approve',
      send: 'Maximum',
      spender: other,
      to: token,
      confirm: 'action',
    });
    // A call the screens cannot decode is an action too; a plain value transfer asks for the address.
    const call = await transactionContent({
      transaction: prepared({ data: '0xdeadbeef' }),
      chain: chain(),
      ui: {},
    });
    expect(call.confirm).toBe('action');
  });

  it('reads the fee as gas limit × the highest price per gas (legacy: gasPrice)', () => {
    expect(maxFee(prepared({}))).toBe(21_000n * 2_000_000_000n);
    expect(maxFee(prepared({ type: 0, maxFeePerGas: undefined, gasPrice: '0x3b9aca00' }))).toBe(
      21_000n * 1_000_000_000n,
    );
  });
});

describe('waitForReceipt', () => {
  it('returns the receipt of a mined transaction, and null once told to stop', async () => {
    const rpc = httpChainRpc(node.url);
    const hash = (await rpc('eth_sendTransaction', [{ from: rich, to: other, value: '0x1' }])) as string;
    expect(await waitForReceipt({ rpc, hash })).toMatchObject({ transactionHash: hash, status: '0x1' });
    let polls = 0;
    const unknown = `0x${'00'.repeat(31)}01`;
    const receipt = await waitForReceipt({
      rpc,
      hash: unknown,
      intervalMs: 1,
      stopped: () => {
        polls += 1;
        return polls > 2;
      },
    });
    expect(receipt).toBeNull();
  });
});
