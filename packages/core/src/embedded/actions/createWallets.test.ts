import { describe, expect, it } from 'vitest';
import { eth0, eth1, eth2, failure, sol0, walletAccount, world } from '../../../test/embedded-world.ts';
import { createEmbeddedWallets } from '../embedded-wallets.ts';

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
