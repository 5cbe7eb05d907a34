import { describe, expect, it } from 'vitest';
import {
  type AccountRecord,
  type AccountType,
  type AccountTypeDescriptor,
  AccountTypeRegistry,
  type AccountTypes,
  toCompactAccount,
  toWireAccount,
  useAccountTypes,
} from '../../src/accounts/account-record.ts';
import { featureAccountTypes } from '../../src/features.ts';

const account = (
  type: AccountType,
  identifier: string,
  details: Record<string, unknown> = {},
): AccountRecord => ({
  id: `acc-${type}`,
  userId: 'user',
  type,
  identifier,
  details,
  firstVerifiedAt: 100,
  latestVerifiedAt: 200,
});

/**
 * An account of every type the server stores. Keyed by `AccountTypes`, so declaring a new type
 * (augmenting it) without a sample here fails the typecheck, and a sample whose type has no
 * descriptor fails below.
 */
const samples: Record<keyof AccountTypes, AccountRecord[]> = {
  email: [account('email', 'ada@example.com')],
  phone: [account('phone', '+15555550123', { display: '+1 555 555 0123' })],
  custom_auth: [account('custom_auth', 'user-1')],
  wallet: [
    account('wallet', '0xabc', { address: '0xAbC', chain_type: 'ethereum', wallet_client_type: 'metamask' }),
    account('wallet', '0xdef', { address: '0xDeF', chain_type: 'ethereum', wallet_client_type: 'privy' }),
  ],
  smart_wallet: [account('smart_wallet', '0x123', { smart_wallet_type: 'kernel' })],
  guest: [account('guest', 'guest-credential')],
  passkey: [account('passkey', 'cred-id', { public_key: 'pk', counter: 3, enrolled_in_mfa: true })],
  oauth: [
    account('google_oauth', 'g-subject', { email: 'ada@example.com', name: 'Ada' }),
    account('custom:acme', 'acme-subject', { username: 'ada', profile_picture_url: 'https://x/p.png' }),
  ],
  farcaster: [account('farcaster', '42', { username: 'ada', owner_address: '0xabc' })],
  telegram: [account('telegram', '1234', { username: 'ada', first_name: 'Ada' })],
};

describe('account types', () => {
  // What app.ts does before serving; every server in the process composes the same list.
  useAccountTypes(featureAccountTypes());

  it('renders an account of every declared type, on the wire and in the identity token', () => {
    for (const [key, accounts] of Object.entries(samples))
      for (const sample of accounts) {
        expect(() => toWireAccount(sample), key).not.toThrow();
        expect(() => toCompactAccount(sample), key).not.toThrow();
      }
    expect(toWireAccount(samples.guest[0]!)).toBeNull();
    expect(toCompactAccount(samples.passkey[0]!)).toBeNull();
  });

  it('keeps the wire and compact forms (WIRE.md §4.2, §5.2)', () => {
    expect(toWireAccount(samples.passkey[0]!)).toEqual({
      type: 'passkey',
      credential_id: 'cred-id',
      enrolled_in_mfa: true,
      authenticator_name: null,
      public_key: 'pk',
      created_with_browser: null,
      created_with_os: null,
      created_with_device: null,
      verified_at: 100,
      first_verified_at: 100,
      latest_verified_at: 200,
    });
    expect(toCompactAccount(samples.oauth[1]!)).toEqual({
      type: 'custom:acme',
      subject: 'acme-subject',
      email: null,
      name: null,
      username: 'ada',
      lv: 200,
    });
    expect(toCompactAccount(samples.telegram[0]!)).toEqual({
      type: 'telegram',
      telegram_user_id: '1234',
      username: 'ada',
      lv: 200,
    });
  });

  it('refuses to render a type no descriptor declares, rather than leaving the account out', () => {
    const unknown = account('nobody_knows' as AccountType, 'x');
    expect(() => toWireAccount(unknown)).toThrow('No descriptor for the account type nobody_knows');
    expect(() => toCompactAccount(unknown)).toThrow('No descriptor for the account type nobody_knows');
  });

  it("without a feature's descriptors its accounts do not render", () => {
    const bare = new AccountTypeRegistry([], []);
    expect(() => bare.of('passkey')).toThrow('No descriptor for the account type passkey');
    bare.add(featureAccountTypes());
    expect(bare.of('passkey').types).toEqual(['passkey']);
    expect(bare.of('github_oauth').matches?.('github_oauth')).toBe(true);
  });

  it("lets a feature's descriptor replace a data-only default, but not another feature's", () => {
    const dataOnly: AccountTypeDescriptor = {
      types: ['telegram'],
      toWire: () => null,
      toCompact: () => null,
    };
    const login: AccountTypeDescriptor = { ...dataOnly, toCompact: () => ({ type: 'telegram' }) };
    const registry = new AccountTypeRegistry([], [dataOnly]);
    registry.add([login]);
    registry.add([login]);
    expect(registry.of('telegram')).toBe(login);
    expect(() => registry.add([{ ...login }])).toThrow('Two descriptors for the account type telegram');
    expect(registry.of('telegram')).toBe(login);
  });
});
