import type { EmbeddedWalletConfig, LinkedAccount, User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { createEmbeddedWallets } from '../embedded-wallets.ts';
import { EmbeddedWalletError } from '../errors.ts';
import type { FrameProxy } from '../frame-proxy.ts';

const eth0 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const walletAccount = (recoveryMethod: string): LinkedAccount =>
  ({
    type: 'wallet',
    verified_at: 1,
    first_verified_at: 1,
    latest_verified_at: 1,
    id: null,
    address: eth0,
    chain_id: 'eip155:1',
    chain_type: 'ethereum',
    connector_type: 'embedded',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    wallet_index: 0,
    delegated: false,
    imported: false,
    recovery_method: recoveryMethod,
  }) as LinkedAccount;

/**
 * The embedded-wallet API over a user whose wallet (if any) has `recoveryMethod`, an app whose
 * `embedded_wallet_config` is `config`, and a frame that answers every create and set-recovery.
 */
function setup(
  recoveryMethod: string | null,
  config: Partial<EmbeddedWalletConfig> | null = null,
  requireUserPassword = false,
) {
  const user: User = {
    id: 'did:privy:user',
    created_at: 1,
    has_accepted_terms: false,
    is_guest: false,
    linked_accounts: recoveryMethod === null ? [] : [walletAccount(recoveryMethod)],
    mfa_methods: [],
  };
  const requests: { event: string; data: Record<string, unknown> }[] = [];
  const proxy: FrameProxy = {
    ready: Promise.resolve(),
    async request<T>(event: string, data: Record<string, unknown>) {
      requests.push({ event, data });
      return { address: eth0, entropyId: eth0, recoveryMethod: data.recoveryMethod } as T;
    },
    destroy() {},
  };
  const wallets = createEmbeddedWallets({
    session: { user, getAccessToken: async () => 'token', refreshAfterChange: async () => user },
    proxy,
    walletConfig: () => config,
    requireUserPassword: () => requireUserPassword,
  });
  return { wallets, requests };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddedWalletError);
  const { type, message } = error as EmbeddedWalletError;
  return { type, message };
}

const disallowed = {
  type: 'disallowed_recovery_method',
  message: 'Recovery method not allowed for this app.',
};

describe('setRecovery follows the change rules (spec document 1 §4 "Recovery methods")', () => {
  it('from privy or user-passcode: to either implemented method', async () => {
    for (const from of ['privy', 'user-passcode']) {
      const { wallets, requests } = setup(from);
      await wallets.setRecovery({ recoveryMethod: 'user-passcode', password: 'hunter22' });
      await wallets.setRecovery({ recoveryMethod: 'privy' });
      expect(requests.map((r) => r.data.recoveryMethod)).toEqual(['user-passcode', 'privy']);
    }
  });

  it("from a method it cannot leave: 'Unknown recovery method', and the frame is not asked", async () => {
    for (const from of ['privy-v2', 'icloud-native', 'something-else']) {
      const { wallets, requests } = setup(from);
      expect(await refusal(wallets.setRecovery({ recoveryMethod: 'privy' }))).toEqual({
        type: 'unsupported_recovery_method',
        message: 'Unknown recovery method',
      });
      expect(requests).toEqual([]);
    }
  });

  it("to the same cloud platform: 'Cannot upgrade to the existing cloud platform'", async () => {
    const { wallets } = setup('google-drive', {
      user_owned_recovery_options: ['google-drive', 'user-passcode'],
    });
    const sameCloud = { recoveryMethod: 'google-drive' } as unknown as { recoveryMethod: 'privy' };
    expect(await refusal(wallets.setRecovery(sameCloud))).toEqual({
      type: 'unsupported_recovery_method',
      message: 'Cannot upgrade to the existing cloud platform',
    });
    // Leaving the cloud for a password is allowed.
    await wallets.setRecovery({ recoveryMethod: 'user-passcode', password: 'hunter22' });
  });

  it('a cloud method the rules allow is still refused: this version has no cloud recovery', async () => {
    const { wallets, requests } = setup('privy', { user_owned_recovery_options: ['icloud'] });
    const icloud = { recoveryMethod: 'icloud' } as unknown as { recoveryMethod: 'privy' };
    expect(await refusal(wallets.setRecovery(icloud))).toEqual({
      type: 'unsupported_recovery_method',
      message: 'Unsupported recovery method icloud',
    });
    expect(requests).toEqual([]);
  });
});

