import type { User } from '@latchkey/protocol';
import { startScriptedServer } from '@latchkey/test/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announce,
  fakeProvider,
  fakeWindow,
  registerWhenReady,
  workingSolanaWallet,
} from '../../test/fake-wallets.ts';
import { type CreateLatchkeyClientParameters, createLatchkeyClient } from '../createLatchkeyClient.ts';
import type { FlowContext } from '../flows/context.ts';
import { type LatchkeyStorage, memoryStorage } from '../storage.ts';
import type { WalletConnector, WalletEvents } from './connectors/types.ts';
import { createWalletManager, type WalletManager, walletStorageKeys } from './manager.ts';
import type { AvailableWallet, WalletConnection, WalletWindow } from './types.ts';

const appId = 'cm0abcdefghijklmnopqrstuv';
const ethAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const solAddress = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';

let server: Awaited<ReturnType<typeof startScriptedServer>>;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

async function managerFor(
  win: WalletWindow,
  storage: LatchkeyStorage = memoryStorage(),
  extra: Partial<CreateLatchkeyClientParameters> = {},
) {
  const client = createLatchkeyClient({
    appId,
    apiUrl: server.url,
    storage,
    walletWindow: win,
    cookies: null,
    ...extra,
  });
  const wallets = await client.wallets();
  await until(wallets, (s) => s.ready);
  return wallets;
}

function until(wallets: WalletManager, ready: (state: ReturnType<WalletManager['getState']>) => boolean) {
  return new Promise<void>((resolve) => {
    if (ready(wallets.getState())) return resolve();
    const off = wallets.subscribe(() => {
      if (!ready(wallets.getState())) return;
      off();
      resolve();
    });
  });
}

const stored = (storage: LatchkeyStorage) =>
  JSON.parse(String(storage.get(walletStorageKeys.connections) ?? '[]')) as WalletConnection[];

function connection(fields: Partial<WalletConnection>): WalletConnection {
  return {
    chainType: 'ethereum',
    address: ethAddress,
    walletId: 'dev.latchkey.test',
    name: 'Test Wallet',
    icon: 'data:,',
    walletClientType: 'test_wallet',
    connectorType: 'injected',
    chainId: 'eip155:1',
    connectedAt: 1,
    ...fields,
  };
}

