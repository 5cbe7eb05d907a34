import {
  type EvmNode,
  frameSignWith,
  hardhatChain,
  startEvmNode,
  toSerializable,
} from '@latchkey/test/chains';
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRpcError } from './errors.ts';
import { createEmbeddedEthereumProvider } from './ethereum-provider.ts';
import { httpChainRpc } from './json-rpc.ts';
import { prepareTransaction } from './prepare-transaction.ts';

// Hardhat's well-known first development account (10000 ETH on a fresh node).
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const frameSign = frameSignWith(account);

let node: EvmNode;
let chain: Chain;

beforeAll(async () => {
  node = await startEvmNode();
  chain = hardhatChain(node);
});
afterAll(async () => {
  await node?.stop();
});

const balanceOf = (address: string) =>
  createPublicClient({ chain, transport: http(node.url) }).getBalance({ address: address as Hex });

describe('transactions on a real EVM node (hardhat)', () => {
  it('prepares a transfer that, signed and sent raw, lands with the pending nonce', async () => {
    const rpc = httpChainRpc(node.url);
    const before = await balanceOf(recipient);
    const startNonce = Number(await rpc('eth_getTransactionCount', [account.address, 'pending']));
    const hashes: unknown[] = [];
    for (const value of [parseEther('0.5'), parseEther('0.25')]) {
      const { transaction } = await prepareTransaction(
        { to: recipient, value },
        { address: account.address, chainId: chain.id, chains: [chain], rpcFor: () => rpc },
      );
      expect(transaction).toMatchObject({ type: 2, chainId: 31337, from: account.address });
      // A plain transfer: the node's estimate is about 21000 (hardhat's search lands on 21001).
      expect(Number(transaction.gasLimit)).toBeGreaterThanOrEqual(21_000);
      expect(Number(transaction.gasLimit)).toBeLessThan(22_000);
      const signed = await account.signTransaction(toSerializable(transaction));
      hashes.push(await rpc('eth_sendRawTransaction', [signed]));
    }
    const receipts = await Promise.all(hashes.map((hash) => rpc('eth_getTransactionReceipt', [hash])));
    expect(receipts.map((r) => (r as { status: string }).status)).toEqual(['0x1', '0x1']);
    const nonces = await Promise.all(hashes.map((hash) => rpc('eth_getTransactionByHash', [hash])));
    expect(nonces.map((t) => Number((t as { nonce: string }).nonce))).toEqual([startNonce, startNonce + 1]);
    expect((await balanceOf(recipient)) - before).toBe(parseEther('0.75'));
  });

  it('sends a legacy transaction when a gas price is given', async () => {
    const rpc = httpChainRpc(node.url);
    const gasPrice = BigInt((await rpc('eth_gasPrice')) as string) * 2n;
    const { transaction } = await prepareTransaction(
      { to: recipient, value: 1n, gasPrice },
      { address: account.address, chainId: chain.id, chains: [chain], rpcFor: () => rpc },
    );
    expect(transaction).toMatchObject({ type: 0, gasPrice: `0x${gasPrice.toString(16)}` });
    const hash = await rpc('eth_sendRawTransaction', [
      await account.signTransaction(toSerializable(transaction)),
    ]);
    const mined = (await rpc('eth_getTransactionByHash', [hash])) as { type: string; gasPrice: string };
    expect({ type: mined.type, gasPrice: BigInt(mined.gasPrice) }).toEqual({ type: '0x0', gasPrice });
  });

  it('works as a viem custom transport: eth_sendTransaction through confirm, signatures that verify', async () => {
    const confirmed: string[] = [];
    const provider = createEmbeddedEthereumProvider({
      address: account.address,
      chains: [chain],
      sign: frameSign,
      confirm: async (request) => {
        confirmed.push(request.method);
      },
    });
    const wallet = createWalletClient({ account: account.address, chain, transport: custom(provider) });
    const publicClient = createPublicClient({ chain, transport: custom(provider) });
    const before = await balanceOf(recipient);

    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther('1') });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase());
    expect((await balanceOf(recipient)) - before).toBe(parseEther('1'));

    const message = 'Sign in to Latchkey';
    const signature = await wallet.signMessage({ account: account.address, message });
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true);

    const typedData = {
      domain: { name: 'Latchkey', version: '1', chainId: chain.id },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'Hello' },
    } as const;
    const typedSignature = await wallet.signTypedData({ account: account.address, ...typedData });
    expect(await verifyTypedData({ address: account.address, ...typedData, signature: typedSignature })).toBe(
      true,
    );

    expect(confirmed).toEqual(['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4']);
  });

  it('a refused confirmation sends nothing', async () => {
    const provider = createEmbeddedEthereumProvider({
      address: account.address,
      chains: [chain],
      sign: frameSign,
      confirm: async () => {
        throw new Error('closed');
      },
    });
    const rpc = httpChainRpc(node.url);
    const nonce = await rpc('eth_getTransactionCount', [account.address, 'pending']);
    const error = await provider
      .request({ method: 'eth_sendTransaction', params: [{ to: recipient, value: '0x1' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(error).toMatchObject({ code: 4001, message: 'The user rejected the request.' });
    expect(await rpc('eth_getTransactionCount', [account.address, 'pending'])).toBe(nonce);
  });

  it("passes a node's revert through from gas estimation", async () => {
    const rpc = httpChainRpc(node.url);
    // Init code 0xfe is INVALID: deploying it fails, with and without `from`.
    const error = await prepareTransaction(
      { data: '0xfe' },
      { address: account.address, chainId: chain.id, chains: [chain], rpcFor: () => rpc },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect((error as ProviderRpcError).message.length).toBeGreaterThan(0);
  });
});
