import { createStore, type LatchkeyClient, type LatchkeyState } from '@latchkey/core';
import { createEmbeddedWallets, type FrameProxy } from '@latchkey/core/embedded';
import { type AppResponse, defaultAppConfig, type User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import type { ModalOptions } from '../LatchkeyContext.ts';
import type { ModalIntent } from '../types.ts';
import { createEmbeddedWallet } from './createWallet.ts';
import { setEmbeddedWalletPassword } from './setWalletPassword.ts';

/**
 * A client whose user has an embedded wallet recovered with `recoveryMethod`, in an app whose
 * `user_owned_recovery_options` are `options`; the core embedded-wallet API is the real one, over
 * a frame that records what it is asked.
 */
const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function setup(
  recoveryMethod: string,
  options: ('user-passcode' | 'google-drive' | 'icloud')[],
  mode:
    | 'legacy-embedded-wallets-only'
    | 'user-controlled-server-wallets-only' = 'legacy-embedded-wallets-only',
) {
  const user = {
    id: 'did:privy:alice',
    linked_accounts: [
      {
        type: 'wallet',
        address,
        chain_type: 'ethereum',
        wallet_client_type: 'privy',
        connector_type: 'embedded',
        wallet_index: 0,
        recovery_method: recoveryMethod,
        verified_at: 1,
      },
    ],
  } as unknown as User;
  const appConfig = {
    ...defaultAppConfig,
    embedded_wallet_config: {
      ...defaultAppConfig.embedded_wallet_config,
      user_owned_recovery_options: options,
      mode,
    },
  } as AppResponse;
  const store = createStore<LatchkeyState>({ ready: true, authenticated: true, user, appConfig });
  const frameEvents: string[] = [];
  const proxy: FrameProxy = {
    ready: Promise.resolve(),
    async request<T>(event: string, data: Record<string, unknown>) {
      frameEvents.push(data.hdWalletIndex === undefined ? event : `${event} ${data.hdWalletIndex}`);
      return { entropyId: address, address } as T;
    },
    destroy() {},
  };
  const wallets = createEmbeddedWallets({
    session: { user, getAccessToken: async () => 'token', refreshAfterChange: async () => user },
    proxy,
    walletConfig: () => store.getState().appConfig?.embedded_wallet_config,
  });
  const client = {
    getState: store.getState,
    subscribe: store.subscribe,
    embeddedWallets: async () => wallets,
  } as unknown as LatchkeyClient;
  const opened: ModalIntent[] = [];
  const openModal = (intent: ModalIntent, options?: ModalOptions) => {
    opened.push(intent);
    options?.embeddedTask?.reject(new Error('closed'));
  };
  return { client, openModal, opened, frameEvents };
}

describe('setWalletPassword / setWalletRecovery refuse before the password flow opens', () => {
  it('disallowed_recovery_method when the app does not allow passwords', async () => {
    const { client, openModal, opened, frameEvents } = setup('privy', ['google-drive']);
    await expect(setEmbeddedWalletPassword(client, openModal)).rejects.toMatchObject({
      code: 'disallowed_recovery_method',
      message: 'Recovery method not allowed for this app.',
    });
    expect(opened).toEqual([]);
    expect(frameEvents).toEqual([]);
  });

  it("unsupported_recovery_method 'Unknown recovery method' for a wallet whose method cannot change", async () => {
    const { client, openModal, opened } = setup('privy-v2', ['user-passcode']);
    await expect(setEmbeddedWalletPassword(client, openModal)).rejects.toMatchObject({
      code: 'unsupported_recovery_method',
      message: 'Unknown recovery method',
    });
    expect(opened).toEqual([]);
  });

  it('opens the password flow when the change is allowed (a new password for a passcode wallet too)', async () => {
    for (const [method, options] of [
      ['privy', ['user-passcode']],
      ['user-passcode', []],
    ] as const) {
      const { client, openModal, opened, frameEvents } = setup(method, [...options]);
      await expect(setEmbeddedWalletPassword(client, openModal)).rejects.toThrow('closed');
      expect(frameEvents).toEqual(['privy:wallets:connect']);
      expect(opened).toEqual(['set-wallet-password']);
    }
  });
});

describe('useCreateWallet: walletIndex (spec document 1 §5)', () => {
  const create = (fixture: ReturnType<typeof setup>, walletIndex: number) =>
    createEmbeddedWallet(fixture.client, {}, fixture.openModal, 'ethereum', { walletIndex });

  it('a negative walletIndex is invalid', async () => {
    const fixture = setup('privy', ['user-passcode']);
    for (const index of [-1, 0.5])
      await expect(create(fixture, index)).rejects.toMatchObject({
        code: 'invalid_input',
        message: 'Invalid walletIndex: must be a non-negative integer',
      });
    expect(fixture.frameEvents).toEqual([]);
  });

  it("walletIndex is refused in the 'user-controlled-server-wallets-only' mode", async () => {
    const fixture = setup('privy', [], 'user-controlled-server-wallets-only');
    await expect(create(fixture, 1)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(fixture.frameEvents).toEqual([]);
  });

  it('index 0 is the first wallet (one per chain); a higher index adds that HD wallet', async () => {
    const fixture = setup('privy', ['user-passcode']);
    await expect(create(fixture, 0)).rejects.toMatchObject({ code: 'embedded_wallet_already_exists' });
    await create(fixture, 3);
    expect(fixture.frameEvents).toEqual(['privy:wallets:connect', 'privy:wallets:add 3']);
  });
});
