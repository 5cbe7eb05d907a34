import { createStore, type LatchkeyClient, type LatchkeyState } from '@latchkey/core';
import { createEmbeddedWallets, type FrameProxy } from '@latchkey/core/embedded';
import { signingStore } from '@latchkey/core/signing';
import { type AppResponse, defaultAppConfig, type User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import type { ModalIntent } from '../types.ts';
import { embeddedEthereumWallet } from './embeddedWalletObjects.ts';

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('useWallets: an embedded Ethereum wallet’s provider used directly (viem, wagmi)', () => {
  it('shows the confirmation screen before the frame signs anything', async () => {
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
          recovery_method: 'privy',
          verified_at: 1,
        },
      ],
    } as unknown as User;
    const store = createStore<LatchkeyState>({
      ready: true,
      authenticated: true,
      user,
      appConfig: defaultAppConfig as AppResponse,
    });
    const frameEvents: string[] = [];
    const proxy: FrameProxy = {
      ready: Promise.resolve(),
      async request<T>(event: string) {
        frameEvents.push(event);
        return (
          event === 'privy:wallets:rpc' ? { response: { data: '0x1234' } } : { entropyId: address }
        ) as T;
      },
      destroy() {},
    };
    const wallets = createEmbeddedWallets({
      session: { user, getAccessToken: async () => 'token', refreshAfterChange: async () => user },
      proxy,
    });
    const client = {
      getState: store.getState,
      subscribe: store.subscribe,
      embeddedWallets: async () => wallets,
    } as unknown as LatchkeyClient;
    const opened: ModalIntent[] = [];
    const wallet = embeddedEthereumWallet(client, (intent) => opened.push(intent), wallets.list()[0]!, 1);

    const provider = await wallet.getEthereumProvider();
    const signing = provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] });
    await expect.poll(() => opened).toEqual(['signing']);
    expect(frameEvents).toEqual(['privy:wallets:connect']);
    // The screen's content loads lazily; once it shows, closing the modal refuses the request, which
    // settles before the test ends (never a load racing the test's teardown), and nothing was signed.
    await expect.poll(() => signingStore(client).current()?.stage).toBe('confirm');
    signingStore(client).dismissAll();
    await expect(signing).rejects.toMatchObject({ code: 4001 });
    expect(frameEvents).toEqual(['privy:wallets:connect']);
  });
});
