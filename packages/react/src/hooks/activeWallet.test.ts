import {
  createStore,
  type LatchkeyClient,
  type LatchkeyState,
  type WalletConnection,
  type WalletManager,
  type WalletManagerState,
} from '@latchkey/core';
import type { User } from '@latchkey/protocol';
import { describe, expect, it, vi } from 'vitest';
import { address, connection } from '../../test/wallet-connection.ts';
import { PrivyErrorCode } from '../callbacks.ts';
import { createLatchkeyEvents } from '../events.ts';
import type { LatchkeyContextValue } from '../LatchkeyContext.ts';
import type { ModalIntent } from '../types.ts';
import { connectActiveWallet } from './useActiveWallet.ts';
import { connectOrCreate } from './useConnectOrCreateWallet.ts';

/**
 * A provider context whose modal "connects" `connects` when asked (if any) and closes at once, and
 * a wallet manager keeping the active wallet as the core one does.
 */
function fixture(options: { user?: User | null; connects?: WalletConnection | null } = {}) {
  const store = createStore<LatchkeyState>({
    ready: true,
    authenticated: !!options.user,
    user: options.user ?? null,
    appConfig: null,
  });
  const walletState = createStore<WalletManagerState>({
    ready: true,
    available: [],
    connections: [],
    active: 'metamask:0x0000000000000000000000000000000000000009',
  });
  const manager = {
    ...walletState,
    setActive(target: string | null, client?: string) {
      walletState.setState({ active: target === null ? null : `${client}:${target}` });
    },
    isConnected: async () => true,
  } as unknown as WalletManager;
  const client = {
    getState: store.getState,
    subscribe: store.subscribe,
    wallets: async () => manager,
  } as unknown as LatchkeyClient;
  const events = createLatchkeyEvents();
  const opened: ModalIntent[] = [];
  const env = {
    client,
    config: {},
    events,
    openModal(intent: ModalIntent) {
      opened.push(intent);
      events.emit('modalStatus', true);
      setTimeout(() => {
        if (options.connects) {
          walletState.setState({
            connections: [options.connects],
            active: `${options.connects.walletClientType}:${options.connects.address}`,
          });
        }
        events.emit('modalStatus', false);
      }, 0);
    },
  } as unknown as LatchkeyContextValue;
  return { env, opened, walletState };
}

describe("useActiveWallet's connect (the incumbent's: resolves once the modal closes)", () => {
  it('opens the connect-wallet modal and resolves with the wallet connected and its network', async () => {
    const f = fixture({ connects: connection });
    const result = await connectActiveWallet(f.env, undefined, () => []);
    expect(f.opened).toEqual(['connect-wallet']);
    expect(result.network).toBe('eip155:8453');
    expect(result.wallet).toMatchObject({ type: 'ethereum', address, walletClientType: 'metamask' });
  });

  it('with reset, forgets the active wallet first: a modal closed without a wallet resolves with {}', async () => {
    const f = fixture();
    await expect(connectActiveWallet(f.env, { reset: true }, () => [])).resolves.toEqual({});
    expect(f.walletState.getState().active).toBeNull();
  });

  it('without reset, an exit resolves with the wallet that was active (an embedded one from the list)', async () => {
    const f = fixture();
    const embedded = {
      type: 'ethereum' as const,
      address: '0x0000000000000000000000000000000000000009',
      walletClientType: 'privy',
      chainId: 'eip155:1',
    };
    f.walletState.setState({ active: `privy:${embedded.address}` });
    const result = await connectActiveWallet(f.env, {}, () => [embedded as never]);
    expect(result).toEqual({ wallet: embedded, network: 'eip155:1' });
  });
});

describe("useConnectOrCreateWallet (the incumbent's behaviour)", () => {
  it('logged out: opens the login modal, then onSuccess with the first Ethereum wallet', async () => {
    const f = fixture({ connects: connection });
    const onSuccess = vi.fn();
    const onError = vi.fn();
    connectOrCreate(f.env, () => ({ onSuccess, onError }));
    expect(f.opened).toEqual(['login']);
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSuccess.mock.calls[0]?.[0].wallet).toMatchObject({ address, type: 'ethereum' });
    expect(onError).not.toHaveBeenCalled();
  });

  it("logged out, closed without a wallet: onError('exited_auth_flow')", async () => {
    const f = fixture();
    const onError = vi.fn();
    connectOrCreate(f.env, () => ({ onError }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(PrivyErrorCode.USER_EXITED_AUTH_FLOW));
  });

  it('logged in: warns and opens nothing', () => {
    const f = fixture({ user: { id: 'did:privy:alice', linked_accounts: [] } as unknown as User });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onError = vi.fn();
    connectOrCreate(f.env, () => ({ onError }));
    expect(f.opened).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Latchkey: User must be unauthenticated to `connectOrCreateWallet`');
    expect(onError).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
