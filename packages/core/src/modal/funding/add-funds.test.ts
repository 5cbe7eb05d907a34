import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fundingClient } from '../../../test/funding-flow.ts';
import type { TransactionContent } from '../../signing/content.ts';
import { signingStore } from '../../signing/queue.ts';
import { createModalFlow } from '../flow.ts';

/**
 * 'Add funds' on a confirm screen (spec document 2 §2): the Fund wallet chooser opens over the
 * signing screen, and its end (Back, Receive funds' Continue) returns there.
 */
function harness() {
  let balance = 0n;
  const client = fundingClient([{ method: 'card', provider: 'coinbase' }]);
  const flow = createModalFlow({
    client,
    settings: () => ({}),
    report: () => undefined,
    dismiss: () => flow.ended(),
    walletCaptcha: async () => undefined,
  });
  const detach = flow.attach();
  const store = signingStore(client);
  const { session } = store.open({ ui: {}, signOnly: false });
  flow.open({ intent: 'signing', id: 1 });
  const content = {
    kind: 'transaction',
    insufficient: true,
    funding: {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chain: { chainType: 'ethereum', chainId: 8453 },
      network: 'Base',
      symbol: 'ETH',
      decimals: 18,
      amount: 5n * 10n ** 15n,
      balance: async () => balance,
    },
  } as unknown as TransactionContent;
  const choice = session.confirm(content);
  choice.catch(() => undefined); // closed at the end of a test that does not wait for it
  const names = () => flow.getState().navigation.stack.map((screen) => screen.name);
  return {
    flow,
    store,
    session,
    choice,
    names,
    detach,
    fund: (value: bigint) => {
      balance = value;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("'Add funds' on a confirm screen", () => {
  it('opens the chooser over it for the shortfall; Back returns to the confirm screen', () => {
    const { flow, store, session, names, detach } = harness();
    store.addFunds(session.id);
    expect(names()).toEqual(['signing', 'fund-chooser']);
    flow.funding.receive();
    expect(flow.screen()).toMatchObject({ name: 'fund-receive', title: 'Receive 0.005 ETH' });
    flow.back();
    flow.back();
    expect([names(), store.current()?.stage]).toEqual([['signing'], 'confirm']);
    store.dismissAll();
    detach();
  });

  it("returns with the funds after Receive funds' Continue: the request is priced again", async () => {
    const { flow, store, session, names, choice, fund, detach } = harness();
    store.addFunds(session.id);
    flow.funding.receive();
    await vi.advanceTimersByTimeAsync(0);
    fund(10n ** 18n);
    await vi.advanceTimersByTimeAsync(2000);
    expect(flow.screen()).toMatchObject({ name: 'fund-receive', funded: true });
    flow.funding.done();
    expect(names()).toEqual(['signing']);
    expect(await choice).toBe('funded');
    store.dismissAll();
    detach();
  });
});
