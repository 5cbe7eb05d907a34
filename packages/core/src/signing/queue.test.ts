import { describe, expect, it } from 'vitest';
import type { SolanaTransactionContent } from './content.ts';
import { createSigningStore, SigningCancelledError } from './queue.ts';

const message = { kind: 'message', text: 'hello', typedData: null } as const;

async function settled(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  let state: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(
    () => {
      state = 'resolved';
    },
    () => {
      state = 'rejected';
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return state;
}

describe('the signing store', () => {
  it('shows a session from preparing to confirm, and approval resolves it into submitting', async () => {
    const store = createSigningStore();
    const { session, first } = store.open({ ui: {}, signOnly: false });
    expect(first).toBe(true);
    expect(store.current()).toMatchObject({ id: session.id, stage: 'preparing', content: null });
    const approval = session.confirm(message);
    expect(store.current()).toMatchObject({ stage: 'confirm', content: message });
    expect(await settled(approval)).toBe('pending');
    store.approve(session.id);
    expect(await settled(approval)).toBe('resolved');
    expect(store.current()?.stage).toBe('submitting');
    session.update({ stage: 'complete' });
    expect(store.current()?.stage).toBe('complete');
    session.finish();
    expect(store.current()).toBeNull();
  });

  it('rejects the approval on cancel, and the session leaves the queue', async () => {
    const store = createSigningStore();
    const { session } = store.open({ ui: { isCancellable: true }, signOnly: false });
    const approval = session.confirm(message);
    store.cancel(session.id);
    await expect(approval).rejects.toBeInstanceOf(SigningCancelledError);
    expect(session.closed).toBe(true);
    expect(store.current()).toBeNull();
    // A closed session refuses at once and ignores updates.
    await expect(session.confirm(message)).rejects.toBeInstanceOf(SigningCancelledError);
    session.update({ stage: 'complete' });
    expect(store.current()).toBeNull();
  });

  it('queues sessions: the second shows once the first finishes', () => {
    const store = createSigningStore();
    const one = store.open({ ui: {}, signOnly: false });
    const two = store.open({ ui: {}, signOnly: true });
    expect(two.first).toBe(false);
    expect(store.current()?.id).toBe(one.session.id);
    one.session.finish();
    expect(store.current()).toMatchObject({ id: two.session.id, signOnly: true });
  });

  it('dismissAll (the modal closed) refuses every waiting session and ends every error wait', async () => {
    const store = createSigningStore();
    const one = store.open({ ui: {}, signOnly: false }).session;
    const two = store.open({ ui: {}, signOnly: false }).session;
    const approval = one.confirm(message);
    const retry = two.failed({ title: 'Transaction failed', code: null, message: 'reverted' }, '0xabc');
    let notified = 0;
    store.subscribe(() => {
      notified += 1;
    });
    store.dismissAll();
    await expect(approval).rejects.toBeInstanceOf(SigningCancelledError);
    expect(await retry).toBe(false);
    expect(store.current()).toBeNull();
    expect(notified).toBe(1);
    expect(one.closed && two.closed).toBe(true);
  });

  it("shows the error with its hash; 'Retry transaction' resolves true and goes back to preparing", async () => {
    const store = createSigningStore();
    const { session } = store.open({ ui: {}, signOnly: false });
    const failure = {
      title: 'Transaction failed',
      code: 'transaction_failure',
      message: 'Transaction failed.',
    };
    const retry = session.failed(failure, '0xhash');
    expect(store.current()).toMatchObject({ stage: 'error', failure, hash: '0xhash' });
    store.retry(session.id);
    expect(await retry).toBe(true);
    expect(store.current()).toMatchObject({ stage: 'preparing', failure: null, hash: null });
  });

  it("steps through a batch: 'continue' and 'back' only where they lead somewhere, approve only on the last", async () => {
    const store = createSigningStore();
    const { session } = store.open({ ui: {}, signOnly: false });
    let choice = session.confirm(message, { index: 0, count: 2 });
    store.back(session.id); // nothing before the first
    store.approve(session.id); // not the last: only 'Continue' leads on
    expect(await settled(choice)).toBe('pending');
    store.next(session.id);
    expect(await choice).toBe('continue');
    expect(store.current()?.stage).toBe('preparing');
    choice = session.confirm(message, { index: 1, count: 2 });
    expect(store.current()?.step).toEqual({ index: 1, count: 2 });
    store.next(session.id); // nothing after the last
    expect(await settled(choice)).toBe('pending');
    store.back(session.id);
    expect(await choice).toBe('back');
    choice = session.confirm(message, { index: 1, count: 2 });
    store.approve(session.id);
    expect(await choice).toBe('approve');
    expect(store.current()?.stage).toBe('submitting');
  });

  it("'Add funds' needs a funding target; back from it keeps the confirm waiting; funds resolve 'funded'", async () => {
    const store = createSigningStore();
    const { session } = store.open({ ui: {}, signOnly: false });
    const transaction: SolanaTransactionContent = {
      kind: 'solana-transaction',
      amount: null,
      network: 'Solana',
      fee: '0.000005 SOL',
      instructions: [],
      insufficient: true,
      explorerUrl: null,
      funding: null,
    };
    let choice = session.confirm(transaction);
    store.addFunds(session.id);
    expect(store.current()?.stage).toBe('confirm');
    store.approve(session.id);
    expect(await choice).toBe('approve');
    const funding = {
      address: 'x',
      chain: { chainType: 'solana' as const, cluster: 'devnet' as const },
      network: 'Solana',
      symbol: 'SOL',
      decimals: 9,
      amount: 1n,
      balance: async () => 0n,
    };
    choice = session.confirm({ ...transaction, funding });
    store.fundsAdded(session.id); // not on the funding screen: nothing happens
    store.addFunds(session.id);
    expect(store.current()?.stage).toBe('funding');
    store.approve(session.id); // the confirm screen is not showing
    store.backToConfirm(session.id);
    expect(store.current()?.stage).toBe('confirm');
    expect(await settled(choice)).toBe('pending');
    store.addFunds(session.id);
    store.fundsAdded(session.id);
    expect(await choice).toBe('funded');
    expect(store.current()?.stage).toBe('preparing');
  });
});
