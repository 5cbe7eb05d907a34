import { describe, expect, it } from 'vitest';
import { eth0, failure, notOnDevice, walletAccount, world } from '../../../test/embedded-world.ts';
import { createEmbeddedWallets } from '../embedded-wallets.ts';

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
