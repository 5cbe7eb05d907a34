import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const limit = 5;
const limitMessage =
  'This application is in development mode and must be upgraded to production to log in new users.';

/**
 * A development app admits `developmentUserLimit` users. Sign-ups that race must not all read
 * "fewer than the limit" and all get in.
 */
describe.each(dialects)('development user limit under concurrency (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { settings: { developmentUserLimit: limit } });
  });
  afterAll(() => t.close());

  const usersOf = async (appId: string) =>
    (await t.ctx.db.selectFrom('users').select('id').where('app_id', '=', appId).execute()).length;

  it('40 concurrent email sign-ups against a limit of 5: exactly 5 users, the rest max_accounts_reached', async () => {
    const { client } = await t.createApp();
    const emails = Array.from({ length: 40 }, (_, i) => `racer-${i}@example.com`);
    for (const email of emails) {
      expect((await client.post('/api/v1/passwordless/init', { email })).status).toBe(200);
    }
    const results = await Promise.all(
      emails.map((email) =>
        client.post('/api/v1/passwordless/authenticate', { email, code: client.lastCode(email) }),
      ),
    );
    const admitted = results.filter((r) => r.status === 200);
    expect(admitted).toHaveLength(limit);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r).toMatchObject({ status: 403, body: { code: 'max_accounts_reached', error: limitMessage } });
    }
    expect(await usersOf(client.appId)).toBe(limit);
  });

  it('40 concurrent guest sign-ups: exactly 5; existing users still log in', async () => {
    const { client } = await t.createApp({ guest_auth: true });
    const credentials = Array.from({ length: 40 }, (_, i) =>
      `guest${String(i).padStart(2, '0')}`.padEnd(43, 'x'),
    );
    const results = await Promise.all(
      credentials.map((guest_credential) => client.post('/api/v1/guest/authenticate', { guest_credential })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(limit);
    expect(await usersOf(client.appId)).toBe(limit);
    const admitted = credentials.filter((_, i) => results[i]!.status === 200);
    const again = await client.post('/api/v1/guest/authenticate', { guest_credential: admitted[0] });
    expect(again.status).toBe(200);
  });

  it('racing first logins of one identity as the last place goes: one user, and every one logs in', async () => {
    const { client } = await t.createApp({ guest_auth: true });
    for (let i = 0; i < limit - 1; i++) {
      const guest_credential = `early${i}`.padEnd(43, 'y');
      expect((await client.post('/api/v1/guest/authenticate', { guest_credential })).status).toBe(200);
    }
    const guest_credential = 'last-place'.padEnd(43, 'z');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.post('/api/v1/guest/authenticate', { guest_credential })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => (r.body as { user: { id: string } }).user.id)).size).toBe(1);
    expect(await usersOf(client.appId)).toBe(limit);
  });
});
