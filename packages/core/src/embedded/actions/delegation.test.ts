import { describe, expect, it } from 'vitest';
import { eth0, failure, walletAccount, world } from '../../../test/embedded-world.ts';
import { createEmbeddedWallets } from '../embedded-wallets.ts';
import { EmbeddedWalletError } from '../errors.ts';

describe('the delegation frame events', () => {
  it('sends the consent and the user-signer signature with the user’s token', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:delegated-actions:consent': () => ({ success: true }),
      'privy:user-signer:sign': () => ({ signature: 'MEUCIQ==' }),
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const rootWallet = { address: eth0, chainType: 'ethereum' as const, imported: false };
    const delegatedWallets = [{ address: eth0, chainType: 'ethereum' as const, walletIndex: 0 }];
    await wallets.delegate({ rootWallet, delegatedWallets });
    await wallets.delegate({ rootWallet, delegatedWallets, reason: 'migration' });
    expect(await wallets.signWithUserSigner('cGF5bG9hZA==')).toBe('MEUCIQ==');
    expect(w.requests).toEqual([
      {
        event: 'privy:delegated-actions:consent',
        data: { accessToken: 'access-token', rootWallet, delegatedWallets },
      },
      {
        event: 'privy:delegated-actions:consent',
        data: { accessToken: 'access-token', rootWallet, delegatedWallets, reason: 'migration' },
      },
      { event: 'privy:user-signer:sign', data: { accessToken: 'access-token', message: 'cGF5bG9hZA==' } },
    ]);
  });

  it('passes the frame’s refusals on, and needs a user', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:user-signer:sign': () => {
        throw new EmbeddedWalletError('invalid_request_arguments', 'refused');
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    expect(await failure(wallets.signWithUserSigner('eA=='))).toMatchObject({
      type: 'invalid_request_arguments',
    });
    w.logout();
    expect(await failure(wallets.signWithUserSigner('eA=='))).toMatchObject({
      type: 'must_be_authenticated',
    });
  });
});
