import { type AppResponse, authorizationPayload, type Route, routeUrl, type User } from '@latchkey/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailAccount, eth0, eth1, eth2, sol0, walletAccount } from '../../test/embedded-world.ts';
import { LatchkeyClientError } from '../errors.ts';
import { memoryStorage } from '../storage.ts';
import type { DelegationContext, DelegationFrame } from './context.ts';
import { delegateWallet, revokeWallets } from './delegated-actions.ts';
import { migrateRootWallet, storageLedger } from './migration.ts';
import { addSessionSigners, removeSessionSigners } from './session-signers.ts';

const apiUrl = 'https://auth.example.com';

/**
 * A user, the server's view of them (what a refresh returns: a consent marks the wallet delegated
 * with a server wallet id), a server wallet's signers, and a frame that records its requests.
 */
function world(accounts = [walletAccount('ethereum', eth0, 0), walletAccount('ethereum', eth1, 1)]) {
  let user: User | null = {
    id: 'did:privy:user',
    created_at: 1,
    has_accepted_terms: false,
    is_guest: false,
    linked_accounts: [emailAccount, ...accounts],
    mfa_methods: [],
  };
  const calls: { method: string; path: string; body: unknown; headers?: Record<string, string> }[] = [];
  const frameCalls: { name: string; data: unknown }[] = [];
  const signers = [{ signer_id: 'existing', override_policy_ids: ['p0'] }];
  const markDelegated = (address: string, delegated: boolean) => {
    for (const account of user!.linked_accounts as Record<string, unknown>[])
      if (account.address === address)
        Object.assign(account, { delegated, id: `wallet-${address.slice(-4)}` });
  };
  const frame: DelegationFrame & { ready: () => Promise<void> } = {
    ready: async () => undefined,
    async connect(options) {
      frameCalls.push({ name: 'connect', data: options });
      return { entropyId: eth0 };
    },
    async delegate(request) {
      frameCalls.push({ name: 'delegate', data: request });
      for (const wallet of request.delegatedWallets) markDelegated(wallet.address, true);
    },
    async signWithUserSigner(message) {
      frameCalls.push({ name: 'sign', data: message });
      return 'c2lnbmF0dXJl';
    },
  };
  let refreshes = 0;
  const ctx: DelegationContext = {
    appId: 'app',
    http: {
      apiUrl,
      call: (async (
        route: Route,
        body: unknown,
        options?: { params?: Record<string, string>; headers?: Record<string, string> },
      ) => {
        const path = options?.params ? routeUrl(route, options.params as never) : route.path;
        calls.push({
          method: route.method,
          path,
          body,
          ...(options?.headers ? { headers: options.headers } : {}),
        });
        if (route.method === 'GET') return { id: 'wallet', additional_signers: signers };
        if (path === '/api/v1/wallets/revoke') {
          for (const account of user!.linked_accounts as Record<string, unknown>[]) account.delegated = false;
          return { message: 'Revoked delegated wallets.' };
        }
        return {};
      }) as DelegationContext['http']['call'],
    },
    user: () => user,
    refresh: async () => {
      refreshes += 1;
      return user;
    },
    frame: async () => frame,
  };
  return {
    ctx,
    frame,
    calls,
    frameCalls,
    markDelegated,
    refreshes: () => refreshes,
    logout: () => {
      user = null;
    },
  };
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LatchkeyClientError);
  return error as LatchkeyClientError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('delegateWallet', () => {
  it('brings the root onto this device, has the frame seal the one wallet, and refreshes the user', async () => {
    const w = world();
    const user = await delegateWallet(w.ctx, { address: eth1.toLowerCase(), chainType: 'ethereum' });
    expect(w.frameCalls).toEqual([
      { name: 'connect', data: {} },
      {
        name: 'delegate',
        data: {
          rootWallet: { address: eth0, chainType: 'ethereum', imported: false },
          delegatedWallets: [{ address: eth1, chainType: 'ethereum', walletIndex: 1 }],
        },
      },
    ]);
    expect(w.refreshes()).toBe(1);
    expect(user?.linked_accounts.find((a) => (a as { address?: string }).address === eth1)).toMatchObject({
      delegated: true,
    });
    // Already delegated: at once, nothing asked of the frame.
    await delegateWallet(w.ctx, { address: eth1, chainType: 'ethereum' });
    expect(w.frameCalls).toHaveLength(2);
  });

  it('delegates an imported wallet as its own root', async () => {
    const w = world([walletAccount('solana', sol0, 0, { imported: true })]);
    await delegateWallet(w.ctx, { address: sol0, chainType: 'solana' });
    expect(w.frameCalls).toEqual([
      { name: 'connect', data: { address: sol0 } },
      {
        name: 'delegate',
        data: {
          rootWallet: { address: sol0, chainType: 'solana', imported: true },
          delegatedWallets: [{ address: sol0, chainType: 'solana', walletIndex: 0 }],
        },
      },
    ]);
  });

  it('refuses with the incumbent’s codes and messages, before the frame', async () => {
    const w = world();
    expect(
      await failure(delegateWallet(w.ctx, { address: eth0, chainType: 'bitcoin' as never })),
    ).toMatchObject({
      code: 'unsupported_chain_type',
      message: 'Only Solana and Ethereum embedded wallets are supported for delegation and revocation.',
    });
    expect(await failure(delegateWallet(w.ctx, { address: sol0, chainType: 'solana' }))).toMatchObject({
      code: 'delegated_actions_wallet_not_found',
      message: 'Address to delegate is not associated with current user.',
    });
    w.logout();
    expect(await failure(delegateWallet(w.ctx, { address: eth0, chainType: 'ethereum' }))).toMatchObject({
      code: 'delegated_actions_before_logged_in',
      message: 'Must be logged in to delegate wallets',
    });
    expect(w.frameCalls).toEqual([]);
  });

  it('waits 15 s for the wallet frame, then fails', async () => {
    vi.useFakeTimers();
    const w = world();
    w.frame.ready = () => new Promise<void>(() => undefined);
    const pending = failure(delegateWallet(w.ctx, { address: eth0, chainType: 'ethereum' }));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(w.frameCalls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'embedded_wallet_webview_not_loaded' });
  });

  it('passes the frame’s refusal on (a password wallet not on this device)', async () => {
    const w = world();
    w.ctx.onDevice = async () => {
      throw new LatchkeyClientError('embedded_wallet_recovery_error', 'not here');
    };
    expect(await failure(delegateWallet(w.ctx, { address: eth0, chainType: 'ethereum' }))).toMatchObject({
      code: 'embedded_wallet_recovery_error',
    });
    expect(w.frameCalls).toEqual([]);
  });
});

