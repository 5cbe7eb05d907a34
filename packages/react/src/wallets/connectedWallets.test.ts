import { createStore, type LatchkeyClient, type LatchkeyState, type WalletManager } from '@latchkey/core';
import type { EmbeddedWalletAccount, EmbeddedWallets } from '@latchkey/core/embedded';
import type { User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { address, connection } from '../../test/wallet-connection.ts';
import { embeddedEthereumWallet } from '../embedded/embeddedWalletObjects.ts';
import { personalSignMessage } from '../embedded/walletActions.ts';
import type { ConnectedSolanaWallet, ConnectedWallet, ModalIntent } from '../types.ts';
import { connectedWallets, toConnectedWallet, type WalletEnv } from './connectedWallets.ts';
import { eventfulProvider } from './eventfulProvider.ts';

function fixture(user: User | null = null) {
  const store = createStore<LatchkeyState>({ ready: true, authenticated: !!user, user, appConfig: null });
  const client = { getState: store.getState, subscribe: store.subscribe } as unknown as LatchkeyClient;
  const opened: ModalIntent[] = [];
  const env: WalletEnv = { client, config: {}, openModal: (intent) => opened.push(intent) };
  const requests: { method: string; params?: unknown }[] = [];
  let connected = true;
  const provider = {
    async request(args: { method: string; params?: unknown }) {
      requests.push(args);
      return '0xsignature';
    },
    on: () => provider,
    removeListener: () => provider,
  };
  const manager = {
    isConnected: async () => connected,
    getEthereumProvider: () => provider,
  } as unknown as WalletManager;
  return {
    store,
    env,
    manager,
    requests,
    opened,
    provider,
    disconnectWallet: () => {
      connected = false;
    },
  };
}

describe("an external wallet as useWallets lists it (the incumbent's ConnectedWallet)", () => {
  it('has its fields, no walletIndex, a CAIP-2 chainId, and asks the wallet whether it is connected', async () => {
    const f = fixture();
    const wallet = toConnectedWallet(f.env, f.manager, connection, false) as ConnectedWallet;
    expect(wallet).toMatchObject({
      type: 'ethereum',
      address,
      chainId: 'eip155:8453',
      walletClientType: 'metamask',
      connectorType: 'injected',
      imported: false,
      linked: false,
      meta: { name: 'MetaMask', id: 'io.metamask', icon: 'data:,' },
    });
    expect('walletIndex' in wallet).toBe(false);
    await expect(wallet.isConnected()).resolves.toBe(true);
    f.disconnectWallet();
    await expect(wallet.isConnected()).resolves.toBe(false);
  });

  it('signs with personal_sign through its provider, and refuses once the wallet let go', async () => {
    const f = fixture();
    const wallet = toConnectedWallet(f.env, f.manager, connection, false) as ConnectedWallet;
    await expect(wallet.sign('hello')).resolves.toBe('0xsignature');
    expect(f.requests).toEqual([{ method: 'personal_sign', params: ['0x68656c6c6f', address] }]);
    const provider = await wallet.getEthereumProvider();
    expect(typeof provider.on).toBe('function');
    expect(typeof provider.removeListener).toBe('function');
    f.disconnectWallet();
    await expect(wallet.sign('hello')).rejects.toThrow('Wallet is not currently connected.');
  });

  it('funds through the funding request, which checks the options first', async () => {
    const f = fixture();
    const wallet = toConnectedWallet(f.env, f.manager, connection, false) as ConnectedWallet;
    // The app's config has no funding: the request is refused before any modal opens.
    await expect(wallet.fund({ chain: { id: 8453 }, amount: '1', asset: 'USDC' })).rejects.toThrow();
    expect(f.opened).toEqual([]);
  });

  it('keeps Solana wallets as they were, with isConnected', async () => {
    const f = fixture();
    const solana = toConnectedWallet(
      f.env,
      f.manager,
      { ...connection, chainType: 'solana', address: 'So1', chainId: null },
      true,
    ) as ConnectedSolanaWallet;
    expect(solana).toMatchObject({ type: 'solana', linked: true });
    await expect(solana.isConnected()).resolves.toBe(true);
  });

  it('are the same objects while the connection and linked flag stay', () => {
    const f = fixture();
    const first = connectedWallets(f.env, f.manager, [connection], null);
    expect(connectedWallets(f.env, f.manager, [connection], null)[0]).toBe(first[0]);
  });
});

describe('an embedded wallet as useWallets lists it', () => {
  const account: EmbeddedWalletAccount = {
    address,
    chainType: 'ethereum',
    walletIndex: 2,
    chainId: 'eip155:1',
    recoveryMethod: 'privy',
    imported: false,
    delegated: false,
    createdAt: 1_700_000_000,
  };

  it('signs through the embedded signer, is connected while its user is logged in, and has its walletIndex', async () => {
    const f = fixture({ id: 'did:privy:alice', linked_accounts: [] } as unknown as User);
    const requests: unknown[] = [];
    const wallets = {
      list: () => [account],
      entropy: () => null,
      connect: async () => ({ entropyId: '' }),
      getEthereumProvider: () => ({
        async request(args: unknown) {
          requests.push(args);
          return '0xembedded';
        },
        on() {},
        removeListener() {},
        chainId: 1,
      }),
      setConfirm() {},
      destroy() {},
    } as unknown as EmbeddedWallets;
    const client = Object.assign(f.env.client, { embeddedWallets: async () => wallets });
    const wallet = embeddedEthereumWallet(client, f.env.openModal, account, 1, {
      embeddedWallets: { showWalletUIs: false },
    });
    expect(wallet).toMatchObject({ walletIndex: 2, chainId: 'eip155:1', walletClientType: 'privy' });
    await expect(wallet.sign('hello')).resolves.toBe('0xembedded');
    expect(requests).toContainEqual({
      method: 'personal_sign',
      params: [personalSignMessage('hello'), address],
    });
    await expect(wallet.isConnected()).resolves.toBe(true);
    f.store.setState({ user: null, authenticated: false });
    await expect(wallet.isConnected()).resolves.toBe(false);
  });
});

describe('a wallet provider without `on`/`removeListener`', () => {
  it('gets both, once per provider, telling the chain and account changes of its requests', async () => {
    let chain = '0x1';
    let account = address;
    const bare = {
      async request({ method, params }: { method: string; params?: unknown }) {
        if (method === 'eth_requestAccounts') return [account];
        if (method === 'eth_chainId') return chain;
        if (method === 'wallet_switchEthereumChain') {
          chain = (params as [{ chainId: string }])[0].chainId;
          return null;
        }
        throw new Error('Method not found');
      },
    };
    const provider = eventfulProvider(bare);
    expect(provider).not.toBe(bare);
    expect(eventfulProvider(bare)).toBe(provider);
    const withEvents = { ...bare, on: () => undefined, removeListener: () => undefined };
    expect(eventfulProvider(withEvents)).toBe(withEvents);
    const chains: unknown[] = [];
    const accounts: unknown[] = [];
    const onChain = (id: unknown) => chains.push(id);
    provider.on('chainChanged', onChain as never);
    provider.on('accountsChanged', ((list: unknown) => accounts.push(list)) as never);
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] });
    expect(chains).toEqual(['0xa']);
    await provider.request({ method: 'eth_requestAccounts' });
    account = '0x0000000000000000000000000000000000000002';
    await provider.request({ method: 'eth_requestAccounts' });
    expect(accounts).toEqual([[account]]);
    provider.removeListener('chainChanged', onChain as never);
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(chains).toEqual(['0xa']);
    expect(chain).toBe('0x1');
  });
});
