import { describe, expect, it } from 'vitest';
import {
  eth0,
  eth2,
  failure,
  notOnDevice,
  sol0,
  walletAccount,
  world,
} from '../../../test/embedded-world.ts';
import { createEmbeddedWallets } from '../embedded-wallets.ts';
import { EmbeddedWalletError } from '../errors.ts';

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
