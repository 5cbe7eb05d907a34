import type { LinkedAccount, User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { embeddedEntropy, embeddedWallets, nextWalletIndex } from './accounts.ts';
import { createEmbeddedWallets, type EmbeddedSession } from './embedded-wallets.ts';
import { EmbeddedWalletError } from './errors.ts';
import type { FrameProxy } from './frame-proxy.ts';

const eth0 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const eth1 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const eth2 = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const sol0 = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

let clock = 1_700_000_000;

/** An embedded wallet linked account as the server lists it (WIRE.md §4.2). */
function walletAccount(
  chainType: 'ethereum' | 'solana',
  address: string,
  walletIndex: number,
  extra: Record<string, unknown> = {},
): LinkedAccount {
  const at = (extra.verified_at as number | undefined) ?? clock++;
  return {
    type: 'wallet',
    verified_at: at,
    first_verified_at: at,
    latest_verified_at: at,
    id: null,
    address,
    chain_id: chainType === 'ethereum' ? 'eip155:1' : null,
    chain_type: chainType,
    connector_type: 'embedded',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    wallet_index: walletIndex,
    delegated: false,
    imported: false,
    recovery_method: 'privy',
    ...(chainType === 'solana' ? { public_key: address } : {}),
    ...extra,
  } as LinkedAccount;
}

const emailAccount: LinkedAccount = {
  type: 'email',
  address: 'alice@example.com',
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
};

type Handler = (data: Record<string, unknown>) => unknown;

/**
 * A logged-in user, the server's view of them (what a session refresh returns) and a scripted
 * frame that records every request and answers by `handlers` (a thrown error is the frame's).
 */
function world(accounts: LinkedAccount[] = [], handlers: Record<string, Handler> = {}) {
  const server: User = {
    id: 'did:privy:user',
    created_at: 1,
    has_accepted_terms: false,
    is_guest: false,
    linked_accounts: [emailAccount, ...accounts],
    mfa_methods: [],
  };
  let user: User | null = structuredClone(server);
  let token: string | null = 'access-token';
  let refreshes = 0;
  const session: EmbeddedSession = {
    get user() {
      return user;
    },
    getAccessToken: async () => token,
    refreshAfterChange: async () => {
      refreshes += 1;
      user = structuredClone(server);
      return user;
    },
  };
  const requests: { event: string; data: Record<string, unknown> }[] = [];
  let destroyed = 0;
  const proxy: FrameProxy = {
    ready: Promise.resolve(),
    async request<T>(event: string, data: Record<string, unknown>) {
      requests.push({ event, data });
      const handler = handlers[event];
      if (!handler) throw new EmbeddedWalletError('error', `unscripted ${event}`);
      return (await handler(data)) as T;
    },
    destroy() {
      destroyed += 1;
    },
  };
  return {
    session,
    proxy,
    server,
    requests,
    events: () => requests.map((r) => r.event),
    refreshes: () => refreshes,
    destroyed: () => destroyed,
    logout: () => {
      token = null;
      user = null;
    },
    link: (account: LinkedAccount) => server.linked_accounts.push(account),
  };
}

const notOnDevice = () => {
  throw new EmbeddedWalletError('wallet_not_on_device', 'Wallet not on device');
};

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddedWalletError);
  return error as EmbeddedWalletError;
}

describe('embedded wallets from linked accounts', () => {
  it('lists only embedded wallets, Ethereum first, by index', () => {
    const external = {
      ...walletAccount('ethereum', eth2, 0),
      wallet_client_type: 'metamask',
      connector_type: 'injected',
    };
    const user = world([
      walletAccount('solana', sol0, 0),
      walletAccount('ethereum', eth1, 1),
      external as LinkedAccount,
      walletAccount('ethereum', eth0, 0),
    ]).session.user;
    expect(embeddedWallets(user).map((w) => [w.chainType, w.walletIndex, w.address])).toEqual([
      ['ethereum', 0, eth0],
      ['ethereum', 1, eth1],
      ['solana', 0, sol0],
    ]);
    expect(nextWalletIndex(user, 'ethereum')).toBe(2);
    expect(nextWalletIndex(user, 'solana')).toBe(1);
    expect(embeddedEntropy(null)).toBeNull();
  });

  it('names the entropy by the first wallet made from it: Ethereum first on a tie', () => {
    const tie = world([
      walletAccount('solana', sol0, 0, { verified_at: 100 }),
      walletAccount('ethereum', eth0, 0, { verified_at: 100 }),
    ]).session.user;
    expect(embeddedEntropy(tie)).toEqual({
      entropyId: eth0,
      entropyIdVerifier: 'ethereum-address-verifier',
      recoveryMethod: 'privy',
    });
    const solanaFirst = world([
      walletAccount('ethereum', eth0, 0, { verified_at: 200 }),
      walletAccount('solana', sol0, 0, { verified_at: 100 }),
    ]).session.user;
    expect(embeddedEntropy(solanaFirst)).toMatchObject({
      entropyId: sol0,
      entropyIdVerifier: 'solana-address-verifier',
    });
  });
});

