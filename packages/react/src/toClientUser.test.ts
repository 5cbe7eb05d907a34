import type { User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { toClientUser } from './toClientUser.ts';

const wire: User = {
  id: 'did:privy:abc',
  created_at: 1_700_000_000,
  has_accepted_terms: true,
  is_guest: false,
  mfa_methods: [{ type: 'totp', verified_at: 1_700_000_100 }],
  custom_metadata: { plan: 'pro' },
  linked_accounts: [
    {
      type: 'email',
      address: 'alice@example.com',
      verified_at: 1_700_000_000,
      first_verified_at: 1_700_000_000,
      latest_verified_at: null,
    },
    {
      type: 'phone',
      phoneNumber: '+1 555 555 0100',
      verified_at: 1_700_000_050,
      first_verified_at: null,
      latest_verified_at: null,
    },
    {
      type: 'custom_auth',
      custom_user_id: 'user-1',
      verified_at: 1_700_000_060,
      first_verified_at: null,
      latest_verified_at: null,
    },
  ],
};

describe('toClientUser', () => {
  it('camelCases keys, turns seconds into dates, and adds a field per account kind', () => {
    const user = toClientUser(wire);
    expect(user).toMatchObject({
      id: 'did:privy:abc',
      createdAt: new Date(1_700_000_000_000),
      hasAcceptedTerms: true,
      isGuest: false,
      customMetadata: { plan: 'pro' },
      mfaMethods: ['totp'],
      email: { address: 'alice@example.com' },
      phone: { number: '+1 555 555 0100' },
      customAuth: { customUserId: 'user-1' },
    });
    expect(user.linkedAccounts[0]).toEqual({
      type: 'email',
      address: 'alice@example.com',
      verifiedAt: new Date(1_700_000_000_000),
      firstVerifiedAt: new Date(1_700_000_000_000),
      latestVerifiedAt: null,
    });
    expect(user.linkedAccounts[1]).toMatchObject({ type: 'phone', number: '+1 555 555 0100' });
  });

  it('names a phone number `number` and keeps only the MFA methods the client knows', () => {
    const user = toClientUser({
      ...wire,
      mfa_methods: [
        { type: 'email', verified_at: 1 },
        { type: 'sms', verified_at: 2 },
      ],
    });
    expect(user.mfaMethods).toEqual(['sms']);
    expect(user.linkedAccounts[1]).toMatchObject({ type: 'phone', number: '+1 555 555 0100' });
  });

  it('points each shortcut at the account of its kind linked first, wherever it is in the list', () => {
    const email = (address: string, first: number | null) => ({
      type: 'email' as const,
      address,
      verified_at: 1_700_000_000,
      first_verified_at: first,
      latest_verified_at: null,
    });
    const wallet = (address: string, first: number) => ({
      type: 'wallet',
      address,
      chain_type: 'ethereum',
      wallet_client_type: 'privy',
      connector_type: 'embedded',
      imported: false,
      delegated: false,
      wallet_index: 0,
      recovery_method: 'privy',
      verified_at: first,
      first_verified_at: first,
      latest_verified_at: first,
    });
    const user = toClientUser({
      ...wire,
      linked_accounts: [
        email('late@example.com', 1_700_000_500),
        email('early@example.com', 1_700_000_100),
        wallet('0xB', 1_700_000_300),
        wallet('0xA', 1_700_000_200),
      ],
    });
    expect(user.email).toEqual({ address: 'early@example.com' });
    expect(user.wallet).toEqual({
      address: '0xA',
      chainType: 'ethereum',
      walletClientType: 'privy',
      connectorType: 'embedded',
      imported: false,
      delegated: false,
      walletIndex: 0,
      recoveryMethod: 'privy',
    });
    expect(user.linkedAccounts.map((a) => a.type)).toEqual(['email', 'email', 'wallet', 'wallet']);
  });

  it('returns the same object for the same wire user (a stable React snapshot)', () => {
    expect(toClientUser(wire)).toBe(toClientUser(wire));
    expect(toClientUser({ ...wire })).not.toBe(toClientUser(wire));
  });

  it('leaves out the convenience fields a user does not have', () => {
    const user = toClientUser({ ...wire, linked_accounts: [], custom_metadata: undefined });
    expect(user.email).toBeUndefined();
    expect(user.phone).toBeUndefined();
    expect(user.customMetadata).toEqual({});
  });
});

describe('toClientUser: Telegram and Farcaster accounts', () => {
  it('puts each under its type, camelCased', () => {
    const times = {
      verified_at: 1_700_000_000,
      first_verified_at: 1_700_000_000,
      latest_verified_at: 1_700_000_000,
    };
    const user = toClientUser({
      ...wire,
      linked_accounts: [
        {
          type: 'telegram',
          telegram_user_id: '5550001',
          first_name: 'Alice',
          last_name: null,
          username: 'alice_tg',
          photo_url: null,
          ...times,
        },
        {
          type: 'farcaster',
          fid: 42,
          owner_address: '0xabc',
          username: 'alice',
          display_name: null,
          ...times,
        },
      ] as User['linked_accounts'],
    });
    expect(user.telegram).toEqual({
      telegramUserId: '5550001',
      firstName: 'Alice',
      lastName: null,
      username: 'alice_tg',
      photoUrl: null,
    });
    expect(user.farcaster).toEqual({ fid: 42, ownerAddress: '0xabc', username: 'alice', displayName: null });
  });

  it("gives a Farcaster account's picture and homepage the client's names, `pfp` and `url`", () => {
    const user = toClientUser({
      ...wire,
      linked_accounts: [
        {
          type: 'farcaster',
          fid: 7,
          owner_address: '0xabc',
          profile_picture_url: 'https://example.com/p.png',
          homepage_url: 'https://example.com',
          signer_public_key: null,
          verified_at: 1,
          first_verified_at: 1,
          latest_verified_at: 1,
        },
      ] as User['linked_accounts'],
    });
    expect(user.farcaster).toMatchObject({ pfp: 'https://example.com/p.png', url: 'https://example.com' });
    expect(user.linkedAccounts[0]).toMatchObject({ type: 'farcaster', pfp: 'https://example.com/p.png' });
  });
});
