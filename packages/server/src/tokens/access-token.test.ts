import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../context.ts';
import type { PublicSigningKey } from '../crypto/signing-keys.ts';
import { issueAccessToken, verifyAccessToken } from './access-token.ts';
import { signEs256Jwt } from './es256-jws.ts';
import { VerifiedTokens } from './verified-tokens.ts';

const appId = 'a'.repeat(25);
const otherAppId = 'b'.repeat(25);

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, publicKey, pem: publicKey.export({ type: 'spki', format: 'pem' }) as string };
};

/**
 * A server context with only what access tokens use: one app's signing keys, which a test can
 * replace or remove (as rotation, removal or another replica would), and a clock it moves.
 */
function fakeContext({ signer = keyPair(), issuer = 'privy.io' } = {}) {
  const state = {
    now: 1_700_000_000,
    published: [{ kid: 'kid-1', pem: signer.pem, key: signer.publicKey }] as Pick<
      PublicSigningKey,
      'kid' | 'pem' | 'key'
    >[],
  };
  const ctx = {
    settings: { issuer, accessTokenTtlSeconds: 3600 },
    now: () => state.now,
    signingKeys: {
      active: async () => ({ kid: 'kid-1', privateKey: signer.privateKey, pem: signer.pem }),
      // Every app publishes the same keys here, so only the audience tells them apart.
      publicKeys: async () => state.published,
    },
  } as unknown as ServerContext;
  return { ctx, state, signer };
}

const issue = (ctx: ServerContext) =>
  issueAccessToken(ctx, appId, {
    userId: 'user-1',
    sessionId: 'session-1',
    authTime: 1_699_999_000,
    expiresAt: 1_800_000_000,
  });

const refusal = { code: 'missing_or_invalid_token' };

afterEach(() => vi.restoreAllMocks());

