import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTestToken, setTokenBalance, tokenBalance, tokenTransferData } from './erc20-token.ts';
import { type EvmNode, startEvmNode } from './evm-node.ts';

let node: EvmNode;
beforeAll(async () => {
  node = await startEvmNode();
});
afterAll(() => node?.stop());

const token = '0x00000000000000000000000000000000000e2c20';
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (value: string | bigint) => `0x${BigInt(value).toString(16).padStart(64, '0')}`;

describe('the hand-assembled test ERC-20', () => {
  it('transfers, emits the standard Transfer event, answers balanceOf and decimals, and refuses a short balance', async () => {
    const [holder, other] = (await node.rpc('eth_accounts')) as string[];
    await installTestToken(node, token);
    await setTokenBalance(node, token, holder!, 1_000_000n);
    expect(await tokenBalance(node, token, holder!)).toBe(1_000_000n);
    expect(
      BigInt((await node.rpc('eth_call', [{ to: token, data: '0x313ce567' }, 'latest'])) as string),
    ).toBe(6n);

    const hash = await node.rpc('eth_sendTransaction', [
      { from: holder, to: token, data: tokenTransferData(other!, 250_000n) },
    ]);
    const receipt = (await node.rpc('eth_getTransactionReceipt', [hash])) as {
      status: string;
      logs: { address: string; topics: string[]; data: string }[];
    };
    expect(receipt.status).toBe('0x1');
    expect(receipt.logs).toEqual([
      expect.objectContaining({
        address: token,
        topics: [transferTopic, word(holder!), word(other!)],
        data: word(250_000n),
      }),
    ]);
    expect(await tokenBalance(node, token, holder!)).toBe(750_000n);
    expect(await tokenBalance(node, token, other!)).toBe(250_000n);
    // A transfer to oneself leaves the balance as it was.
    await node.rpc('eth_sendTransaction', [
      { from: other, to: token, data: tokenTransferData(other!, 100n) },
    ]);
    expect(await tokenBalance(node, token, other!)).toBe(250_000n);

    await expect(
      node.rpc('eth_sendTransaction', [
        { from: other, to: token, data: tokenTransferData(holder!, 250_001n) },
      ]),
    ).rejects.toThrow(/revert/i);
    await expect(node.rpc('eth_call', [{ to: token, data: '0x12345678' }, 'latest'])).rejects.toThrow(
      /revert/i,
    );
  });
});