describe('revokeWallets', () => {
  it('posts the revoke and refreshes; refuses with nothing to revoke or no user', async () => {
    const w = world();
    expect(await failure(revokeWallets(w.ctx))).toMatchObject({
      code: 'delegated_actions_no_wallet_to_revoke',
      message: 'User has no delegated wallets to revoke.',
    });
    w.markDelegated(eth0, true);
    await revokeWallets(w.ctx);
    expect(w.calls).toEqual([{ method: 'POST', path: '/api/v1/wallets/revoke', body: {} }]);
    expect(w.refreshes()).toBe(1);
    w.logout();
    expect(await failure(revokeWallets(w.ctx))).toMatchObject({
      code: 'delegated_actions_before_logged_in',
      message: 'Must be logged in to revoke delegated wallets',
    });
  });
});

describe('session signers', () => {
  it('delegates first, then PATCHes the union of signers, signed by the user through the frame', async () => {
    const w = world();
    await addSessionSigners(w.ctx, {
      address: eth0,
      signers: [{ signerId: 'quorum', policyIds: ['p1'] }, { signerId: 'existing' }],
    });
    expect(w.frameCalls.map((c) => c.name)).toEqual(['connect', 'delegate', 'sign']);
    const body = {
      additional_signers: [{ signer_id: 'quorum', override_policy_ids: ['p1'] }, { signer_id: 'existing' }],
    };
    expect(w.calls).toEqual([
      { method: 'GET', path: '/api/v1/wallets/wallet-eAed', body: undefined },
      {
        method: 'PATCH',
        path: '/api/v1/wallets/wallet-eAed',
        body,
        headers: { 'privy-authorization-signature': 'c2lnbmF0dXJl' },
      },
    ]);
    // The frame signed this request's canonical payload: the app's id, no expiry on a PATCH.
    const signed = authorizationPayload({
      method: 'PATCH',
      url: `${apiUrl}/api/v1/wallets/wallet-eAed`,
      body,
      headers: { 'privy-app-id': 'app' },
    });
    expect(w.frameCalls[2]!.data).toBe(Buffer.from(signed).toString('base64'));
  });

  it('with no signers only delegates; removing sets none; refuses bad signers', async () => {
    const w = world();
    await addSessionSigners(w.ctx, { address: eth0, signers: [] });
    expect(w.calls).toEqual([]);
    await removeSessionSigners(w.ctx, { address: eth0 });
    expect(w.calls).toEqual([expect.objectContaining({ method: 'PATCH', body: { additional_signers: [] } })]);
    // A wallet that is not delegated has no signers to remove.
    await removeSessionSigners(w.ctx, { address: eth1 });
    expect(w.calls).toHaveLength(1);
    for (const signers of [undefined, 'quorum', [{}], [{ signerId: 'q', policyIds: 'p' }]])
      expect(await failure(addSessionSigners(w.ctx, { address: eth0, signers } as never))).toMatchObject({
        code: 'invalid_input',
      });
    expect(await failure(addSessionSigners(w.ctx, { address: sol0, signers: [] }))).toMatchObject({
      code: 'delegated_actions_wallet_not_found',
    });
  });
});

