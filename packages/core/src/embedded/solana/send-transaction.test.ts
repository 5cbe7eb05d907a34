import { describe, expect, it } from 'vitest';
import type { SolanaRpcClient } from './rpc.ts';
import { sendSolanaTransaction } from './send-transaction.ts';

/** An RPC whose status reads answer `statuses` in turn (then the last one). */
function fakeRpc(statuses: unknown[]) {
  const asked: string[] = [];
  let read = 0;
  const rpc: SolanaRpcClient = {
    async request<T>(method: string, params: unknown[]) {
      asked.push(method);
      if (method === 'sendTransaction') {
        expect(params).toEqual(['AQI=', { encoding: 'base64', preflightCommitment: 'confirmed' }]);
        return 'sig' as T;
      }
      const status = statuses[Math.min(read, statuses.length - 1)];
      read += 1;
      return { value: [status] } as T;
    },
  };
  return { rpc, asked };
}

const sleep = async () => undefined;

describe('sendSolanaTransaction', () => {
  it('sends base64 and polls the status until confirmed', async () => {
    const { rpc, asked } = fakeRpc([
      null,
      { err: null, confirmationStatus: 'processed' },
      { err: null, confirmationStatus: 'confirmed' },
    ]);
    await expect(sendSolanaTransaction({ rpc, wire: Uint8Array.of(1, 2), sleep })).resolves.toBe('sig');
    expect(asked).toEqual(['sendTransaction', ...Array(3).fill('getSignatureStatuses')]);
  });

  it("rejects with the cluster's error, or when it never confirms", async () => {
    const failed = fakeRpc([{ err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' }]);
    await expect(
      sendSolanaTransaction({ rpc: failed.rpc, wire: Uint8Array.of(1, 2), sleep }),
    ).rejects.toMatchObject({
      code: 'transaction_failure',
      message: 'The transaction failed',
    });
    const lost = fakeRpc([null]);
    await expect(
      sendSolanaTransaction({ rpc: lost.rpc, wire: Uint8Array.of(1, 2), sleep, pollMs: 10, timeoutMs: 50 }),
    ).rejects.toThrow('The transaction was not confirmed in time');
  });
});