describe('creating embedded wallets', () => {
  it('creates the Ethereum wallet in the frame and refreshes the user to show it', async () => {
    const w = world([], {
      'privy:wallet:create': () => {
        w.link(walletAccount('ethereum', eth0, 0));
        return { address: eth0 };
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const wallet = await wallets.createEthereumWallet();
    expect(w.requests).toEqual([
      { event: 'privy:wallet:create', data: { accessToken: 'access-token', recoveryMethod: 'privy' } },
    ]);
    expect(wallet).toMatchObject({
      address: eth0,
      chainType: 'ethereum',
      walletIndex: 0,
      recoveryMethod: 'privy',
    });
    expect(w.refreshes()).toBe(1);
    expect(wallets.list().map((x) => x.address)).toEqual([eth0]);
    const again = await failure(wallets.createEthereumWallet());
    expect(again.type).toBe('embedded_wallet_already_exists');
    expect(w.events()).toEqual(['privy:wallet:create']);
  });

  it('sends the password for user-passcode, and refuses a missing one', async () => {
    const w = world([], { 'privy:wallet:create': () => ({ address: eth0 }) });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const missing = await failure(wallets.createEthereumWallet({ recoveryMethod: 'user-passcode' }));
    expect(missing.message).toBe('Password not provided yet is required by App configuration');
    expect(w.requests).toEqual([]);
    await wallets.createEthereumWallet({ recoveryMethod: 'user-passcode', password: 'hunter22' });
    expect(w.requests[0]!.data).toEqual({
      accessToken: 'access-token',
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'hunter22',
    });
  });

  it('refuses a create without a password when the app requires one', async () => {
    const w = world();
    const wallets = createEmbeddedWallets({
      session: w.session,
      proxy: w.proxy,
      requireUserPassword: () => true,
    });
    const error = await failure(wallets.createEthereumWallet());
    expect(error.message).toBe('Password not provided yet is required by App configuration');
  });

  it('needs a logged-in user', async () => {
    const w = world();
    w.logout();
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const error = await failure(wallets.createEthereumWallet());
    expect(error).toMatchObject({
      type: 'must_be_authenticated',
      message: 'User must be authenticated to use their embedded wallet.',
    });
  });

  it('creates Solana from the existing entropy (ethereumAddress = entropyId), or a new entropy', async () => {
    const withEth = world([walletAccount('ethereum', eth0, 0)], {
      'privy:solana-wallet:create': () => ({ publicKey: sol0 }),
    });
    await createEmbeddedWallets({ session: withEth.session, proxy: withEth.proxy }).createSolanaWallet({
      recoveryMethod: 'user-passcode',
      password: 'ignored: the entropy has its method',
    });
    expect(withEth.requests[0]!.data).toEqual({ accessToken: 'access-token', ethereumAddress: eth0 });

    const fresh = world([], {
      'privy:solana-wallet:create': () => {
        fresh.link(walletAccount('solana', sol0, 0));
        return { publicKey: sol0 };
      },
    });
    const wallets = createEmbeddedWallets({ session: fresh.session, proxy: fresh.proxy });
    const wallet = await wallets.createSolanaWallet();
    expect(fresh.requests[0]!.data).toEqual({ accessToken: 'access-token', recoveryMethod: 'privy' });
    expect(wallet).toMatchObject({ address: sol0, chainType: 'solana', walletIndex: 0 });
    expect((await failure(wallets.createSolanaWallet())).type).toBe('embedded_wallet_already_exists');
  });

  it('gives a Solana-first user Ethereum index 0 from their entropy', async () => {
    const w = world([walletAccount('solana', sol0, 0)], { 'privy:wallets:add': () => ({ address: eth0 }) });
    await createEmbeddedWallets({ session: w.session, proxy: w.proxy }).createEthereumWallet();
    expect(w.requests).toEqual([
      {
        event: 'privy:wallets:add',
        data: {
          accessToken: 'access-token',
          entropyId: sol0,
          entropyIdVerifier: 'solana-address-verifier',
          chainType: 'ethereum',
          hdWalletIndex: 0,
        },
      },
    ]);
  });

  it('creates additional HD wallets at the next index, and needs an entropy for it', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:wallets:add': (data) => {
        const address =
          data.chainType === 'ethereum' ? [eth0, eth1, eth2][data.hdWalletIndex as number]! : sol0;
        w.link(walletAccount(data.chainType as 'ethereum', address, data.hdWalletIndex as number));
        return { address };
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    expect((await wallets.createAdditional('ethereum')).walletIndex).toBe(1);
    expect((await wallets.createAdditional('ethereum')).address).toBe(eth2);
    expect((await wallets.createAdditional('solana')).walletIndex).toBe(0);
    expect(w.requests.map((r) => [r.data.chainType, r.data.hdWalletIndex, r.data.entropyId])).toEqual([
      ['ethereum', 1, eth0],
      ['ethereum', 2, eth0],
      ['solana', 0, eth0],
    ]);
    const none = world();
    const error = await failure(
      createEmbeddedWallets({ session: none.session, proxy: none.proxy }).createAdditional('ethereum'),
    );
    expect(error.type).toBe('embedded_wallet_not_found');
  });
});

describe('connecting and recovering', () => {
  const connectData = {
    accessToken: 'access-token',
    entropyId: eth0,
    entropyIdVerifier: 'ethereum-address-verifier',
  };

  it('connects a wallet that is on the device', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:wallets:connect': () => ({ entropyId: eth0 }),
    });
    await expect(createEmbeddedWallets({ session: w.session, proxy: w.proxy }).connect()).resolves.toEqual({
      entropyId: eth0,
    });
    expect(w.requests).toEqual([{ event: 'privy:wallets:connect', data: connectData }]);
  });

  it('recovers a privy wallet without asking when it is not on this device', async () => {
    let onDevice = false;
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:wallets:connect': () => (onDevice ? { entropyId: eth0 } : notOnDevice()),
      'privy:wallets:recover': () => {
        onDevice = true;
        return { entropyId: eth0 };
      },
    });
    await createEmbeddedWallets({ session: w.session, proxy: w.proxy }).connect();
    expect(w.requests).toEqual([
      { event: 'privy:wallets:connect', data: connectData },
      { event: 'privy:wallets:recover', data: connectData },
      { event: 'privy:wallets:connect', data: connectData },
    ]);
  });

  it('hands wallet_not_on_device to the caller for user-passcode, then recovers with the password', async () => {
    const w = world([walletAccount('ethereum', eth0, 0, { recovery_method: 'user-passcode' })], {
      'privy:wallets:connect': notOnDevice,
      'privy:wallets:recover': () => ({ entropyId: eth0 }),
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    expect((await failure(wallets.connect())).type).toBe('wallet_not_on_device');
    expect(w.events()).toEqual(['privy:wallets:connect']);
    await wallets.recover({ password: 'hunter22' });
    expect(w.requests[1]).toEqual({
      event: 'privy:wallets:recover',
      data: { ...connectData, recoveryPassword: 'hunter22' },
    });
  });

  it('needs an embedded wallet to connect', async () => {
    const w = world();
    const error = await failure(createEmbeddedWallets({ session: w.session, proxy: w.proxy }).connect());
    expect(error.message).toBe(
      'User must be authenticated and have a Latchkey wallet before it can be connected/recovered',
    );
  });

  it('changes the recovery method in the frame and refreshes the user', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:wallets:set-recovery': (data) => ({
        entropyId: data.entropyId,
        entropyIdVerifier: data.entropyIdVerifier,
        recoveryMethod: data.recoveryMethod,
      }),
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    expect((await failure(wallets.setRecovery({ recoveryMethod: 'user-passcode' }))).type).toBe(
      'invalid_input',
    );
    const reply = await wallets.setRecovery({ recoveryMethod: 'user-passcode', password: 'hunter22' });
    expect(reply).toEqual({
      entropyId: eth0,
      entropyIdVerifier: 'ethereum-address-verifier',
      recoveryMethod: 'user-passcode',
    });
    expect(w.requests[0]!.data).toEqual({
      ...connectData,
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'hunter22',
    });
    expect(w.refreshes()).toBe(1);
  });
});

