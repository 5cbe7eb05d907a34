import { createStore, type LatchkeyClient, type LatchkeyState } from '@latchkey/core';
import type { EmbeddedWalletAccount, EmbeddedWallets } from '@latchkey/core/embedded';
import type { User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { embeddedEthereumWallet, embeddedSolanaWallet } from './embeddedWalletObjects.ts';
import { importEmbeddedWallet } from './importWallet.ts';

const hardhatKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const imported: EmbeddedWalletAccount = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainType: 'ethereum',
  walletIndex: 0,
  chainId: 'eip155:1',
  recoveryMethod: 'privy',
  imported: true,
  delegated: false,
  createdAt: 1_700_000_000,
};
const importedSolana: EmbeddedWalletAccount = {
  ...imported,
  address: 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy',
  chainType: 'solana',
  chainId: null,
};

/** A logged-in client whose embedded wallets are `accounts` and record what they are asked. */
function fakeClient(accounts: EmbeddedWalletAccount[]) {
  const store = createStore<LatchkeyState>({
    ready: true,
    authenticated: true,
    user: { id: 'did:privy:alice', linked_accounts: [] } as unknown as User,
    appConfig: null,
  });
  const calls: unknown[][] = [];
  const provider = { request: async () => [imported.address], on: () => undefined, chainId: 1 };
  const wallets = {
    list: () => accounts,
    // No HD wallets: the user's embedded wallets are all imported.
    entropy: () => null,
    async connect(options: { address?: string } = {}) {
      calls.push(options.address === undefined ? ['connect'] : ['connect', options.address]);
      return { entropyId: '' };
    },
    async importWallet(options: unknown) {
      calls.push(['importWallet', options]);
      return imported;
    },
    getEthereumProvider(address: string) {
      calls.push(['getEthereumProvider', address]);
      return provider;
    },
    async signSolanaMessage(address: string, message: Uint8Array) {
      calls.push(['signSolanaMessage', address, [...message]]);
      return new Uint8Array(64);
    },
    setConfirm() {},
    destroy() {},
  } as unknown as EmbeddedWallets;
  const client = {
    getState: store.getState,
    subscribe: store.subscribe,
    embeddedWallets: async () => wallets,
  } as unknown as LatchkeyClient;
  return { store, client, calls };
}

const openModal = () => {
  throw new Error('no modal expected');
};

describe('importEmbeddedWallet', () => {
  it('imports through the embedded wallets and returns the imported wallet', async () => {
    const { client, calls } = fakeClient([]);
    expect(await importEmbeddedWallet(client, { privateKey: hardhatKey })).toEqual({
      address: imported.address,
      chainType: 'ethereum',
      walletIndex: 0,
      chainId: 'eip155:1',
      recoveryMethod: 'privy',
      imported: true,
      delegated: false,
      walletClientType: 'privy',
      connectorType: 'embedded',
    });
    expect(calls).toEqual([
      ['importWallet', { privateKey: hardhatKey, chainType: undefined, password: undefined }],
    ]);
  });

  it('needs a logged-in user', async () => {
    const { client, store, calls } = fakeClient([]);
    store.setState({ user: null, authenticated: false });
    await expect(importEmbeddedWallet(client, { privateKey: hardhatKey })).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(calls).toEqual([]);
  });
});

describe('imported wallets in the wallet lists', () => {
  it('are marked imported and sign through the same providers, each brought onto the device by itself', async () => {
    const { client, calls } = fakeClient([imported, importedSolana]);
    const ethereum = embeddedEthereumWallet(client, openModal, imported, 1);
    expect(ethereum).toMatchObject({ imported: true, walletClientType: 'privy', connectorType: 'embedded' });
    const provider = await ethereum.getEthereumProvider();
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([imported.address]);
    // Without the screens (`showWalletUIs: false`): this test has no modal to approve in.
    const solana = embeddedSolanaWallet(client, openModal, importedSolana, {
      embeddedWallets: { showWalletUIs: false },
    });
    expect(solana).toMatchObject({ imported: true, address: importedSolana.address });
    await solana.signMessage(new Uint8Array([1, 2]));
    // Each imported wallet is connected on its own (never the HD wallets, which this user lacks).
    expect(calls).toEqual([
      ['connect', imported.address],
      ['getEthereumProvider', imported.address],
      ['connect', importedSolana.address],
      ['signSolanaMessage', importedSolana.address, [1, 2]],
    ]);
  });
});