describe("the app's user_owned_recovery_options (spec document 1 §3)", () => {
  it('refuses switching to a method the app does not allow, before the frame is asked', async () => {
    const { wallets, requests } = setup('privy', { user_owned_recovery_options: [] });
    expect(
      await refusal(wallets.setRecovery({ recoveryMethod: 'user-passcode', password: 'x12345' })),
    ).toEqual(disallowed);
    expect(requests).toEqual([]);
  });

  it('lets a wallet keep (and re-key) a method the app stopped offering, and leave it', async () => {
    const { wallets, requests } = setup('user-passcode', { user_owned_recovery_options: [] });
    await wallets.setRecovery({ recoveryMethod: 'user-passcode', password: 'new-password' });
    await wallets.setRecovery({ recoveryMethod: 'privy' });
    expect(requests).toHaveLength(2);
  });

  it('refuses creating with a method the app does not allow', async () => {
    const { wallets, requests } = setup(null, { user_owned_recovery_options: ['google-drive'] });
    expect(
      await refusal(wallets.createEthereumWallet({ recoveryMethod: 'user-passcode', password: 'x12345' })),
    ).toEqual(disallowed);
    expect(await refusal(wallets.createSolanaWallet({ password: 'x12345' }))).toEqual(disallowed);
    await wallets.createEthereumWallet();
    expect(requests.map((r) => r.data.recoveryMethod)).toEqual(['privy']);
  });

  it("'user-controlled-server-wallets-only' mode refuses custom recovery methods", async () => {
    const { wallets } = setup(null, {
      mode: 'user-controlled-server-wallets-only',
      user_owned_recovery_options: ['user-passcode'],
    });
    expect(
      await refusal(wallets.createEthereumWallet({ recoveryMethod: 'user-passcode', password: 'x12345' })),
    ).toEqual(disallowed);
  });
});

describe('assertCanSetRecovery: the same checks, before a password is asked for', () => {
  it('throws what setRecovery would, and nothing for an allowed change', () => {
    const catchType = (run: () => void) => {
      try {
        run();
        return null;
      } catch (error) {
        return (error as EmbeddedWalletError).type;
      }
    };
    expect(catchType(() => setup('privy').wallets.assertCanSetRecovery('user-passcode'))).toBeNull();
    expect(
      catchType(() =>
        setup('privy', { user_owned_recovery_options: [] }).wallets.assertCanSetRecovery('user-passcode'),
      ),
    ).toBe('disallowed_recovery_method');
    expect(catchType(() => setup('privy-v2').wallets.assertCanSetRecovery('user-passcode'))).toBe(
      'unsupported_recovery_method',
    );
    expect(catchType(() => setup(null).wallets.assertCanSetRecovery('user-passcode'))).toBe(
      'embedded_wallet_not_found',
    );
  });
});

describe('wallet creation validation (spec document 1 §5)', () => {
  it("method privy with a required password: 'Password not provided yet is required by App configuration'", async () => {
    const { wallets, requests } = setup(null, null, true);
    const missing = {
      type: 'invalid_input',
      message: 'Password not provided yet is required by App configuration',
    };
    expect(await refusal(wallets.createEthereumWallet())).toEqual(missing);
    expect(await refusal(wallets.createEthereumWallet({ recoveryMethod: 'privy' }))).toEqual(missing);
    expect(await refusal(wallets.createEthereumWallet({ recoveryMethod: 'user-passcode' }))).toEqual(missing);
    expect(requests).toEqual([]);
  });

  it('a password alone means the user-passcode method', async () => {
    const { wallets, requests } = setup(null, null, true);
    await wallets.createEthereumWallet({ password: 'hunter22' });
    expect(requests[0]!.data).toMatchObject({
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'hunter22',
    });
  });

  it('a negative (or fractional, or too large) walletIndex is invalid', async () => {
    const { wallets, requests } = setup('privy');
    for (const index of [-1, 1.5, 2 ** 31])
      expect(await refusal(wallets.createAdditional('ethereum', index))).toEqual({
        type: 'invalid_input',
        message: 'Invalid walletIndex: must be a non-negative integer',
      });
    expect(requests).toEqual([]);
    await wallets.createAdditional('ethereum', 5);
    expect(requests[0]).toMatchObject({ event: 'privy:wallets:add', data: { hdWalletIndex: 5 } });
  });

  it('an additional wallet needs an existing embedded wallet', async () => {
    expect(await refusal(setup(null).wallets.createAdditional('ethereum', 1))).toMatchObject({
      type: 'embedded_wallet_not_found',
    });
  });

  it('the recovery password must be a string; the method one this version knows', async () => {
    const { wallets } = setup(null);
    expect(await refusal(wallets.createEthereumWallet({ password: 123 as unknown as string }))).toEqual({
      type: 'invalid_input',
      message: 'Invalid input to create wallet',
    });
    const unknown = { recoveryMethod: 'dropbox' } as unknown as { recoveryMethod: 'privy' };
    expect(await refusal(wallets.createEthereumWallet(unknown))).toEqual({
      type: 'unsupported_recovery_method',
      message: 'Unsupported recovery method dropbox',
    });
  });
});
