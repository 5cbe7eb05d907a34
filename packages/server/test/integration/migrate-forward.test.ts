import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileKeyStore } from '@latchkey/server';
import type { Dialect } from '@latchkey/server/testing';
import {
  type AuthBody,
  dialects,
  dumpDatabase,
  startTestServer,
  type TestServer,
  testClient,
} from '@latchkey/test/server';
import { framePost } from '@latchkey/test/server/frame-api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacy } from '../fixtures/legacy-database/legacy.ts';

const fixtures = join(import.meta.dirname, '../fixtures/legacy-database');

/** What `make.ts` recorded beside each database: who is in it, and every row it held. */
interface LegacyFacts {
  madeAt: number;
  appId: string;
  appSecret: string;
  emailUserId: string;
  refreshToken: string;
  smsUserId: string;
  guestUserId: string;
  guestCredential: string;
  entropyId: string;
  ethereumAddress: string;
  solanaAddress: string;
  authShare: string;
  rows: { table: string; text: string }[];
}

/** A PostgreSQL schema of its own holding the legacy dump (psql's `\` lines are not SQL). */
async function loadPostgresDump(schema: string): Promise<void> {
  const dump = readFileSync(join(fixtures, legacy.postgresDump), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
    .replaceAll(legacy.postgresSchema, schema);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(dump);
  } finally {
    await client.end();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/**
 * A database made by the server before it became feature modules (fixtures/legacy-database/make.ts)
 * opens with today's code: every migration since runs, no row is lost, and its users, sessions and
 * wallets still work.
 */
describe.each(dialects)('a database made by an earlier release migrates forward (%s)', (dialect: Dialect) => {
  const facts = JSON.parse(readFileSync(join(fixtures, `${dialect}.json`), 'utf8')) as LegacyFacts;
  const work = mkdtempSync(join(tmpdir(), 'lk-legacy-'));
  const schema = `lk_legacy_${randomBytes(6).toString('hex')}`;
  let t: TestServer;
  let keyStore: FileKeyStore;

  beforeAll(async () => {
    // Copies, so the committed files stay as the earlier release left them.
    cpSync(join(fixtures, legacy.keyStoreFile), join(work, legacy.keyStoreFile));
    // A key file must be its owner's alone (the key store refuses it otherwise); git keeps no modes.
    chmodSync(join(work, legacy.keyStoreFile), 0o600);
    keyStore = await FileKeyStore.open(join(work, legacy.keyStoreFile), { create: false });
    if (dialect === 'sqlite')
      cpSync(join(fixtures, legacy.sqliteDir), join(work, 'data'), { recursive: true });
    else await loadPostgresDump(schema);
    let offset = 60;
    t = await startTestServer(dialect, {
      masterKey: new Uint8Array(Buffer.from(legacy.masterKeyHex, 'hex')),
      keyStore,
      ...(dialect === 'sqlite' ? { dataDir: join(work, 'data') } : { schema }),
      // The clock of a minute after the database was made: its sessions and codes are still live.
      now: () => facts.madeAt + offset++,
    });
  });
  afterAll(async () => {
    await t?.close();
    await keyStore?.close();
    rmSync(work, { recursive: true, force: true });
    if (dialect === 'postgres') await dropSchema(schema);
  });

  it('keeps every row it held, and runs every migration since', async () => {
    const now = await dumpDatabase(t);
    const rowsOf = (dump: { table: string; text: string }[], table: string) =>
      dump.filter((row) => row.table === table).map((row) => JSON.parse(row.text) as Record<string, unknown>);
    const tables = new Set(facts.rows.map((row) => row.table));
    for (const table of tables) {
      const current = rowsOf(now, table);
      // Columns a later migration added may be new; every value the row had is still there.
      for (const row of rowsOf(facts.rows, table))
        expect(current, `a row of ${table}`).toContainEqual(expect.objectContaining(row));
    }
    const ran = rowsOf(now, 'kysely_migration').map((row) => row.name);
    const before = rowsOf(facts.rows, 'kysely_migration').map((row) => row.name);
    expect(ran.slice(0, before.length)).toEqual(before);
  });

  it('a refresh token issued before the upgrade still refreshes its session', async () => {
    const client = testClient(t, facts.appId, facts.appSecret);
    const res = await client.post<AuthBody>('/api/v1/sessions', { refresh_token: facts.refreshToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.id).toBe(facts.emailUserId);
  });

  it('the email user logs in to the same account, with both wallets and the same auth share', async () => {
    const client = testClient(t, facts.appId, facts.appSecret);
    const login = await client.loginWithEmail(legacy.email);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.user.id).toBe(facts.emailUserId);
    expect(login.body.is_new_user).toBe(false);
    const addresses = login.body.user.linked_accounts.map((a) => a.address);
    expect(addresses).toEqual(
      expect.arrayContaining([legacy.email, facts.ethereumAddress, facts.solanaAddress]),
    );
    // Sealed with the master key by the earlier release: it opens with today's code.
    const share = await framePost<{ auth_share: string }>(
      t,
      client,
      '/api/v1/embedded_wallets/frame/auth_share',
      { entropy_id: facts.entropyId },
      login.body.token,
    );
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    expect(share.body.auth_share).toBe(facts.authShare);
    // Sealed with the key store: the recovery material opens too.
    const recovery = await framePost(
      t,
      client,
      '/api/v1/embedded_wallets/frame/recovery_share',
      { entropy_id: facts.entropyId },
      login.body.token,
    );
    expect(recovery.status, JSON.stringify(recovery.body)).toBe(200);
  });

  it('the SMS and guest users log in to their accounts', async () => {
    const client = testClient(t, facts.appId, facts.appSecret);
    expect((await client.post('/api/v1/passwordless_sms/init', { phoneNumber: legacy.phone })).status).toBe(
      200,
    );
    const sms = await client.post<AuthBody>('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: legacy.phone,
      code: client.lastCode(legacy.phone),
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    expect(sms.body.user.id).toBe(facts.smsUserId);
    const guest = await client.post<AuthBody>('/api/v1/guest/authenticate', {
      guest_credential: facts.guestCredential,
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    expect(guest.body.user.id).toBe(facts.guestUserId);
  });
});