describe('stored connections', () => {
  it('come back without a prompt once their wallets appear, with the active one, and follow the wallet', async () => {
    const storage = memoryStorage();
    const solanaConnection = connection({
      chainType: 'solana',
      address: solAddress,
      walletId: 'test_solana',
      name: 'Test Solana',
      walletClientType: 'test_solana',
      connectorType: 'solana_adapter',
      chainId: null,
    });
    storage.put(
      walletStorageKeys.connections,
      JSON.stringify([connection({ chainId: 'eip155:1' }), solanaConnection]),
    );
    storage.put(walletStorageKeys.activeWallet, `test_solana:${solAddress}`);
    const win = fakeWindow();
    const eth = fakeProvider({ eth_accounts: () => [ethAddress.toLowerCase()], eth_chainId: () => '0x2105' });
    announce(win, 'Test Wallet', 'dev.latchkey.test', eth.provider);
    const sol = workingSolanaWallet('Test Solana', solAddress);
    registerWhenReady(win, sol.wallet);

    const wallets = await managerFor(win, storage);
    await until(wallets, (s) => s.connections.length === 2);
    const { connections, active } = wallets.getState();
    expect(connections.map((c) => [c.address, c.chainId])).toEqual(
      expect.arrayContaining([
        [ethAddress, 'eip155:8453'],
        [solAddress, null],
      ]),
    );
    expect(active).toBe(`test_solana:${solAddress}`);
    // Its account was still there: no silent connect was needed.
    expect(sol.calls).toEqual([]);
    expect(eth.calls.map((c) => c.method)).toEqual(['eth_accounts', 'eth_chainId']);

    eth.emit('chainChanged', '0xa');
    expect(wallets.getState().connections.find((c) => c.address === ethAddress)?.chainId).toBe('eip155:10');
    eth.emit('chainChanged', 'not a chain');
    expect(wallets.getState().connections.find((c) => c.address === ethAddress)?.chainId).toBe('eip155:10');
    await Promise.resolve();
    expect(stored(storage).find((c) => c.address === ethAddress)?.chainId).toBe('eip155:10');

    eth.emit('accountsChanged', [ethAddress.toLowerCase()]);
    expect(wallets.getState().connections).toHaveLength(2);
    eth.emit('accountsChanged', []);
    expect(wallets.getState().connections.map((c) => c.address)).toEqual([solAddress]);

    expect(eth.listenerCount()).toBe(2);
    wallets.stop();
    expect(eth.listenerCount()).toBe(0);
  });

  it('are forgotten when the wallet no longer grants the account; a Solana one reconnects silently', async () => {
    const storage = memoryStorage();
    storage.put(
      walletStorageKeys.connections,
      JSON.stringify([
        connection({}),
        connection({
          chainType: 'solana',
          address: solAddress,
          walletId: 'test_solana',
          walletClientType: 'test_solana',
          connectorType: 'solana_adapter',
          chainId: null,
        }),
        { chainType: 'bitcoin', address: 'bc1q', walletId: 'x' },
      ]),
    );
    const win = fakeWindow();
    announce(win, 'Test Wallet', 'dev.latchkey.test', fakeProvider({ eth_accounts: () => [] }).provider);
    const sol = workingSolanaWallet('Test Solana', solAddress);
    // Not connected yet in this page: the wallet lists no account until a (silent) connect.
    const accounts = sol.wallet.accounts;
    Object.assign(sol.wallet, { accounts: [] });
    const connect = sol.wallet.features['standard:connect'] as { connect(i?: unknown): Promise<unknown> };
    const original = connect.connect;
    connect.connect = async (input) => {
      Object.assign(sol.wallet, { accounts });
      return original(input);
    };
    registerWhenReady(win, sol.wallet);

    const wallets = await managerFor(win, storage);
    await until(wallets, (s) => s.connections.length === 1);
    expect(wallets.getState().connections.map((c) => c.address)).toEqual([solAddress]);
    expect(sol.calls).toEqual(['connect:silent']);
    await Promise.resolve();
    expect(stored(storage).map((c) => c.address)).toEqual([solAddress]);
    wallets.stop();
  });
});

