/**
 * The viem account's transaction mapping, without a server: viem's fields become the wire's
 * (snake_case, 0x-hex quantities, numeric type), a nonce of 0 is sent (not dropped), and what a server
 * wallet cannot sign (blob and EIP-7702 transactions, access lists) is refused before any call.
 */
import { toEthereumTransaction } from '@latchkey/node/viem';
import type { TransactionSerializable } from 'viem';
import { describe, expect, it } from 'vitest';

describe('toEthereumTransaction', () => {
  it('maps legacy and EIP-1559 transactions, nonce 0 included', () => {
    expect(
      toEthereumTransaction({
        chainId: 8453,
        type: 'eip1559',
        to: '0x0000000000000000000000000000000000000002',
        value: 10n ** 18n,
        nonce: 0,
        gas: 21000n,
        maxFeePerGas: 3n,
        maxPriorityFeePerGas: 1n,
        data: '0x',
      }),
    ).toEqual({
      type: 2,
      to: '0x0000000000000000000000000000000000000002',
      data: '0x',
      value: '0xde0b6b3a7640000',
      nonce: '0x0',
      chain_id: '0x2105',
      gas_limit: '0x5208',
      gas_price: undefined,
      max_fee_per_gas: '0x3',
      max_priority_fee_per_gas: '0x1',
    });
    expect(toEthereumTransaction({ gasPrice: 5n, nonce: 1 })).toMatchObject({
      type: 0,
      gas_price: '0x5',
      nonce: '0x1',
    });
    expect(toEthereumTransaction({ chainId: 1, maxFeePerGas: 5n })).toMatchObject({ type: 2 });
    expect(
      toEthereumTransaction({ chainId: 1, type: 'eip2930', gasPrice: 1n, accessList: [] }),
    ).toMatchObject({
      type: 1,
    });
  });

  it('refuses what a server wallet cannot sign', () => {
    const refused = [
      { type: 'eip4844', maxFeePerBlobGas: 1n, blobVersionedHashes: [] },
      { type: 'eip7702', authorizationList: [] },
      {
        type: 'eip1559',
        accessList: [{ address: '0x0000000000000000000000000000000000000002', storageKeys: [] }],
      },
    ] as unknown as TransactionSerializable[];
    for (const transaction of refused) expect(() => toEthereumTransaction(transaction)).toThrow(TypeError);
  });
});
