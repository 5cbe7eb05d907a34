import { frameApi, limits } from '@latchkey/protocol';
import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { newTestDevice } from '@latchkey/test/server/frame-api';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepEntries } from '../../src/features.ts';
import { createLatchkey } from '../../src/server.ts';
import { foundationSweeps, sweepExpired } from '../../src/storage/retention.ts';

const day = 24 * 60 * 60;

/**
 * Retention sweeps (storage/retention.ts): expired rows of every growing table go, and nothing a
 * live flow still reads does.
 */
describe.each(dialects)('retention sweeps (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  const count = async (
    table: 'verification_codes' | 'verification_attempts' | 'wallet_nonces',
    appId: string,
  ) => (await t.ctx.db.selectFrom(table).select('app_id').where('app_id', '=', appId).execute()).length;

  it('deletes expired codes, ended guess windows and expired wallet nonces; keeps live ones', async () => {
    const { client } = await t.createApp({ wallet_auth: true });
    await client.post('/api/v1/passwordless/init', { email: 'expired@example.com' });
    await client.post('/api/v1/passwordless/authenticate', { email: 'expired@example.com', code: '000000' });
    await client.post('/api/v1/siwe/init', { address: '0x000000000000000000000000000000000000dEaD' });
    await sweepExpired(t.ctx, sweepEntries());
    for (const table of ['verification_codes', 'verification_attempts', 'wallet_nonces'] as const) {
      expect(await count(table, client.appId), `${table} while live`).toBe(1);
    }
    t.advance(limits.verificationCodeTtlSeconds);
    const deleted = await sweepExpired(t.ctx, sweepEntries());
    for (const table of ['verification_codes', 'verification_attempts', 'wallet_nonces'] as const) {
      expect(await count(table, client.appId), `${table} once expired`).toBe(0);
      expect(deleted[table]).toBeGreaterThanOrEqual(1);
    }
  });

  it('deletes expired account-transfer nonces only', async () => {
    const { client } = await t.createApp();
    const a = await client.loginWithEmail('transfer-a@example.com');
    const b = await client.loginWithEmail('transfer-b@example.com');
    const now = t.ctx.now();
    const grant = (hash: string, expires: number) => ({
      nonce_hash: hash,
      app_id: client.appId,
      user_id: a.body.user.id.replace('did:privy:', ''),
      account_type: 'email',
      identifier: 'transfer-b@example.com',
      from_user_id: b.body.user.id.replace('did:privy:', ''),
      expires_at: expires,
      created_at: now,
    });
    await t.ctx.db
      .insertInto('account_transfers')
      .values([grant(`old-${client.appId}`, now - 1), grant(`live-${client.appId}`, now + 600)])
      .execute();
    await sweepExpired(t.ctx, sweepEntries());
    const left = await t.ctx.db
      .selectFrom('account_transfers')
      .select('nonce_hash')
      .where('app_id', '=', client.appId)
      .execute();
    expect(left).toEqual([{ nonce_hash: `live-${client.appId}` }]);
  });

  it('keeps a rotated refresh token until it expires, so its reuse is still caught; then deletes it', async () => {
    const { client } = await t.createApp();
    const login = await client.loginWithEmail('refresh@example.com');
    const first = login.body.refresh_token;
    const rotated = await client.post<AuthBody>('/api/v1/sessions', { refresh_token: first });
    expect(rotated.status).toBe(200);
    t.advance(t.ctx.settings.refreshTokenTtlSeconds - 60);
    await sweepExpired(t.ctx, sweepEntries());
    // Presented again before its expiry: still known as rotated, so the session is revoked.
    const reuse = await client.post('/api/v1/sessions', { refresh_token: first });
    expect(reuse).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token', error: 'Refresh token already used; session revoked.' },
    });

    t.advance(120);
    await sweepExpired(t.ctx, sweepEntries());
    const tokens = await t.ctx.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select('token_hash')
      .where('sessions.app_id', '=', client.appId)
      .execute();
    expect(tokens).toEqual([]);
    t.advance(-t.ctx.settings.refreshTokenTtlSeconds - 60);
  });

  it('deletes ended sessions with their refresh tokens, spent device-proof ids and key-proof nonces', async () => {
    const { client } = await t.createApp();
    const login = (await client.loginWithEmail('ended@example.com')).body;
    const device = await newTestDevice(t, client);
    expect((await device.enroll(login.token)).status).toBe(200);
    expect((await device.post(frameApi.nonce, {}, login.token)).status).toBe(200);
    const sessionId = String(decodeJwt(login.token).sid);
    const rows = async () => ({
      sessions: (await t.ctx.db.selectFrom('sessions').select('id').where('id', '=', sessionId).execute())
        .length,
      refresh: (
        await t.ctx.db
          .selectFrom('refresh_tokens')
          .select('token_hash')
          .where('session_id', '=', sessionId)
          .execute()
      ).length,
      proofs: (await t.ctx.db.selectFrom('dpop_proofs').select('jti_hash').execute()).length,
      nonces: (
        await t.ctx.db
          .selectFrom('key_proof_nonces')
          .select('nonce_hash')
          .where('app_id', '=', client.appId)
          .execute()
      ).length,
    });
    await sweepExpired(t.ctx, sweepEntries());
    const live = await rows();
    expect(live).toMatchObject({ sessions: 1, refresh: 1, nonces: 1 });
    expect(live.proofs).toBeGreaterThanOrEqual(2);
    t.advance(t.ctx.settings.sessionTtlSeconds);
    await sweepExpired(t.ctx, sweepEntries());
    expect(await rows()).toEqual({ sessions: 0, refresh: 0, proofs: 0, nonces: 0 });
    t.advance(-t.ctx.settings.sessionTtlSeconds);
  });

  it('deletes analytics events past the retention period and recounts the app', async () => {
    const { client } = await t.createApp();
    await client.post('/api/v1/analytics_events', { event_name: 'old' });
    t.advance(t.ctx.settings.analyticsRetentionDays * day + 1);
    await client.post('/api/v1/analytics_events', { event_name: 'recent' });
    await sweepExpired(t.ctx, sweepEntries());
    t.advance(-(t.ctx.settings.analyticsRetentionDays * day + 1));
    const events = await t.ctx.db
      .selectFrom('analytics_events')
      .select('event_name')
      .where('app_id', '=', client.appId)
      .execute();
    expect(events).toEqual([{ event_name: 'recent' }]);
    const counted = await t.ctx.db
      .selectFrom('analytics_event_counts')
      .select('stored')
      .where('app_id', '=', client.appId)
      .executeTakeFirstOrThrow();
    expect(counted.stored).toBe(1);
  });

  it('is safe to run from several replicas at once', async () => {
    const { client } = await t.createApp();
    for (let i = 0; i < 3; i++)
      await client.post('/api/v1/passwordless/init', { email: `r${i}@example.com` });
    t.advance(limits.verificationCodeTtlSeconds);
    await Promise.all([1, 2, 3].map(() => sweepExpired(t.ctx, sweepEntries())));
    t.advance(-limits.verificationCodeTtlSeconds);
    expect(await count('verification_codes', client.appId)).toBe(0);
  });
});