describe('signing through the frame', () => {
  it('sends the wallet’s HD index, and several calls on a new device share one recovery', async () => {
    let onDevice = false;
    const w = world([walletAccount('ethereum', eth0, 0), walletAccount('ethereum', eth1, 1)], {
      'privy:wallets:rpc': (data) => {
        if (!onDevice) notOnDevice();
        return {
          address: eth1,
          chainType: 'ethereum',
          response: { method: 'personal_sign', data: `0xsig${data.hdWalletIndex}` },
        };
      },
      'privy:wallets:recover': async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        onDevice = true;
        return { entropyId: eth0 };
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const request = { method: 'personal_sign', params: ['0x68', eth1] };
    const results = await Promise.all([
      wallets.rpc(eth1.toLowerCase(), 'ethereum', request),
      wallets.rpc(eth1, 'ethereum', request),
    ]);
    expect(results).toEqual(['0xsig1', '0xsig1']);
    expect(w.events().filter((e) => e === 'privy:wallets:recover')).toHaveLength(1);
    expect(w.requests.at(-1)!.data).toEqual({
      accessToken: 'access-token',
      entropyId: eth0,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 1,
      request,
    });
    expect((await failure(wallets.rpc(eth2, 'ethereum', request))).message).toBe(
      'No wallet found for address',
    );
  });

  it('gives one EIP-1193 provider per wallet, confirming through the installed hook', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:wallets:rpc': () => ({ response: { method: 'personal_sign', data: '0xsig' } }),
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const provider = wallets.getEthereumProvider(eth0.toLowerCase());
    expect(wallets.getEthereumProvider(eth0)).toBe(provider);
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([eth0]);
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', eth0] })).resolves.toBe(
      '0xsig',
    );
    const asked: string[] = [];
    wallets.setConfirm(async (r) => {
      asked.push(r.method);
      throw new Error('cancel');
    });
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', eth0] })).rejects.toMatchObject(
      {
        code: 4001,
      },
    );
    expect(asked).toEqual(['personal_sign']);
    expect(w.events()).toEqual(['privy:wallets:rpc']);
    expect(() => wallets.getEthereumProvider(eth1)).toThrow(EmbeddedWalletError);
    const events: unknown[] = [];
    provider.on('accountsChanged', (a: string[]) => events.push(a));
    wallets.destroy();
    expect(events).toEqual([[]]);
    expect(w.destroyed()).toBe(1);
  });

  it('signs a Solana message: base64 to the frame and back', async () => {
    const signature = new Uint8Array(64).map((_, i) => i);
    const w = world([walletAccount('solana', sol0, 0)], {
      'privy:wallets:rpc': () => ({
        response: { method: 'signMessage', data: { signature: Buffer.from(signature).toString('base64') } },
      }),
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    await expect(wallets.signSolanaMessage(sol0, new TextEncoder().encode('hello'))).resolves.toEqual(
      signature,
    );
    expect(w.requests[0]!.data.request).toEqual({ method: 'signMessage', params: { message: 'aGVsbG8=' } });
    expect(w.requests[0]!.data.entropyIdVerifier).toBe('solana-address-verifier');
    expect((await failure(wallets.signSolanaMessage(sol0, new Uint8Array()))).message).toBe(
      'Message must be a non-empty string',
    );
  });
});

describe('the frame proxy behind the API', () => {
  it('drops a frame that never got ready, and mounts a fresh one on the next call', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:wallets:connect': () => ({ entropyId: eth0 }),
    });
    let made = 0;
    const broken: FrameProxy = {
      ready: Promise.reject(
        new EmbeddedWalletError('embedded_wallet_webview_not_loaded', 'Failed to connect to wallet proxy'),
      ),
      request: () =>
        Promise.reject(
          new EmbeddedWalletError('embedded_wallet_webview_not_loaded', 'Failed to connect to wallet proxy'),
        ),
      destroy: () => undefined,
    };
    broken.ready.catch(() => undefined);
    const wallets = createEmbeddedWallets({
      session: w.session,
      proxy: () => (made++ === 0 ? broken : w.proxy),
    });
    await expect(wallets.connect()).rejects.toMatchObject({ message: 'Failed to connect to wallet proxy' });
    await expect(wallets.connect()).resolves.toEqual({ entropyId: eth0 });
    expect(made).toBe(2);
  });
});

