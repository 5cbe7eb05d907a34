import type { FarcasterSigner } from '@latchkey/protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fundingClient, fundingModal } from '../../../test/funding-flow.ts';

const key = `0x${'cd'.repeat(32)}`;
const url = 'farcaster://signed-key-request?token=0xabc';
const pending: FarcasterSigner = { status: 'pending_approval', public_key: key, signer_approval_url: url };
const approved: FarcasterSigner = { status: 'approved', public_key: key, fid: 5 };
const revoked: FarcasterSigner = { status: 'revoked', public_key: key, fid: 5 };

/**
 * The modal's signer request on a fake client whose server answers the status reads from
 * `statuses` and whose frame answers a new init with `reinit` (the real routes and frame are tested
 * on their sides): the screens, the 2 s reads, the close after approval, failures and Retry.
 */
function harness(statuses: FarcasterSigner[], reinit: FarcasterSigner = pending) {
  const calls: string[] = [];
  const user = {
    id: 'did:privy:u',
    linked_accounts: [
      {
        type: 'wallet',
        wallet_client_type: 'privy',
        connector_type: 'embedded',
        chain_type: 'ethereum',
        address: '0x1111111111111111111111111111111111111111',
        wallet_index: 0,
        recovery_method: 'privy',
      },
      { type: 'farcaster', fid: 5 },
    ],
  };
  const client = fundingClient([], {
    http: {
      call: async (route: { path: string }) => {
        calls.push(route.path);
        return statuses.length > 1 ? statuses.shift() : statuses[0];
      },
    },
    getState: () => ({ ready: true, authenticated: true, user, appConfig: {} }),
    refreshSession: async () => {
      calls.push('refresh');
      return user;
    },
    embeddedWallets: async () => ({
      connect: async () => ({ entropyId: user.linked_accounts[0]?.address }),
      initFarcasterSigner: async () => {
        calls.push('init-signer');
        return reinit;
      },
    }),
  });
  const modal = fundingModal(client);
  const open = (signer: FarcasterSigner | undefined) =>
    modal.flow.open({ intent: 'farcaster-signer', id: 1, farcasterSigner: signer });
  const reads = () => calls.filter((c) => c.endsWith('/signer/status')).length;
  return { ...modal, open, calls, reads };
}

beforeAll(async () => {
  // The flow loads the signer module on first use: loaded here, that import settles within a tick.
  await import('../../farcaster-signer/index.ts');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the Farcaster signer request in the modal', () => {
  it('shows the approval link, reads every 2 s, and once approved shows success and closes after 1.4 s', async () => {
    const { open, screen, reads, calls, dismissals } = harness([pending, pending, approved]);
    open(pending);
    expect(screen()).toEqual({
      name: 'farcaster-signer',
      status: 'waiting',
      approvalUrl: url,
      mobile: null,
    });
    await vi.advanceTimersByTimeAsync(4000);
    expect(reads()).toBe(2);
    expect(screen()).toMatchObject({ status: 'waiting' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(screen()).toMatchObject({ status: 'success' });
    expect(calls.at(-1)).toBe('refresh');
    await vi.advanceTimersByTimeAsync(1399);
    expect(dismissals()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(dismissals()).toBe(1);
  });

  it("a key removed while waiting: 'Request rejected' (rejected); Retry asks the frame again", async () => {
    const { flow, open, screen, calls } = harness([pending, revoked]);
    open(pending);
    await vi.advanceTimersByTimeAsync(4000);
    expect(screen()).toMatchObject({ status: 'failure', failure: 'rejected', approvalUrl: null });
    flow.farcasterSigner.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toContain('init-signer');
    expect(screen()).toMatchObject({ status: 'waiting', approvalUrl: url });
  });

  it('after 5 min without approval: the timeout, after 150 reads', async () => {
    const { open, screen, reads } = harness([pending]);
    open(pending);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(screen()).toMatchObject({ status: 'failure', failure: 'timeout' });
    expect(reads()).toBe(150);
  });

  it('no public key: failed at once; already approved: success without a read; already revoked: rejected', async () => {
    const none = harness([pending]);
    none.open(undefined);
    expect(none.screen()).toMatchObject({ status: 'failure', failure: 'failed' });
    const done = harness([pending]);
    done.open(approved);
    expect(done.screen()).toMatchObject({ status: 'success' });
    await vi.advanceTimersByTimeAsync(1400);
    expect(done.dismissals()).toBe(1);
    expect(done.reads()).toBe(0);
    const gone = harness([pending]);
    gone.open(revoked);
    expect(gone.screen()).toMatchObject({ status: 'failure', failure: 'rejected' });
  });

  it('closing the modal stops the reads', async () => {
    const { flow, open, reads } = harness([pending]);
    open(pending);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reads()).toBe(1);
    flow.close();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reads()).toBe(1);
  });
});