describe('what each kind of wallet can do', () => {
  it('switches an Ethereum wallet’s chain, signs with a Solana one, and refuses the others', async () => {
    const win = fakeWindow();
    let chain = '0x1';
    const eth = fakeProvider({
      eth_requestAccounts: () => [ethAddress],
      eth_chainId: () => chain,
      wallet_switchEthereumChain: (params) => {
        chain = (params as [{ chainId: string }])[0].chainId;
        return null;
      },
    });
    announce(win, 'Phantom', 'app.phantom', eth.provider);
    const sol = workingSolanaWallet('Phantom', solAddress);
    registerWhenReady(win, sol.wallet);
    const wallets = await managerFor(win, memoryStorage(), {
      supportedChains: [
        { id: 1, name: 'Ethereum', rpcUrls: { default: { http: ['https://eth.invalid'] } } },
        { id: 10, name: 'OP', rpcUrls: { default: { http: ['https://op.invalid'] } } },
      ],
    });
    expect(wallets.getState().available.map((w) => [w.id, !!w.ethereum, !!w.solana])).toEqual([
      ['app.phantom', true, true],
    ]);

    await wallets.connect('app.phantom', 'ethereum');
    await wallets.connect('app.phantom', 'solana');
    expect(wallets.getState().active).toBe(`phantom:${solAddress}`);
    expect(wallets.getEthereumProvider(ethAddress)).toBe(eth.provider);
    await wallets.switchChain(ethAddress, 10);
    expect(wallets.getState().connections.find((c) => c.address === ethAddress)?.chainId).toBe('eip155:10');
    await expect(wallets.signSolanaMessage(solAddress, Uint8Array.of(9))).resolves.toEqual(
      Uint8Array.of(1, 2, 3),
    );

    expect(() => wallets.getEthereumProvider(solAddress)).toThrow(
      expect.objectContaining({ code: 'unsupported_wallet_type', message: 'Not an Ethereum wallet' }),
    );
    await expect(wallets.switchChain(solAddress, 10)).rejects.toMatchObject({
      code: 'unsupported_wallet_type',
      message: 'Not an Ethereum wallet',
    });
    await expect(wallets.signSolanaMessage(ethAddress, Uint8Array.of(9))).rejects.toMatchObject({
      code: 'unknown_connect_wallet_error',
      message: 'Unable to connect to wallet',
    });
    await expect(
      wallets.signSolanaTransaction(solAddress, Uint8Array.of(1, 2), 'solana:devnet'),
    ).resolves.toEqual(Uint8Array.of(1, 2, 7));
    expect(sol.calls).toContain('signTransaction:solana:devnet');
    await expect(
      wallets.signSolanaTransaction(ethAddress, Uint8Array.of(1), 'solana:mainnet'),
    ).rejects.toMatchObject({
      code: 'unable_to_sign',
      message: 'This wallet cannot sign Solana transactions',
    });
    await expect(wallets.switchChain(ethAddress, 'nope')).rejects.toMatchObject({ code: 'invalid_input' });
    expect(() => wallets.getEthereumProvider('0x0000000000000000000000000000000000000001')).toThrow(
      'No wallet found for address',
    );

    wallets.disconnect(solAddress);
    expect(sol.calls).toContain('disconnect');
    expect(wallets.getState().connections.map((c) => c.address)).toEqual([ethAddress]);
    expect(wallets.getState().active).toBe(`phantom:${ethAddress}`);
    wallets.disconnect(ethAddress);
    expect(wallets.getState()).toMatchObject({ connections: [], active: null });
    wallets.stop();
  });

  it('sets the active wallet: a connection, or an embedded wallet by its client type, kept across removals and reloads', async () => {
    const win = fakeWindow();
    const eth = fakeProvider({ eth_requestAccounts: () => [ethAddress], eth_chainId: () => '0x1' });
    announce(win, 'Phantom', 'app.phantom', eth.provider);
    registerWhenReady(win, workingSolanaWallet('Phantom', solAddress).wallet);
    const storage = memoryStorage();
    const wallets = await managerFor(win, storage);
    await wallets.connect('app.phantom', 'ethereum');
    await wallets.connect('app.phantom', 'solana');
    wallets.setActive(ethAddress.toLowerCase());
    expect(wallets.getState().active).toBe(`phantom:${ethAddress}`);
    const embedded = '0x1111111111111111111111111111111111111111';
    expect(() => wallets.setActive(embedded)).toThrow('No wallet found for address');
    wallets.setActive(embedded, 'privy');
    expect(wallets.getState().active).toBe(`privy:${embedded}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(storage.get(walletStorageKeys.activeWallet)).toBe(`privy:${embedded}`);
    // Removing a connection that is not the active wallet keeps it.
    wallets.disconnect(solAddress);
    expect(wallets.getState().active).toBe(`privy:${embedded}`);
    wallets.stop();
    const again = await managerFor(win, storage);
    expect(again.getState().active).toBe(`privy:${embedded}`);
    again.setActive(null);
    expect(again.getState().active).toBeNull();
    again.stop();
  });

  it('tells whether a wallet still grants the page its account, asking without a prompt', async () => {
    const win = fakeWindow();
    let granted = [ethAddress];
    const eth = fakeProvider({
      eth_requestAccounts: () => [ethAddress],
      eth_accounts: () => granted,
      eth_chainId: () => '0x1',
    });
    announce(win, 'Test Wallet', 'dev.latchkey.test', eth.provider);
    const wallets = await managerFor(win);
    await expect(wallets.isConnected(ethAddress)).resolves.toBe(false);
    await wallets.connect('dev.latchkey.test', 'ethereum');
    await expect(wallets.isConnected(ethAddress)).resolves.toBe(true);
    granted = [];
    await expect(wallets.isConnected(ethAddress)).resolves.toBe(false);
    expect(eth.calls.filter((c) => c.method === 'eth_requestAccounts')).toHaveLength(1);
    wallets.stop();
  });

  it('refuses a wallet that is not on the asked chain, or not found', async () => {
    const win = fakeWindow();
    registerWhenReady(win, workingSolanaWallet('Test Solana', solAddress).wallet);
    announce(win, 'Test Wallet', 'dev.latchkey.test', fakeProvider({}).provider);
    const wallets = await managerFor(win);
    await expect(wallets.connect('test_solana', 'ethereum')).rejects.toMatchObject({
      code: 'unsupported_wallet_type',
      message: 'Not an Ethereum wallet',
    });
    await expect(wallets.connect('dev.latchkey.test', 'solana')).rejects.toMatchObject({
      code: 'unsupported_wallet_type',
      message: 'Not a Solana wallet',
    });
    await expect(wallets.connect('nowhere', 'ethereum')).rejects.toMatchObject({
      code: 'unknown_connect_wallet_error',
      message: 'Unable to connect to wallet',
    });
    await expect(wallets.login(solAddress)).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'No wallet found for address',
    });
    wallets.stop();
  });
});

describe('connectors', () => {
  it('are all the manager knows: discovery, connect, follow, sign in and unlink go through them', async () => {
    const calls: string[] = [];
    const handle = { kind: 'test' };
    let events: WalletEvents | null = null;
    const testWallet = {
      id: 'test',
      name: 'Test Kind',
      icon: '',
      walletClientType: 'test_kind',
      solana: handle,
    };
    const connector: WalletConnector = {
      chainType: 'solana',
      connectorType: 'solana_adapter',
      unsupportedMessage: 'Not a test wallet',
      discover: (_win, onChange) => ({
        list: () => [testWallet as unknown as AvailableWallet],
        start: () => {
          calls.push('start');
          onChange();
        },
        stop: () => calls.push('stop'),
      }),
      handle: (wallet) => (wallet as { solana?: object } | undefined)?.solana,
      async connect() {
        calls.push('connect');
        return { address: 'Kind1', chainId: null };
      },
      reconnect: async () => null,
      watch(_wallet, watched) {
        events = watched;
        return () => calls.push('unwatch');
      },
      ownsAddress: (address) => address.startsWith('Kind'),
      async login(_ctx, signIn, mode) {
        calls.push(`login ${signIn.connection.address} ${mode} ${signIn.domain}`);
        return { user: { id: 'u' } as User, isNewUser: false };
      },
      async link() {
        throw new Error('not used');
      },
      async unlink(_ctx, address) {
        calls.push(`unlink ${address}`);
        return { id: 'u' } as User;
      },
    };
    // Without a login, only storage is used of the flow context.
    const ctx = { storage: memoryStorage() } as unknown as FlowContext;
    const wallets = createWalletManager({ ctx, window: fakeWindow(), connectors: [connector], now: () => 7 });
    await until(wallets, (s) => s.ready);
    expect(wallets.getState().available.map((w) => w.id)).toEqual(['test']);

    const made = await wallets.connect('test', 'solana');
    expect(made).toMatchObject({
      address: 'Kind1',
      connectorType: 'solana_adapter',
      chainId: null,
      connectedAt: 7,
    });
    events!.chainChanged('eip155:5');
    expect(wallets.getState().connections[0]?.chainId).toBe('eip155:5');
    await wallets.login('Kind1', { mode: 'no-signup' });
    await wallets.unlink('Kind2');
    expect(() => wallets.getEthereumProvider('Kind1')).toThrow('Not an Ethereum wallet');
    events!.accountsChanged(['Kind9']);
    expect(wallets.getState().connections).toEqual([]);
    wallets.stop();
    expect(calls).toEqual([
      'start',
      'connect',
      'login Kind1 no-signup app.example.com',
      'unlink Kind2',
      'stop',
      'unwatch',
    ]);
  });
});
