import type { User } from '@latchkey/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailAccount, eth0, walletAccount } from '../../test/embedded-world.ts';
import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import { LatchkeyClientError } from '../errors.ts';
import type { DelegationTask } from './delegation.ts';
import { createModalFlow } from './flow.ts';

/**
 * The consent and revoke screens without a UI, on a client whose user has one embedded wallet (the
 * delegated one when `delegated`), whose frame answers the consent, and whose server the revoke.
 */
function harness(options: { delegated?: boolean; consent?: () => Promise<void> } = {}) {
  const user: User = {
    id: 'did:privy:user',
    created_at: 1,
    has_accepted_terms: true,
    is_guest: false,
    linked_accounts: [
      emailAccount,
      walletAccount('ethereum', eth0, 0, { delegated: options.delegated ?? false }),
    ],
    mfa_methods: [],
  };
  const events: string[] = [];
  const frame = {
    ready: async () => undefined,
    connect: async () => {
      events.push('connect');
      return { entropyId: eth0 };
    },
    delegate: async () => {
      events.push('consent');
      await options.consent?.();
    },
    signWithUserSigner: async () => '',
  };
  const client = {
    appId: 'app',
    getState: () => ({ ready: true, authenticated: true, user, appConfig: null }),
    subscribe: () => () => undefined,
    refreshSession: async () => {
      events.push('refresh');
      return user;
    },
    embeddedWallets: async () => frame,
    http: {
      apiUrl: 'https://auth.example.com',
      call: async (route: { path: string }) => {
        events.push(route.path);
        return { message: 'Revoked delegated wallets.' };
      },
    },
  } as unknown as LatchkeyClient;
  let dismissals = 0;
  const flow = createModalFlow({
    client,
    settings: () => ({}),
    report: () => undefined,
    dismiss: () => {
      dismissals += 1;
      flow.ended();
    },
    walletCaptcha: async () => undefined,
  });
  let ids = 0;
  const outcomes: unknown[] = [];
  const open = (action: DelegationTask['action']) =>
    flow.open({
      intent: 'delegated-actions',
      id: ++ids,
      delegation: {
        action,
        ...(action === 'delegate' ? { wallet: { address: eth0, chainType: 'ethereum' as const } } : {}),
        resolve: (value) => outcomes.push({ user: value }),
        reject: (error) => outcomes.push({ error }),
      },
    });
  return { flow, open, events, outcomes, dismissals: () => dismissals };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the delegated-actions modal flow', () => {
  it("'Enable offline access': Accept delegates, shows the success and closes after 2.5 s", async () => {
    vi.useFakeTimers();
    const h = harness();
    h.open('delegate');
    expect(h.flow.screen()).toEqual({ name: 'delegation-consent', busy: false });
    await h.flow.delegation.accept();
    expect(h.events).toEqual(['consent', 'refresh']);
    expect(h.outcomes).toEqual([{ user: expect.objectContaining({ id: 'did:privy:user' }) }]);
    expect(h.flow.screen()).toEqual({ name: 'delegation-result', action: 'delegate', ok: true });
    await vi.advanceTimersByTimeAsync(2_499);
    expect(h.dismissals()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.dismissals()).toBe(1);
    expect(h.outcomes).toHaveLength(1);
  });

  it('cannot be closed while the key is being delegated', async () => {
    let release: () => void = () => undefined;
    const h = harness({ consent: () => new Promise<void>((resolve) => (release = resolve)) });
    h.open('delegate');
    const accepting = h.flow.delegation.accept();
    await vi.waitFor(() => expect(h.events).toEqual(['consent']));
    expect(h.flow.screen()).toEqual({ name: 'delegation-consent', busy: true });
    h.flow.close();
    expect(h.dismissals()).toBe(0);
    release();
    await accepting;
    expect(h.outcomes).toEqual([{ user: expect.anything() }]);
  });

  it("'Not now' and closing decline with the spec's messages", async () => {
    const h = harness({ delegated: true });
    h.open('delegate');
    h.flow.delegation.decline();
    h.open('revoke');
    expect(h.flow.screen()).toEqual({ name: 'delegation-revoke', busy: false });
    h.flow.close();
    expect(h.dismissals()).toBe(2);
    expect(h.outcomes).toEqual([
      { error: new LatchkeyClientError('delegated_actions_declined', 'User declined delegating actions.') },
      {
        error: new LatchkeyClientError(
          'delegated_actions_declined',
          'User declined revoking access to their delegated wallet.',
        ),
      },
    ]);
    expect(h.events).toEqual([]);
  });

  it("'Revoke offline access to wallet': Confirm revokes; a failure shows 'Something went wrong'", async () => {
    const h = harness({ delegated: true });
    h.open('revoke');
    await h.flow.delegation.accept();
    expect(h.events).toEqual(['/api/v1/wallets/revoke', 'refresh']);
    expect(h.flow.screen()).toEqual({ name: 'delegation-result', action: 'revoke', ok: true });

    const none = harness();
    none.open('revoke');
    await none.flow.delegation.accept();
    expect(none.flow.screen()).toEqual({ name: 'delegation-result', action: 'revoke', ok: false });
    expect(none.outcomes).toEqual([
      { error: expect.objectContaining({ code: 'delegated_actions_no_wallet_to_revoke' }) },
    ]);
  });
});
