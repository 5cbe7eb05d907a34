import type { FarcasterStatus } from '@latchkey/protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fundingClient, fundingModal } from '../../../test/funding-flow.ts';
import type { FlowContext } from '../../flows/context.ts';
import { createModalFlow } from '../flow.ts';

/**
 * The modal's Farcaster flow on a fake client whose server answers the channel from `statuses`
 * (the real server's routes are tested on their side): the screens the user sees while the channel
 * is read, the 120 s timeout with Retry, and closing the modal stopping the reads.
 */
function harness(statuses: FarcasterStatus[], authenticate: () => unknown = () => ({ user: null })) {
  const paths: string[] = [];
  const ctx = {
    appId: 'app',
    session: { user: null, applyAuthResponse: async (response: { user: unknown }) => response.user },
    http: {
      call: async (route: { path: string }) => {
        paths.push(route.path);
        if (route.path.endsWith('/init'))
          return {
            channel_token: `CH${paths.length}`,
            connect_uri: `https://farcaster.xyz/~/siwf?channelToken=CH${paths.length}`,
          };
        if (route.path.endsWith('/status')) return statuses.length > 1 ? statuses.shift() : statuses[0];
        return authenticate();
      },
    },
  } as unknown as FlowContext;
  const client = fundingClient([], {
    run: (fn: (context: FlowContext) => unknown) => fn(ctx),
    getState: () => ({ ready: true, authenticated: false, user: null, appConfig: { farcaster_auth: true } }),
  });
  const modal = fundingModal(client);
  modal.flow.open({ intent: 'login', id: 1 });
  return { ...modal, paths };
}

const pending: FarcasterStatus = { state: 'pending', nonce: 'n0nce123' };