describe('the background migration', () => {
  const app = (mode: string) => ({ embedded_wallet_config: { mode } }) as unknown as AppResponse;
  const serverWallets = app('user-controlled-server-wallets-only');

  it('delegates the root wallet once in user-controlled-server-wallets-only mode', async () => {
    const w = world();
    expect(await migrateRootWallet(w.ctx, app('legacy-embedded-wallets-only'))).toBe(false);
    expect(w.frameCalls).toEqual([]);
    expect(await migrateRootWallet(w.ctx, app('user-controlled-server-wallets-only'))).toBe(true);
    expect(w.frameCalls[1]).toMatchObject({
      name: 'delegate',
      data: { delegatedWallets: [{ address: eth0, walletIndex: 0 }], reason: 'migration' },
    });
    // Revoked since: not migrated again on this page (once per user and wallet).
    w.markDelegated(eth0, false);
    expect(await migrateRootWallet(w.ctx, app('user-controlled-server-wallets-only'))).toBe(false);
    expect(w.frameCalls).toHaveLength(2);
  });

  it('remembers a migration in the ledger: a revoked wallet is not migrated at the next visit', async () => {
    const storage = memoryStorage();
    const first = world([walletAccount('ethereum', eth2, 0)]);
    expect(await migrateRootWallet(first.ctx, serverWallets, storageLedger(storage, 'app'))).toBe(true);
    // The next visit: a new page, the user has revoked since.
    const revoked = world([walletAccount('ethereum', eth2, 0)]);
    const ledger = storageLedger(storage, 'app');
    expect(await migrateRootWallet(revoked.ctx, serverWallets, ledger, new Set())).toBe(false);
    expect(revoked.frameCalls).toEqual([]);
    // Without the ledger (another browser), a new page would migrate it.
    expect(await migrateRootWallet(revoked.ctx, serverWallets, null, new Set())).toBe(true);
  });

  it('skips users without an embedded wallet, or whose root is already delegated', async () => {
    const none = world([]);
    expect(await migrateRootWallet(none.ctx, app('user-controlled-server-wallets-only'))).toBe(false);
    const delegated = world([walletAccount('ethereum', eth1, 0, { delegated: true })]);
    expect(await migrateRootWallet(delegated.ctx, app('user-controlled-server-wallets-only'))).toBe(false);
    expect([...none.frameCalls, ...delegated.frameCalls]).toEqual([]);
  });
});