describe('retention sweeps in the server', () => {
  it("sweeps the foundation's tables, then every feature's, each table once", () => {
    const tables = sweepEntries().map((e) => e.table);
    expect(tables.slice(0, foundationSweeps.length)).toEqual(foundationSweeps.map((e) => e.table));
    expect(tables).toEqual(
      expect.arrayContaining(['verification_codes', 'refresh_tokens', 'wallet_nonces', 'analytics_events']),
    );
    expect(tables).toEqual(expect.arrayContaining(['oauth_requests', 'passkey_challenges', 'dpop_proofs']));
    expect(new Set(tables).size).toBe(tables.length);
    // The outbox goes after the deliveries that may still wait for its events.
    expect(tables.indexOf('outbox')).toBeGreaterThan(tables.indexOf('webhook_deliveries'));
  });

  it('createLatchkey sweeps on its own, and close() stops the sweeps', async () => {
    let offset = 0;
    const latchkey = await createLatchkey({
      dataDir: ':memory:',
      masterKey: new Uint8Array(32).fill(7),
      adminApi: false,
      log: { info() {}, error() {} },
      now: () => Math.floor(Date.now() / 1000) + offset,
      sweepIntervalMs: 20,
      settings: { development: true },
    });
    const { db } = latchkey.ctx;
    const nonce = (id: string) => ({
      app_id: 'app',
      nonce: id,
      chain_type: 'ethereum',
      address: '0xabc',
      created_at: 1,
      expires_at: latchkey.ctx.now() + 60,
    });
    await db.insertInto('wallet_nonces').values(nonce('n1')).execute();
    // A feature's table (embedded-wallets/tables.ts): the server sweeps the features' entries too.
    await db
      .insertInto('dpop_proofs')
      .values({ jti_hash: 'spent', expires_at: latchkey.ctx.now() + 60 })
      .execute();
    offset = 120;
    const deadline = Date.now() + 5000;
    const left = async () =>
      (await db.selectFrom('wallet_nonces').select('nonce').execute()).length +
      (await db.selectFrom('dpop_proofs').select('jti_hash').execute()).length;
    while ((await left()) > 0) {
      if (Date.now() > deadline) throw new Error('no sweep within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await latchkey.close();
  });
});