beforeAll(async () => {
  // The flow loads its calls on first use: loaded here, that import settles within a tick.
  await import('../../flows/farcaster.ts');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Sign in with Farcaster in the modal', () => {
  it('shows the connect URI while the channel is read every 2 s', async () => {
    const { flow, screen, paths } = harness([pending]);
    flow.login.chooseMethod('farcaster');
    expect(screen()).toMatchObject({ name: 'farcaster-connect', status: 'loading', connectUri: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(screen()).toEqual({
      name: 'farcaster-connect',
      status: 'waiting',
      connectUri: 'https://farcaster.xyz/~/siwf?channelToken=CH1',
      mobile: false,
      error: undefined,
    });
    await vi.advanceTimersByTimeAsync(6000);
    expect(paths.filter((path) => path.endsWith('/status'))).toHaveLength(4);
  });

  it('after 120 s without a signature: the failure with Retry, which opens a new channel', async () => {
    const { flow, screen, paths } = harness([pending]);
    flow.login.chooseMethod('farcaster');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(screen()).toMatchObject({ name: 'farcaster-connect', status: 'failure' });
    expect((screen().error as { code?: string }).code).toBe('farcaster_polling_timeout');
    flow.farcaster.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(screen()).toMatchObject({
      status: 'waiting',
      connectUri: expect.stringContaining('channelToken=CH'),
    });
    expect(paths.filter((path) => path.endsWith('/init'))).toHaveLength(2);
  });

  it('closing the modal stops reading the channel', async () => {
    const { flow, paths } = harness([pending]);
    flow.login.chooseMethod('farcaster');
    await vi.advanceTimersByTimeAsync(2000);
    flow.close();
    const reads = paths.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(paths).toHaveLength(reads);
  });

  it("once the user signed, checks it with the server; the server's refusal shows on the error screen", async () => {
    const completed: FarcasterStatus = {
      state: 'completed',
      nonce: 'n0nce123',
      message: 'm',
      signature: '0x01',
      fid: 7,
      username: '',
      display_name: '',
      bio: '',
      pfp_url: '',
    };
    const { LatchkeyApiError } = await import('../../errors.ts');
    const { flow, screen, paths } = harness([pending, completed], () => {
      throw new LatchkeyApiError(401, 'invalid_credentials', 'Invalid Farcaster signature');
    });
    flow.login.chooseMethod('farcaster');
    await vi.advanceTimersByTimeAsync(2000);
    expect(paths.at(-1)).toBe('/api/v1/farcaster/authenticate');
    expect(screen().name).toBe('error');
    // The error screen's Retry goes back to the failure (not to a 'Verifying' nothing moves on),
    // whose Retry opens a new channel.
    expect(flow.canGoBack()).toBe(true);
    flow.back();
    expect(screen()).toMatchObject({
      name: 'farcaster-connect',
      status: 'failure',
      connectUri: 'https://farcaster.xyz/~/siwf?channelToken=CH1',
    });
    expect((screen().error as { code?: string }).code).toBe('invalid_credentials');
    const calls = paths.length;
    flow.farcaster.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(paths.slice(calls, calls + 2)).toEqual(['/api/v1/farcaster/init', '/api/v1/farcaster/status']);
  });

  it("linking an fid another user has: the transfer screen, and 'Transfer' moves it with farcaster/transfer", async () => {
    const { LatchkeyApiError } = await import('../../errors.ts');
    const { transferAccount } = await import('../../flows/transfer.ts');
    const completed: FarcasterStatus = {
      state: 'completed',
      nonce: 'n0nce123',
      message: 'm',
      signature: '0x01',
      fid: 7,
      username: '',
      display_name: '',
      bio: '',
      pfp_url: '',
    };
    const calls: { path: string; body: unknown }[] = [];
    const reports: unknown[] = [];
    const me = { id: 'did:privy:me', linked_accounts: [] };
    const ctx = {
      appId: 'app',
      session: {
        user: me,
        updateUser: async () => undefined,
        refreshAfterChange: async () => null,
      },
      http: {
        call: async (route: { path: string }, body: unknown) => {
          calls.push({ path: route.path, body });
          if (route.path.endsWith('/init'))
            return { channel_token: 'CH1', connect_uri: 'https://farcaster.xyz/~/siwf?channelToken=CH1' };
          if (route.path.endsWith('/status')) return completed;
          if (route.path.endsWith('/link'))
            throw new LatchkeyApiError(400, 'account_transfer_required', 'Account transfer required', {
              data: {
                nonce: 'tr4nsfer',
                account: { displayName: '7' },
                subject: '7',
                otherUser: { embeddedWalletAddress: '0x94Bac74eC80C25fd5F19A76F2cd74a46d6618c3A' },
              },
            });
          return me;
        },
      },
    } as unknown as FlowContext;
    const client = fundingClient([], {
      run: (fn: (context: FlowContext) => unknown) => fn(ctx),
      transferAccount: (p: Parameters<typeof transferAccount>[1]) => transferAccount(ctx, p),
      getState: () => ({ ready: true, authenticated: true, user: me, appConfig: { farcaster_auth: true } }),
    });
    const flow = createModalFlow({
      client,
      settings: () => ({}),
      report: (outcome) => reports.push(outcome),
      dismiss: () => flow.ended(),
      walletCaptcha: async () => undefined,
    });
    const screen = () => flow.screen() as { name: string; [key: string]: unknown };
    flow.open({ intent: 'link-farcaster', id: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(screen()).toMatchObject({
      name: 'transfer',
      method: 'farcaster',
      transfer: { nonce: 'tr4nsfer', displayName: '7' },
    });
    await flow.transfer.accept();
    expect(calls.at(-1)).toEqual({
      path: '/api/v1/farcaster/transfer',
      body: {
        farcaster_id: 7,
        farcaster_embedded_address: '0x94Bac74eC80C25fd5F19A76F2cd74a46d6618c3A',
        nonce: 'tr4nsfer',
      },
    });
    expect(reports).toContainEqual({ type: 'link-success', user: me, method: 'farcaster' });
  });
});
