/**
 * The identity token's claims (WIRE.md §5.2) read into the users API's shapes: every compact account
 * form, signed here with a key of the test's own (passed as the verification key), and claims that
 * are malformed though signed.
 */
import { InvalidTokenError, verifyIdentityToken } from '@latchkey/node';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

const appId = 'cm0000000000000000000app01';
let privateKey: CryptoKey;
let verificationKey: string;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  verificationKey = await exportSPKI(pair.publicKey);
});

const sign = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'k1' })
    .setIssuer('privy.io')
    .setAudience(appId)
    .setSubject('did:privy:cm00000000000000000000user')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);

const base = { cr: '1700000000', guest: 'f', linked_accounts: '[]' };
const times = (lv: number) => ({ verified_at: lv, first_verified_at: null, latest_verified_at: lv });

describe('verifyIdentityToken: the user from the claims', () => {
  it('reads every compact account form into the wire shapes', async () => {
    const compact = [
      { type: 'email', address: 'ada@example.com', lv: 1 },
      { type: 'phone', phone_number: '+1 415 555 0123', lv: 2 },
      {
        type: 'wallet',
        id: null,
        address: '0xabc',
        chain_type: 'ethereum',
        wallet_client_type: 'privy',
        lv: 3,
      },
      { type: 'smart_wallet', address: '0xdef', smart_wallet_type: 'kernel', lv: 4 },
      { type: 'farcaster', fid: 7, username: 'ada', oa: '0x777', lv: 5 },
      {
        type: 'twitter_oauth',
        subject: 't1',
        username: 'ada',
        name: 'Ada',
        pfp: 'default_profile.png',
        lv: 6,
      },
      { type: 'twitter_oauth', subject: 't2', username: 'bob', name: 'Bob', pfp: '123/photo.jpg', lv: 7 },
      { type: 'google_oauth', subject: 'g1', email: 'ada@gmail.com', name: 'Ada', lv: 8 },
      { type: 'custom:acme', subject: 'c1', username: 'ada', pfp: 'https://acme.test/ada.png', lv: 9 },
      { type: 'custom_auth', custom_user_id: 'ext-1', lv: 10 },
      { type: 'telegram', telegram_user_id: '42', username: 'ada', lv: 11 },
    ];
    const token = await sign({
      ...base,
      guest: 't',
      linked_accounts: JSON.stringify(compact),
      custom_metadata: JSON.stringify({ plan: 'pro', seats: 3 }),
    });
    const { user } = await verifyIdentityToken(token, { appId, verificationKey });
    expect(user).toEqual({
      id: 'did:privy:cm00000000000000000000user',
      created_at: 1_700_000_000,
      is_guest: true,
      custom_metadata: { plan: 'pro', seats: 3 },
      linked_accounts: [
        { type: 'email', address: 'ada@example.com', ...times(1) },
        { type: 'phone', phoneNumber: '+1 415 555 0123', number: '+1 415 555 0123', ...times(2) },
        {
          type: 'wallet',
          id: null,
          address: '0xabc',
          chain_type: 'ethereum',
          wallet_client_type: 'privy',
          ...times(3),
        },
        { type: 'smart_wallet', address: '0xdef', smart_wallet_type: 'kernel', ...times(4) },
        { type: 'farcaster', fid: 7, username: 'ada', owner_address: '0x777', ...times(5) },
        {
          type: 'twitter_oauth',
          subject: 't1',
          username: 'ada',
          name: 'Ada',
          profile_picture_url: 'https://abs.twimg.com/sticky/default_profile_images/default_profile.png',
          ...times(6),
        },
        {
          type: 'twitter_oauth',
          subject: 't2',
          username: 'bob',
          name: 'Bob',
          profile_picture_url: 'https://pbs.twimg.com/profile_images/123/photo.jpg',
          ...times(7),
        },
        { type: 'google_oauth', subject: 'g1', email: 'ada@gmail.com', name: 'Ada', ...times(8) },
        {
          type: 'custom:acme',
          subject: 'c1',
          username: 'ada',
          profile_picture_url: 'https://acme.test/ada.png',
          ...times(9),
        },
        { type: 'custom_auth', custom_user_id: 'ext-1', ...times(10) },
        { type: 'telegram', telegram_user_id: '42', username: 'ada', ...times(11) },
      ],
    });
  });

  it('refuses signed claims that are malformed', async () => {
    const cases: Record<string, unknown>[] = [
      { ...base, cr: 1_700_000_000 },
      { ...base, cr: 'yesterday' },
      { ...base, guest: true },
      { ...base, guest: 'yes' },
      { ...base, linked_accounts: 'not json' },
      { ...base, linked_accounts: '{"type":"email"}' },
      { ...base, linked_accounts: '[{"address":"no type"}]' },
      { ...base, linked_accounts: '[42]' },
      { ...base, custom_metadata: '[1]' },
      { ...base, custom_metadata: 'nope' },
      { cr: base.cr, guest: base.guest },
    ];
    for (const claims of cases) {
      const error = await verifyIdentityToken(await sign(claims), { appId, verificationKey }).catch((e) => e);
      expect(error, JSON.stringify(claims)).toBeInstanceOf(InvalidTokenError);
      expect((error as InvalidTokenError).reason, JSON.stringify(claims)).toBe('claims');
    }
  });
});