describe('verifyAccessToken', () => {
  it('accepts a token it issued, with its claims', async () => {
    const { ctx } = fakeContext();
    const { token, expiresAt } = await issue(ctx);
    expect(expiresAt).toBe(1_700_003_600);
    expect(await verifyAccessToken(ctx, appId, token)).toEqual({
      userId: 'user-1',
      sessionId: 'session-1',
      authTime: 1_699_999_000,
      issuedAt: 1_700_000_000,
      expiresAt: 1_700_003_600,
    });
  });

  it('a repeat is answered from the cache: the signature is not checked again', async () => {
    const { ctx, state } = fakeContext();
    const { token } = await issue(ctx);
    await verifyAccessToken(ctx, appId, token);
    // The published entry keeps its kid and PEM but its key object no longer matches: only a
    // skipped signature check still accepts the token.
    state.published = [{ ...state.published[0]!, key: keyPair().publicKey }];
    await expect(verifyAccessToken(ctx, appId, token)).resolves.toMatchObject({ sessionId: 'session-1' });
    // A token not seen before still gets the full check (and fails it against the swapped key).
    state.now += 1;
    const { token: fresh } = await issue(ctx);
    await expect(verifyAccessToken(ctx, appId, fresh)).rejects.toMatchObject(refusal);
  });

  it('a cached token is refused at once when its key is removed or replaced under the same kid', async () => {
    const { ctx, state } = fakeContext();
    const { token } = await issue(ctx);
    await verifyAccessToken(ctx, appId, token);
    const original = state.published;
    state.published = [];
    await expect(verifyAccessToken(ctx, appId, token)).rejects.toMatchObject(refusal);
    const impostor = keyPair();
    state.published = [{ kid: 'kid-1', pem: impostor.pem, key: impostor.publicKey }];
    await expect(verifyAccessToken(ctx, appId, token)).rejects.toMatchObject(refusal);
    // Put back, the token verifies again (through the full check).
    state.published = original;
    await expect(verifyAccessToken(ctx, appId, token)).resolves.toBeTruthy();
  });

  it('a cached token is refused for another app, and once its exp is reached', async () => {
    const { ctx, state } = fakeContext();
    const { token, expiresAt } = await issue(ctx);
    await verifyAccessToken(ctx, appId, token);
    await expect(verifyAccessToken(ctx, otherAppId, token)).rejects.toMatchObject(refusal);
    state.now = expiresAt - 1;
    await expect(verifyAccessToken(ctx, appId, token)).resolves.toBeTruthy();
    state.now = expiresAt;
    await expect(verifyAccessToken(ctx, appId, token)).rejects.toMatchObject({
      ...refusal,
      message: 'Token expired.',
    });
  });

  it('caches are per server context: one server’s verified token is not another’s', async () => {
    const first = fakeContext();
    const { token } = await issue(first.ctx);
    await verifyAccessToken(first.ctx, appId, token);
    // The same key and kid, but another issuer: only a check of its own refuses the token.
    const second = fakeContext({ signer: first.signer, issuer: 'other.example' });
    await expect(verifyAccessToken(second.ctx, appId, token)).rejects.toMatchObject(refusal);
  });

  it('only tokens that verified are remembered: forged, tampered and malformed ones never are', async () => {
    const { ctx, signer } = fakeContext();
    const remember = vi.spyOn(VerifiedTokens.prototype, 'remember');
    const { token } = await issue(ctx);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const withKey = (key: KeyObject, changed: Record<string, unknown>) =>
      signEs256Jwt(key, 'kid-1', { ...claims, ...changed });
    const hostile = [
      '',
      'x',
      `${header}.${payload}`,
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      await withKey(keyPair().privateKey, {}),
      await signEs256Jwt(signer.privateKey, 'kid-unknown', claims),
      ...(await Promise.all(
        Array.from({ length: 50 }, (_, i) => withKey(keyPair().privateKey, { sid: `s-${i}` })),
      )),
    ];
    for (const bad of hostile)
      await expect(verifyAccessToken(ctx, appId, bad)).rejects.toMatchObject(refusal);
    expect(remember).not.toHaveBeenCalled();
    await verifyAccessToken(ctx, appId, token);
    expect(remember).toHaveBeenCalledTimes(1);
  });

  it('refuses claims signed with the real key unless each is exactly as issued', async () => {
    const { ctx, signer } = fakeContext();
    const { token } = await issue(ctx);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const signed = (changed: Record<string, unknown>) =>
      signEs256Jwt(signer.privateKey, 'kid-1', { ...claims, ...changed });
    const cases: [string, Record<string, unknown>][] = [
      ['iss other', { iss: 'evil.io' }],
      ['iss missing', { iss: undefined }],
      ['aud other app', { aud: otherAppId }],
      ['aud as an array', { aud: [appId] }],
      ['aud missing', { aud: undefined }],
      ['sub without prefix', { sub: 'user-1' }],
      ['sub a number', { sub: 1 }],
      ['sub missing', { sub: undefined }],
      ['sid a number', { sid: 12345 }],
      ['sid missing', { sid: undefined }],
      ['exp a string', { exp: String(claims.exp) }],
      ['exp fractional', { exp: (claims.exp as number) + 0.5 }],
      ['exp beyond safe integers', { exp: 1e300 }],
      ['exp missing', { exp: undefined }],
      ['exp past', { exp: 1_699_999_999 }],
      ['exp now', { exp: 1_700_000_000 }],
      ['iat a string', { iat: '1700000000' }],
      ['iat missing', { iat: undefined }],
      ['auth_time a string', { auth_time: '1699999000' }],
      ['auth_time missing', { auth_time: undefined }],
      ['nbf in the future', { nbf: 1_700_000_001 }],
      ['nbf a string', { nbf: '0' }],
    ];
    for (const [label, changed] of cases)
      await expect(verifyAccessToken(ctx, appId, await signed(changed)), label).rejects.toMatchObject(
        refusal,
      );
    await expect(verifyAccessToken(ctx, appId, await signed({ nbf: 1_700_000_000 }))).resolves.toBeTruthy();
    await expect(verifyAccessToken(ctx, appId, await signed({ extra: 'ignored' }))).resolves.toBeTruthy();
  });
});
