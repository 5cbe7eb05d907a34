import type { User as WireUser } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { accountOf, linkAccountEvent, loginCompleteEvent, updateAccountEvent } from './accountOf.ts';
import { toClientUser } from './toClientUser.ts';

const at = (t: number) => ({ verified_at: t, first_verified_at: t, latest_verified_at: t });
const wallet = (address: string, chain: string, t: number) => ({
  type: 'wallet',
  address,
  chain_type: chain,
  wallet_client_type: 'metamask',
  imported: false,
  delegated: false,
  wallet_index: null,
  ...at(t),
});

const user = toClientUser({
  id: 'did:privy:u',
  created_at: 1,
  has_accepted_terms: false,
  is_guest: false,
  mfa_methods: [],
  linked_accounts: [
    { type: 'email', address: 'old@example.com', ...at(10) },
    { type: 'email', address: 'new@example.com', ...at(20) },
    { type: 'phone', phoneNumber: '+15555550100', ...at(15) },
    wallet('0xE', 'ethereum', 30),
    wallet('So1', 'solana', 40),
    { type: 'google_oauth', subject: 'g-1', email: 'a@gmail.com', name: null, ...at(50) },
    { type: 'custom:acme', subject: 'acme-1', ...at(55) },
    { type: 'custom_auth', custom_user_id: 'c-1', ...at(60) },
  ],
} as WireUser);

describe('accountOf', () => {
  it.each([
    ['email', 'new@example.com'],
    ['sms', '+15555550100'],
    ['siwe', '0xE'],
    ['siws', 'So1'],
    ['google', 'g-1'],
    ['custom:acme', 'acme-1'],
    ['custom', 'c-1'],
  ] as const)('%s: the most recently verified account of its kind', (method, id) => {
    const account = accountOf(user, method) as unknown as Record<string, unknown>;
    expect([account.address, account.number, account.subject, account.customUserId]).toContain(id);
  });

  it('is null for a method the user has no account of, and for a guest', () => {
    expect(accountOf(user, 'farcaster')).toBeNull();
    expect(accountOf(user, 'github')).toBeNull();
    expect(accountOf(user, 'guest')).toBeNull();
  });
});

describe('the callbacks’ events', () => {
  it('a login names the account it went through, none when the user was already logged in', () => {
    const base = { user, isNewUser: false, wasAlreadyAuthenticated: false };
    expect(loginCompleteEvent({ ...base, loginMethod: 'sms' }).loginAccount).toMatchObject({ type: 'phone' });
    expect(loginCompleteEvent({ ...base, loginMethod: null }).loginAccount).toBeNull();
  });

  it('a link and an update name their method and account', () => {
    expect(linkAccountEvent(user, 'google')).toMatchObject({
      linkMethod: 'google',
      linkedAccount: { type: 'google_oauth', subject: 'g-1' },
    });
    expect(updateAccountEvent(user, 'email')).toMatchObject({
      updateMethod: 'email',
      updatedAccount: { address: 'new@example.com' },
    });
  });
});
