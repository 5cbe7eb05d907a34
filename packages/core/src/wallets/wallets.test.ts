import { buildSiweMessage, siweStatement } from '@latchkey/protocol';
import { startScriptedServer } from '@latchkey/test/client';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { isAddress as isKitAddress } from '@solana/kit';
import { getAddress, isAddress, stringToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce, fakeProvider, fakeWindow, solanaWallet } from '../../test/fake-wallets.ts';
import { createLatchkeyClient } from '../createLatchkeyClient.ts';
import { LatchkeyClientError } from '../errors.ts';
import { memoryStorage } from '../storage.ts';
import { isEthereumAddress, isSolanaAddress, toChecksumAddress, utf8ToHex } from './address.ts';
import {
  canRetryConnection,
  initialConnectionState,
  maxWalletRetries,
  walletConnectionReducer,
} from './connectionState.ts';
import { discoverWallets, walletClientTypeOf } from './discovery.ts';
import { switchEthereumChain, toWalletError } from './ethereum.ts';
import { readWalletDeepLink, walletStorageKeys } from './manager.ts';
import type { StandardWallet, WalletChain } from './types.ts';

const base: WalletChain = {
  id: 8453,
  name: 'Base',
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
};

describe('EIP-55 checksum', () => {
  it('matches the EIP-55 test vectors', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
    expect(() => toChecksumAddress('0x123')).toThrow(LatchkeyClientError);
  });

  it('agrees with viem (getAddress, isAddress, stringToHex) and @solana/kit (isAddress)', () => {
    for (let round = 0; round < 50; round += 1) {
      const hex = bytesToHex(crypto.getRandomValues(new Uint8Array(20)));
      const lower = `0x${hex}`;
      expect(toChecksumAddress(lower)).toBe(getAddress(lower));
      expect(toChecksumAddress(lower.toUpperCase().replace('0X', '0x'))).toBe(getAddress(lower));
      const solana = base58.encode(crypto.getRandomValues(new Uint8Array(32)));
      expect(isSolanaAddress(solana)).toBe(isKitAddress(solana));
    }
    for (const text of ['', 'hé', 'Sign in ✓\n', '\u0000']) expect(utf8ToHex(text)).toBe(stringToHex(text));
    for (const value of ['0x12', `0x${'g'.repeat(40)}`, `0X${'a'.repeat(40)}`, `0x${'A'.repeat(40)}`])
      expect(isEthereumAddress(value)).toBe(isAddress(value, { strict: false }));
    for (const value of ['1'.repeat(31), '1'.repeat(33), 'O'.repeat(44), `2${'1'.repeat(31)}`])
      expect(isSolanaAddress(value)).toBe(isKitAddress(value));
  });

  it('hex-encodes UTF-8 and checks Solana addresses', () => {
    expect(utf8ToHex('hé')).toBe('0x68c3a9');
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(isSolanaAddress('4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T')).toBe(true);
    expect(isSolanaAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });
});

describe('discovery', () => {
  it('lists EIP-6963 wallets that announce before and after discovery starts', () => {
    const win = fakeWindow();
    announce(win, 'MetaMask', 'io.metamask', fakeProvider({}).provider);
    const discovery = discoverWallets(win);
    expect(discovery.list().map((w) => [w.id, w.walletClientType])).toEqual([['io.metamask', 'metamask']]);
    let changes = 0;
    discovery.subscribe(() => {
      changes += 1;
    });
    announce(win, 'Test Wallet', 'dev.latchkey.test', fakeProvider({}).provider);
    expect(changes).toBe(1);
    expect(discovery.list().map((w) => w.walletClientType)).toEqual(['metamask', 'test_wallet']);
    // A repeated announcement of the same provider changes nothing.
    discovery.refresh();
    expect(changes).toBe(1);
    discovery.stop();
  });

  it('falls back to window.ethereum only when nothing announces', () => {
    const injected = fakeProvider({}).provider;
    const win = fakeWindow({ ethereum: injected });
    const discovery = discoverWallets(win);
    expect(discovery.list()).toMatchObject([{ id: 'injected', name: 'Injected', ethereum: injected }]);
    announce(win, 'Rabby', 'io.rabby', fakeProvider({}).provider);
    expect(discovery.list().map((w) => w.id)).toEqual(['io.rabby']);
  });

  it('registers Solana wallets through the Wallet Standard events and merges by name', () => {
    const win = fakeWindow();
    announce(win, 'Phantom', 'app.phantom', fakeProvider({}).provider);
    // A wallet that loaded first registers when the app says it is ready.
    const early = solanaWallet('Phantom');
    win.addEventListener('wallet-standard:app-ready', (event) => {
      (event as CustomEvent<{ register(w: StandardWallet): void }>).detail.register(early);
    });
    const discovery = discoverWallets(win);
    // A wallet that loads later dispatches its own registration event.
    const late = solanaWallet('Solflare');
    let unregister = () => {};
    win.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: (api: { register(w: StandardWallet): () => void }) => {
          unregister = api.register(late);
        },
      }),
    );
    // Not a Solana message signer: ignored.
    win.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: (api: { register(w: StandardWallet): void }) =>
          api.register(solanaWallet('NoSign', ['standard:connect'])),
      }),
    );
    const list = discovery.list();
    expect(list.map((w) => w.id)).toEqual(['app.phantom', 'solflare']);
    expect(list[0]?.solana).toBe(early);
    expect(list[0]?.ethereum).toBeDefined();
    unregister();
    expect(discovery.list().map((w) => w.id)).toEqual(['app.phantom']);
  });

  it('names client types from rdns or the wallet name', () => {
    expect(walletClientTypeOf('Coinbase Wallet', 'com.coinbase.wallet')).toBe('coinbase_wallet');
    expect(walletClientTypeOf('Test Wallet')).toBe('test_wallet');
  });
});