describe('importing a private key', () => {
  const hardhatKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
  const imported = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

  it('imports in the frame (on-device) and refreshes the user to show the imported wallet', async () => {
    const w = world([], {
      'privy:wallets:import': () => {
        w.link(walletAccount('ethereum', imported, 0, { imported: true }));
        return { address: imported };
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const wallet = await wallets.importWallet({ privateKey: hardhatKey });
    expect(wallet).toMatchObject({
      address: imported,
      chainType: 'ethereum',
      walletIndex: 0,
      imported: true,
    });
    expect(w.requests).toEqual([
      {
        event: 'privy:wallets:import',
        data: {
          accessToken: 'access-token',
          privateKey: hardhatKey,
          chainType: 'ethereum',
          mode: 'on-device',
          recoveryMethod: 'privy',
        },
      },
    ]);
    expect(w.refreshes()).toBe(1);
    expect(wallets.list()).toEqual([expect.objectContaining({ address: imported, imported: true })]);
    // An imported wallet is not the user's HD entropy: creating one stays possible.
    expect(wallets.entropy()).toBeNull();
  });

  it('sends the chain and the password for user-passcode; the frame’s refusal comes back typed', async () => {
    const w = world([], {
      'privy:wallets:import': (data) => {
        if (data.chainType === 'solana' && data.privateKey === 'bad')
          throw new EmbeddedWalletError('invalid_request_arguments', 'A Solana private key is base58');
        return { address: sol0 };
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    // The refresh failed to show it (no account linked here): the frame's answer is the wallet.
    expect(
      await wallets.importWallet({ privateKey: 'key', chainType: 'solana', password: 'pw' }),
    ).toMatchObject({ address: sol0, chainType: 'solana', imported: true, recoveryMethod: 'user-passcode' });
    expect(w.requests[0]!.data).toMatchObject({ recoveryMethod: 'user-passcode', recoveryPassword: 'pw' });
    const refused = await failure(wallets.importWallet({ privateKey: 'bad', chainType: 'solana' }));
    expect(refused).toMatchObject({ type: 'invalid_request_arguments' });
  });

  it('refuses a missing key, an unknown chain or method, or no user, before asking the frame', async () => {
    const w = world();
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    for (const options of [
      { privateKey: '' },
      { privateKey: '  ' },
      { privateKey: 42 },
      {},
      { privateKey: hardhatKey, chainType: 'bitcoin' },
    ]) {
      const error = await failure(wallets.importWallet(options as never));
      expect(error.type).toBe('invalid_input');
      expect(error.message).not.toContain(hardhatKey.slice(2, 12));
    }
    expect(
      await failure(wallets.importWallet({ privateKey: hardhatKey, recoveryMethod: 'bogus' as never })),
    ).toMatchObject({ type: 'unsupported_recovery_method' });
    expect(
      await failure(wallets.importWallet({ privateKey: hardhatKey, recoveryMethod: 'user-passcode' })),
    ).toMatchObject({ type: 'invalid_input' });
    w.logout();
    expect(await failure(wallets.importWallet({ privateKey: hardhatKey }))).toMatchObject({
      type: 'must_be_authenticated',
    });
    expect(w.requests).toEqual([]);
  });

  it('signs with an imported wallet as its own entropy, recovering it apart from the HD one', async () => {
    const onDevice = new Set<string>();
    const w = world(
      [walletAccount('ethereum', eth0, 0), walletAccount('ethereum', imported, 0, { imported: true })],
      {
        'privy:wallets:rpc': (data) => {
          if (!onDevice.has(data.entropyId as string)) notOnDevice();
          return { response: { method: 'personal_sign', data: `0xsig-${data.entropyId}` } };
        },
        'privy:wallets:recover': async (data) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          onDevice.add(data.entropyId as string);
          return { entropyId: data.entropyId };
        },
      },
    );
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const request = { method: 'personal_sign', params: ['0x68', imported] };
    // Both need recovery at once: one run each, never one standing in for the other.
    const [hd, own] = await Promise.all([
      wallets.rpc(eth0, 'ethereum', request),
      wallets.rpc(imported, 'ethereum', request),
    ]);
    expect(hd).toBe(`0xsig-${eth0}`);
    expect(own).toBe(`0xsig-${imported}`);
    expect(
      w.requests
        .filter((r) => r.event === 'privy:wallets:recover')
        .map((r) => r.data.entropyId)
        .sort(),
    ).toEqual([eth0, imported].sort());
    expect(w.requests.at(-1)!.data).toMatchObject({
      entropyId: imported,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 0,
    });
    // Its provider is the same kind of EIP-1193 provider.
    expect(await wallets.getEthereumProvider(imported).request({ method: 'eth_accounts' })).toEqual([
      imported,
    ]);
  });

  it('recovers one imported wallet by its address, with its password', async () => {
    const w = world(
      [walletAccount('solana', sol0, 0, { imported: true, recovery_method: 'user-passcode' })],
      {
        'privy:wallets:recover': (data) => ({ entropyId: data.entropyId }),
      },
    );
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    expect(await wallets.recover({ address: sol0, password: 'pw' })).toEqual({ entropyId: sol0 });
    expect(w.requests[0]!.data).toEqual({
      accessToken: 'access-token',
      entropyId: sol0,
      entropyIdVerifier: 'solana-address-verifier',
      recoveryPassword: 'pw',
    });
    expect((await failure(wallets.recover({ address: eth2 }))).type).toBe('embedded_wallet_not_found');
    // Without an address, recovery is the HD entropy's, which this user does not have.
    expect((await failure(wallets.recover())).type).toBe('embedded_wallet_not_found');
  });

  it('connects one imported wallet by its address: privy recovers by itself, a password wallet asks', async () => {
    const onDevice = new Set<string>();
    const w = world(
      [
        walletAccount('ethereum', eth0, 0, { imported: true }),
        walletAccount('solana', sol0, 0, { imported: true, recovery_method: 'user-passcode' }),
      ],
      {
        'privy:wallets:connect': (data) => {
          if (!onDevice.has(data.entropyId as string)) notOnDevice();
          return { entropyId: data.entropyId };
        },
        'privy:wallets:recover': (data) => {
          onDevice.add(data.entropyId as string);
          return { entropyId: data.entropyId };
        },
      },
    );
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    expect(await wallets.connect({ address: eth0 })).toEqual({ entropyId: eth0 });
    expect(w.requests.map((r) => [r.event, r.data.entropyId])).toEqual([
      ['privy:wallets:connect', eth0],
      ['privy:wallets:recover', eth0],
      ['privy:wallets:connect', eth0],
    ]);
    expect((await failure(wallets.connect({ address: sol0 }))).type).toBe('wallet_not_on_device');
    expect(w.requests.at(-1)!.data).toMatchObject({
      entropyId: sol0,
      entropyIdVerifier: 'solana-address-verifier',
    });
    expect((await failure(wallets.connect({ address: eth2 }))).type).toBe('embedded_wallet_not_found');
  });
});

describe('with cookie sessions', () => {
  /** The same world, but the session is in the server's HttpOnly cookies: no token in this page. */
  function cookieWorld(accounts: LinkedAccount[] = [], handlers: Record<string, Handler> = {}) {
    const w = world(accounts, handlers);
    const session: EmbeddedSession = {
      get user() {
        return w.session.user;
      },
      cookieSessions: true,
      getAccessToken: async () => null,
      refreshAfterChange: () => w.session.refreshAfterChange(),
    };
    return { ...w, session };
  }

  it('asks the frame without an access token while the user is logged in (the frame uses the cookies)', async () => {
    let onDevice = false;
    const w = cookieWorld([], {
      'privy:wallet:create': () => {
        onDevice = true;
        return { address: eth0 };
      },
      'privy:wallets:rpc': () =>
        onDevice ? { response: { method: 'personal_sign', data: '0xsig' } } : notOnDevice(),
      'privy:wallets:recover': () => {
        onDevice = true;
        return { entropyId: eth0 };
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    await wallets.createEthereumWallet();
    w.link(walletAccount('ethereum', eth0, 0));
    await w.session.refreshAfterChange();
    onDevice = false;
    expect(await wallets.rpc(eth0, 'ethereum', { method: 'personal_sign', params: ['0x68', eth0] })).toBe(
      '0xsig',
    );
    expect(w.events()).toEqual([
      'privy:wallet:create',
      'privy:wallets:rpc',
      'privy:wallets:recover',
      'privy:wallets:rpc',
    ]);
    expect(w.requests[0]!.data).toEqual({ recoveryMethod: 'privy' });
    for (const { data } of w.requests) expect(data).not.toHaveProperty('accessToken');
  });

  it('still needs a logged-in user, before asking the frame', async () => {
    const w = cookieWorld([walletAccount('ethereum', eth0, 0)]);
    w.logout();
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    expect(await failure(wallets.createSolanaWallet())).toMatchObject({ type: 'must_be_authenticated' });
    expect(w.requests).toEqual([]);
  });
});
