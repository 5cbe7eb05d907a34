import type { User } from '@latchkey/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletAccount } from '../../../test/embedded-world.ts';
import type { LatchkeyClient } from '../../createLatchkeyClient.ts';
import { createModalFlow } from '../flow.ts';

const address = '0x1111111111111111111111111111111111111111';

/** The funding prompt after a login created a wallet (app funding config). */
function harness(prompt: boolean) {
  const user = { linked_accounts: [walletAccount('ethereum', address, 0)] } as unknown as User;
  const asked: string[] = [];
  const client = {
    appId: 'app',
    getState: () => ({
      ready: true,
      authenticated: true,
      user,
      appConfig: {
        funding_config: { options: [], prompt_funding_on_wallet_creation: prompt },
      },
    }),
    subscribe: () => () => undefined,
  } as unknown as LatchkeyClient;
  const flow = createModalFlow({
    client,
    settings: () => ({
      funding: {
        promptTask: async (wallet) => {
          asked.push(`${wallet.chainType}:${wallet.address}`);
          return {
            address: wallet.address,
            chain: { chainType: 'ethereum', chainId: 8453 },
            asset: 'native-currency',
            amount: '0.01',
            symbol: 'ETH',
            decimals: 18,
            network: 'Base',
            readBalance: async () => 0n,
          };
        },
      },
    }),
    report: () => undefined,
    dismiss: () => flow.ended(),
    walletCaptcha: async () => undefined,
  });
  flow.open({ intent: 'login', id: 1 });
  return { flow, user, asked };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the funding prompt after wallet creation', () => {
  it('replaces the created screen with the chooser for the new wallet after 2.5 s', async () => {
    const { flow, user, asked } = harness(true);
    expect(flow.funding.promptAfterWallet(user)).toBe(true);
    await vi.advanceTimersByTimeAsync(2499);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect([asked, flow.screen().name]).toEqual([[`ethereum:${address}`], 'fund-chooser']);
  });

  it('is not offered when the app does not ask for it', () => {
    const { flow, user } = harness(false);
    expect(flow.funding.promptAfterWallet(user)).toBe(false);
  });

  it('is dropped when the modal closes first', async () => {
    const { flow, user, asked } = harness(true);
    flow.funding.promptAfterWallet(user);
    flow.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toEqual([]);
  });
});
