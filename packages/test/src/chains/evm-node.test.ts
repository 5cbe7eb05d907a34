import { describe, expect, it } from 'vitest';
import { startEvmNode } from './evm-node.ts';

describe('startEvmNode', () => {
  it("runs Hardhat's chain 31337 unless asked for another id", async () => {
    const node = await startEvmNode();
    try {
      expect([node.chainId, await node.rpc('eth_chainId')]).toEqual([31337, '0x7a69']);
    } finally {
      await node.stop();
    }
  });

  it('refuses a chain id that is not a positive integer, before starting anything', async () => {
    await expect(startEvmNode({ chainId: 0 })).rejects.toThrow(/chainId must be a positive integer: 0/);
    await expect(startEvmNode({ chainId: 1.5 })).rejects.toThrow(/positive integer/);
  });
});
