import {
  type AuthBody,
  dialects,
  type StatementCount,
  startTestServer,
  type TestServer,
} from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Regression guards on the SQL each hot route sends (counts, not timings: bench/server measures
 * time). A statement is one round trip to the database besides `begin` and `commit`; a commit is
 * an explicit one or a write sent outside a transaction. Issue 17 took a sign-up login from 16
 * statements and 4 commits to 8 and 2 (on PostgreSQL 2 statements and no begin), a refresh from 6
 * to 3 and `GET /users/me` from 4 to 1.
 */
describe.each(dialects)('statements per route (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    // No webhook worker: its polling would land in the counts.
    t = await startTestServer(dialect, { webhookWorker: false });
  });
  afterAll(() => t.close());

  // The apps and signing keys are cached per process and reloaded on their own clocks (2 s, 60 s).
  const cacheReloads = /^select \* from "(apps|signing_keys)" where/;
  const count = (work: () => Promise<unknown>) => t.statements.during(work, { ignore: cacheReloads });
  const listing = (c: StatementCount) =>
    `${c.statements} statements, ${c.commits} commits:\n${c.sql.join('\n')}`;

  /** A production app (no development user limit: what bench/server measures), warmed up. */
  async function productionApp() {
    const { client } = await t.createApp({ environment: 'production' });
    expect((await client.loginWithEmail('warm-up@example.com')).status).toBe(200);
    return client;
  }

  /**
   * What an email login may send. PostgreSQL is across a network: each statement is a round trip,
   * so there the writes of a step go as one statement (storage/write-together.ts,
   * codes/take-code-postgres.ts) and no transaction is opened (a begin and a commit are two more).
   * SQLite is in-process: statements are cheap, commits (WAL appends) are what count.
   */
  const loginBudget = {
    sqlite: { init: 2, signUp: 8, returning: 7, transactions: 2 },
    postgres: { init: 1, signUp: 2, returning: 2, transactions: 0 },
  }[dialect];

  it('email login: init, a sign-up ≤ 8 statements and ≤ 2 commits, a returning login no more', async () => {
    const client = await productionApp();
    const email = 'counted@example.com';
    const init = await count(() => client.post('/api/v1/passwordless/init', { email }));
    expect(init.statements, listing(init)).toBeLessThanOrEqual(loginBudget.init);
    expect(init.commits, listing(init)).toBe(1);

    let signUp: AuthBody | undefined;
    const first = await count(async () => {
      const res = await client.post<AuthBody>('/api/v1/passwordless/authenticate', {
        email,
        code: client.lastCode(email),
      });
      signUp = res.body;
    });
    expect(signUp).toMatchObject({ is_new_user: true, session_update_action: 'set' });
    expect(first.statements, listing(first)).toBeLessThanOrEqual(loginBudget.signUp);
    expect(first.commits, listing(first)).toBeLessThanOrEqual(2);
    expect(first.transactions, listing(first)).toBeLessThanOrEqual(loginBudget.transactions);

    await client.post('/api/v1/passwordless/init', { email });
    let again: AuthBody | undefined;
    const returning = await count(async () => {
      const res = await client.post<AuthBody>('/api/v1/passwordless/authenticate', {
        email,
        code: client.lastCode(email),
      });
      again = res.body;
    });
    expect(again).toMatchObject({ is_new_user: false, user: { id: signUp?.user.id } });
    expect(returning.statements, listing(returning)).toBeLessThanOrEqual(loginBudget.returning);
    expect(returning.commits, listing(returning)).toBeLessThanOrEqual(2);
    expect(returning.transactions, listing(returning)).toBeLessThanOrEqual(loginBudget.transactions);
  });

  it('refresh: ≤ 3 statements in one commit (2 and no begin on PostgreSQL)', async () => {
    const client = await productionApp();
    const login = await client.loginWithEmail('refresh-count@example.com');
    let refreshed: AuthBody | undefined;
    const refresh = await count(async () => {
      refreshed = (
        await client.post<AuthBody>('/api/v1/sessions', { refresh_token: login.body.refresh_token })
      ).body;
    });
    expect(refreshed).toMatchObject({ session_update_action: 'set', user: { id: login.body.user.id } });
    // PostgreSQL claims the token and inserts its successor in one statement (no begin).
    expect(refresh.statements, listing(refresh)).toBeLessThanOrEqual(dialect === 'postgres' ? 2 : 3);
    expect(refresh.commits, listing(refresh)).toBeLessThanOrEqual(1);
    expect(refresh.transactions, listing(refresh)).toBeLessThanOrEqual(dialect === 'postgres' ? 0 : 1);
  });

  it('GET /users/me: one statement, the session check that loads the user', async () => {
    const client = await productionApp();
    const login = await client.loginWithEmail('me-count@example.com');
    let status = 0;
    const me = await count(async () => {
      status = (await client.request('/api/v1/users/me', { token: login.body.token })).status;
    });
    expect(status).toBe(200);
    // Exactly one: none would mean the session (revocation, expiry) went unchecked.
    expect(me.statements, listing(me)).toBe(1);
    expect(me.sql[0]).toMatch(/from "sessions"/);
    expect(me.commits).toBe(0);
  });
});