describe('chain switching', () => {
  it('adds an unknown chain (4902) from the configured chains, then switches again', async () => {
    let known = false;
    const { provider, calls } = fakeProvider({
      wallet_switchEthereumChain: () => {
        if (!known) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
        return null;
      },
      wallet_addEthereumChain: () => {
        known = true;
        return null;
      },
    });
    await switchEthereumChain(provider, 8453, [base]);
    expect(calls.map((c) => c.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(calls[0]?.params).toEqual([{ chainId: '0x2105' }]);
    expect(calls[1]?.params).toEqual([
      {
        chainId: '0x2105',
        chainName: 'Base',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://mainnet.base.org'],
        blockExplorerUrls: undefined,
      },
    ]);
  });

  it('finds 4902 wrapped in data.originalError, refuses unconfigured chains, maps rejection', async () => {
    const wrapped = fakeProvider({
      wallet_switchEthereumChain: () => {
        throw Object.assign(new Error('x'), { code: -32603, data: { originalError: { code: 4902 } } });
      },
    });
    await expect(switchEthereumChain(wrapped.provider, 10, [base])).rejects.toMatchObject({
      code: 'unsupported_chain_id',
    });
    expect(wrapped.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain']);

    const rejecting = fakeProvider({
      wallet_switchEthereumChain: () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
    });
    await expect(switchEthereumChain(rejecting.provider, 8453, [base])).rejects.toMatchObject({
      code: 'generic_connect_wallet_error',
      message: 'The user rejected the request.',
    });
    expect(toWalletError(new Error('boom')).code).toBe('unknown_connect_wallet_error');
  });
});

describe('connection state', () => {
  it('offers Retry while fewer than 2 retries were made', () => {
    let state = walletConnectionReducer(initialConnectionState, { type: 'connect' });
    expect(state.status).toBe('connecting');
    for (let retry = 0; retry < maxWalletRetries; retry += 1) {
      state = walletConnectionReducer(state, { type: 'fail', message: 'rejected' });
      expect(canRetryConnection(state)).toBe(true);
      state = walletConnectionReducer(state, { type: 'retry' });
      expect(state).toMatchObject({ status: 'connecting', retries: retry + 1 });
    }
    state = walletConnectionReducer(state, { type: 'fail', message: 'rejected' });
    expect(canRetryConnection(state)).toBe(false);
    expect(walletConnectionReducer(state, { type: 'retry' })).toBe(state);
  });
});

describe('deep link', () => {
  it('reads privy_connector, privy_wallet_client and privy_connect_only', () => {
    expect(readWalletDeepLink('?a=1')).toBeNull();
    expect(
      readWalletDeepLink('?privy_connector=injected&privy_wallet_client=metamask&privy_connect_only=true'),
    ).toEqual({ connector: 'injected', walletClient: 'metamask', connectOnly: true });
  });
});

describe('wallet manager over HTTP', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());

  const appId = 'cm0abcdefghijklmnopqrstuv';
  const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const token = `${b64({ alg: 'ES256' })}.${b64({ sub: 'did:privy:u1', aud: appId, iss: 'privy.io', exp: 4102444800 })}.sig`;
  const user = {
    id: 'did:privy:u1',
    created_at: 1,
    linked_accounts: [],
    mfa_methods: [],
    has_accepted_terms: true,
    is_guest: false,
  };

  it('connects, switches an unsupported chain, signs in with SIWE and persists the connection', async () => {
    const win = fakeWindow();
    let chain = '0x89';
    const { provider, calls } = fakeProvider({
      eth_requestAccounts: () => [address.toLowerCase()],
      eth_chainId: () => chain,
      wallet_switchEthereumChain: (params) => {
        chain = (params as [{ chainId: string }])[0].chainId;
        return null;
      },
      personal_sign: () => '0xsig',
    });
    announce(win, 'Test Wallet', 'dev.latchkey.test', provider);
    const storage = memoryStorage();
    const client = createLatchkeyClient({
      appId,
      apiUrl: server.url,
      storage,
      walletWindow: win,
      cookies: null,
    });
    const wallets = await client.wallets();
    expect(await client.wallets()).toBe(wallets);
    let switched = false;
    const connection = await wallets.connect('dev.latchkey.test', 'ethereum', {
      onSwitching: () => {
        switched = true;
      },
    });
    expect(switched).toBe(true);
    expect(connection).toMatchObject({ address, chainId: 'eip155:1', walletClientType: 'test_wallet' });
    expect(wallets.getState().active).toBe(`test_wallet:${address}`);
    const stored = JSON.parse((await storage.get(walletStorageKeys.connections)) ?? '[]') as {
      address: string;
    }[];
    expect(stored.map((c) => c.address)).toEqual([address]);

    server.script([
      { status: 200, body: { address, nonce: 'n0nce1234', expires_at: '2030-01-01T00:00:00Z' } },
      { status: 200, body: { user, token, refresh_token: 'r', identity_token: null, is_new_user: true } },
    ]);
    const statuses: string[] = [];
    const result = await wallets.login(address, { onStatus: (s) => statuses.push(s) });
    expect(result.isNewUser).toBe(true);
    expect(statuses).toEqual(['generating-message', 'awaiting-signature', 'submitting-signature']);
    expect(server.hits.map((h) => h.path)).toEqual(['/api/v1/siwe/init', '/api/v1/siwe/authenticate']);
    expect(JSON.parse(server.hits[0]!.body)).toEqual({ address });
    const body = JSON.parse(server.hits[1]!.body) as Record<string, string>;
    const issuedAt = /Issued At: (.*)/.exec(body.message!)?.[1] ?? '';
    expect(body.message).toBe(
      buildSiweMessage({
        domain: 'app.example.com',
        address,
        statement: siweStatement,
        uri: 'https://app.example.com',
        chainId: 1,
        nonce: 'n0nce1234',
        issuedAt,
      }),
    );
    expect(body).toMatchObject({
      signature: '0xsig',
      chainId: 'eip155:1',
      walletClientType: 'test_wallet',
      connectorType: 'injected',
    });
    const sign = calls.find((c) => c.method === 'personal_sign');
    expect(sign?.params).toEqual([utf8ToHex(body.message!), address]);
    wallets.stop();
  });

  it('connects a Wallet Standard wallet and signs in with SIWS (base64 signature)', async () => {
    const win = fakeWindow();
    const solAddress = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
    const account = {
      address: solAddress,
      publicKey: new Uint8Array(32),
      chains: ['solana:mainnet'],
      features: [],
    };
    const signed: Uint8Array[] = [];
    const wallet: StandardWallet = {
      name: 'Test Solana',
      icon: 'data:,',
      chains: ['solana:mainnet'],
      accounts: [account],
      features: {
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
        'solana:signMessage': {
          version: '1.0.0',
          signMessage: async (input: { message: Uint8Array }) => {
            signed.push(input.message);
            return [{ signedMessage: input.message, signature: new Uint8Array([1, 2, 3]) }];
          },
        },
      },
    };
    win.addEventListener('wallet-standard:app-ready', (event) =>
      (event as CustomEvent<{ register(w: StandardWallet): void }>).detail.register(wallet),
    );
    const client = createLatchkeyClient({
      appId,
      apiUrl: server.url,
      storage: memoryStorage(),
      walletWindow: win,
      cookies: null,
    });
    const wallets = await client.wallets();
    const connection = await wallets.connect('test_solana', 'solana');
    expect(connection).toMatchObject({ address: solAddress, connectorType: 'solana_adapter', chainId: null });
    server.script([
      { status: 200, body: { address: solAddress, nonce: 'n0nce5678', expires_at: '2030-01-01T00:00:00Z' } },
      { status: 200, body: { user, token, refresh_token: 'r', identity_token: null, is_new_user: false } },
    ]);
    await wallets.login(solAddress, { mode: 'no-signup' });
    expect(server.hits.map((h) => h.path)).toEqual(['/api/v1/siws/init', '/api/v1/siws/authenticate']);
    const body = JSON.parse(server.hits[1]!.body) as Record<string, string>;
    expect(body).toMatchObject({
      signature: 'AQID',
      walletClientType: 'test_solana',
      connectorType: 'solana_adapter',
      message_type: 'plain',
      mode: 'no-signup',
    });
    expect(body.message).toContain('app.example.com wants you to sign in with your Solana account:');
    expect(body.message).toContain('Chain ID: mainnet');
    expect(new TextDecoder().decode(signed[0])).toBe(body.message);
    // This wallet signs messages only: a transaction is refused with a clear error.
    await expect(
      wallets.signSolanaTransaction(solAddress, Uint8Array.of(1), 'solana:mainnet'),
    ).rejects.toMatchObject({
      code: 'unable_to_sign',
      message: 'Test Solana cannot sign Solana transactions',
    });
    wallets.stop();
  });
});
