import type { FrameSign, PreparedTransaction } from '@latchkey/core/embedded';
import {
  type Chain,
  defineChain,
  type Hex,
  type PrivateKeyAccount,
  type TransactionSerializable,
} from 'viem';
import type { EvmNode } from './evm-node.ts';

/** viem's chain for a test node: Hardhat's id, its URL as the only RPC URL. */
export function hardhatChain(node: EvmNode): Chain {
  return defineChain({
    id: node.chainId,
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
}

/** What the wallet frame does with a prepared transaction: viem's fields, then sign. */
export function toSerializable(tx: PreparedTransaction): TransactionSerializable {
  const common = {
    chainId: tx.chainId,
    nonce: tx.nonce,
    gas: BigInt(tx.gasLimit),
    to: tx.to,
    value: BigInt(tx.value),
    data: tx.data,
  };
  if (tx.type === 2)
    return {
      ...common,
      type: 'eip1559',
      maxFeePerGas: BigInt(tx.maxFeePerGas!),
      maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas!),
    };
  return { ...common, type: 'legacy', gasPrice: BigInt(tx.gasPrice!) };
}

/** A stand-in for the frame's `privy:wallets:rpc`, signing with `account` (a test-side key). */
export function frameSignWith(account: PrivateKeyAccount): FrameSign {
  return async ({ method, params }) => {
    const list = params as unknown[];
    if (method === 'eth_signTransaction')
      return account.signTransaction(toSerializable(list[0] as PreparedTransaction));
    if (method === 'personal_sign') return account.signMessage({ message: { raw: list[0] as Hex } });
    if (method === 'eth_signTypedData_v4') {
      const typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1];
      return account.signTypedData(typed);
    }
    throw new Error(`unexpected ${method}`);
  };
}
