import type { AppResponse, User } from '@latchkey/protocol';
import { defaultAppConfig } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { embeddedWalletSettings, hasEmbeddedWallet, walletsToCreate } from './embedded-settings.ts';

const app = (embedded: Partial<AppResponse['embedded_wallet_config']>, extra: Partial<AppResponse> = {}) =>
  ({
    ...defaultAppConfig,
    ...extra,
    embedded_wallet_config: { ...defaultAppConfig.embedded_wallet_config, ...embedded },
  }) as AppResponse;

const user = (...accounts: Record<string, unknown>[]): User =>
  ({
    id: 'did:privy:u',
    created_at: 1,
    linked_accounts: [{ type: 'email', address: 'a@example.com', verified_at: 1 }, ...accounts],
    mfa_methods: [],
    has_accepted_terms: true,
    is_guest: false,
  }) as unknown as User;

const embedded = (chain_type: 'ethereum' | 'solana') => ({
  type: 'wallet',
  address: chain_type === 'ethereum' ? '0x1111111111111111111111111111111111111111' : 'So1ana',
  chain_type,
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  wallet_index: 0,
  verified_at: 1,
});
const external = (chain_type: 'ethereum' | 'solana') => ({
  type: 'wallet',
  address: chain_type === 'ethereum' ? '0x2222222222222222222222222222222222222222' : 'Phantom',
  chain_type,
  wallet_client_type: chain_type === 'ethereum' ? 'metamask' : 'phantom',
  connector_type: 'injected',
  verified_at: 1,
});

describe('embedded wallet settings', () => {
  it('take the provider config first, then the app config per chain', () => {
    const server = app({
      ethereum: { create_on_login: 'users-without-wallets' },
      solana: { create_on_login: 'all-users' },
      require_user_password_on_create: true,
    });
    expect(embeddedWalletSettings(undefined, server)).toEqual({
      ethereum: 'users-without-wallets',
      solana: 'all-users',
      requireUserPasswordOnCreate: true,
      showWalletUIs: true,
    });
    expect(
      embeddedWalletSettings(
        { ethereum: { createOnLogin: 'off' }, requireUserPasswordOnCreate: false, showWalletUIs: false },
        server,
      ),
    ).toEqual({
      ethereum: 'off',
      solana: 'all-users',
      requireUserPasswordOnCreate: false,
      showWalletUIs: false,
    });
  });

  it('read the legacy top-level create_on_login as Ethereum’s, and default everything off', () => {
    expect(embeddedWalletSettings(undefined, app({ create_on_login: 'all-users' })).ethereum).toBe(
      'all-users',
    );
    expect(embeddedWalletSettings(undefined, null)).toEqual({
      ethereum: 'off',
      solana: 'off',
      requireUserPasswordOnCreate: false,
      showWalletUIs: true,
    });
  });

  it('force the wallet UIs on when the app enforces them', () => {
    expect(
      embeddedWalletSettings({ showWalletUIs: false }, app({}, { enforce_wallet_uis: true })).showWalletUIs,
    ).toBe(true);
  });
});

describe('post-login wallet creation', () => {
  const both = embeddedWalletSettings(
    {
      ethereum: { createOnLogin: 'users-without-wallets' },
      solana: { createOnLogin: 'users-without-wallets' },
    },
    null,
  );

  it('creates on every enabled chain without an embedded wallet, Ethereum first', () => {
    expect(walletsToCreate(user(), both)).toEqual(['ethereum', 'solana']);
    expect(walletsToCreate(user(embedded('ethereum')), both)).toEqual(['solana']);
    expect(walletsToCreate(user(embedded('ethereum'), embedded('solana')), both)).toEqual([]);
    expect(walletsToCreate(user(), { ...both, ethereum: 'off' })).toEqual(['solana']);
  });

  it('skips a chain where the user has an external wallet, unless all-users', () => {
    expect(walletsToCreate(user(external('ethereum')), both)).toEqual(['solana']);
    expect(walletsToCreate(user(external('solana')), both)).toEqual(['ethereum']);
    expect(walletsToCreate(user(external('ethereum')), { ...both, ethereum: 'all-users' })).toEqual([
      'ethereum',
      'solana',
    ]);
  });

  it('tells embedded wallets from external ones', () => {
    expect(hasEmbeddedWallet(user(external('ethereum')))).toBe(false);
    expect(hasEmbeddedWallet(user(embedded('solana')))).toBe(true);
    expect(hasEmbeddedWallet(user(embedded('solana')), 'ethereum')).toBe(false);
    expect(hasEmbeddedWallet(null)).toBe(false);
  });
});
