import type { User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import type { LatchkeyClient, LatchkeyState } from '../createLatchkeyClient.ts';
import { type EmbeddedWalletAccount, EmbeddedWalletError, type EmbeddedWallets } from '../embedded/index.ts';
import { createStore } from '../store.ts';
import { embeddedController } from './embedded-controller.ts';
import type { ModalIntent, ModalOptions } from './intents.ts';

const alice = { id: 'did:privy:alice', linked_accounts: [] } as unknown as User;

/**
 * A client whose embedded wallets answer `connect` with `connectResults`, in order. `hd`: the user
 * has HD wallets (an entropy); `accounts`: the wallets `list()` gives.
 */
function fakeClient(
  connectResults: ('ok' | 'not-on-device')[],
  { hd = true, accounts = [] as Partial<EmbeddedWalletAccount>[] } = {},
) {
  const store = createStore<LatchkeyState>({
    ready: true,
    authenticated: true,
    user: alice,
    appConfig: null,
  });
  const calls: string[] = [];
  const wallets = {
    entropy: () => (hd ? { entropyId: '0xabc' } : null),
    list: () => accounts,
    async connect(options: { address?: string } = {}) {
      calls.push(options.address === undefined ? 'connect' : `connect:${options.address}`);
      if (connectResults.shift() === 'not-on-device')
        throw new EmbeddedWalletError('wallet_not_on_device', 'Wallet not on device');
      return { entropyId: '0xabc' };
    },
    destroy() {
      calls.push('destroy');
    },
  } as unknown as EmbeddedWallets;
  const client = {
    getState: store.getState,
    subscribe: store.subscribe,
    embeddedWallets: async () => wallets,
  } as unknown as LatchkeyClient;
  const opened: { intent: ModalIntent; options?: ModalOptions }[] = [];
  const openModal = (intent: ModalIntent, options?: ModalOptions) => opened.push({ intent, options });
  return { store, client, calls, opened, openModal };
}

describe('the embedded controller', () => {
  it('loads nothing for a logged-out user', async () => {
    const { store, client } = fakeClient([]);
    store.setState({ user: null, authenticated: false });
    await expect(embeddedController(client).load()).rejects.toMatchObject({ code: 'must_be_authenticated' });
  });

  it('connects without asking when the wallet is on this device', async () => {
    const { client, calls, opened, openModal } = fakeClient(['ok']);
    await embeddedController(client).connected(openModal);
    expect(calls).toEqual(['connect']);
    expect(opened).toEqual([]);
  });

  it('asks for the password once for concurrent uses of a wallet that is not on this device', async () => {
    const { client, opened, openModal } = fakeClient(['not-on-device']);
    const controller = embeddedController(client);
    const both = Promise.all([controller.connected(openModal), controller.connected(openModal)]);
    await expect.poll(() => opened.length).toBe(1);
    expect(opened[0]?.intent).toBe('recover-wallet');
    opened[0]?.options?.embeddedTask?.resolve(undefined);
    await both;
    expect(opened).toHaveLength(1);
  });

  it('fails the use when the user leaves the password prompt', async () => {
    const { client, opened, openModal } = fakeClient(['not-on-device']);
    const use = embeddedController(client).connected(openModal);
    await expect.poll(() => opened.length).toBe(1);
    opened[0]?.options?.embeddedTask?.reject(new Error('exited'));
    await expect(use).rejects.toThrow('exited');
  });

  it('connects nothing for a user whose only embedded wallets are imported', async () => {
    const imported = {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainType: 'ethereum',
      imported: true,
    };
    const { client, calls, opened, openModal } = fakeClient(['not-on-device'], {
      hd: false,
      accounts: [imported as Partial<EmbeddedWalletAccount>],
    });
    await embeddedController(client).connected(openModal);
    expect(calls).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('signs with an imported wallet without bringing the HD wallets onto this device first', async () => {
    const imported = {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainType: 'ethereum',
      imported: true,
    };
    const hdWallet = {
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      chainType: 'ethereum',
      imported: false,
    };
    const { client, calls, opened, openModal } = fakeClient(['ok', 'not-on-device'], {
      accounts: [hdWallet, imported] as Partial<EmbeddedWalletAccount>[],
    });
    const controller = embeddedController(client);
    await controller.forWallet(imported.address.toLowerCase(), openModal);
    // Only the imported wallet itself is brought onto this device.
    expect(calls).toEqual([`connect:${imported.address}`]);
    expect(opened).toEqual([]);
    // An HD wallet still needs its entropy here: the password prompt opens.
    void controller.forWallet(hdWallet.address, openModal);
    await expect.poll(() => opened.length).toBe(1);
    expect(calls).toEqual([`connect:${imported.address}`, 'connect']);
    expect(opened[0]?.options?.embeddedTask?.address).toBeUndefined();
  });

  it("asks for an imported 'user-passcode' wallet's password once, naming that wallet", async () => {
    const imported = {
      address: 'So1anaImported1111111111111111111111111111',
      chainType: 'solana',
      imported: true,
    };
    const { client, calls, opened, openModal } = fakeClient(['not-on-device'], {
      hd: false,
      accounts: [imported as Partial<EmbeddedWalletAccount>],
    });
    const controller = embeddedController(client);
    const both = Promise.all([
      controller.forWallet(imported.address, openModal),
      controller.forWallet(imported.address, openModal),
    ]);
    await expect.poll(() => opened.length).toBe(1);
    expect(opened[0]?.intent).toBe('recover-wallet');
    expect(opened[0]?.options?.embeddedTask?.address).toBe(imported.address);
    opened[0]?.options?.embeddedTask?.resolve(undefined);
    await both;
    expect(calls).toEqual([`connect:${imported.address}`]);
    expect(opened).toHaveLength(1);
  });

  it('destroys the loaded wallets when the user logs out', async () => {
    const { store, client, calls } = fakeClient([]);
    await embeddedController(client).load();
    store.setState({ user: null, authenticated: false });
    expect(calls).toEqual(['destroy']);
  });
});
