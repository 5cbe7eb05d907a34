import { dialects, startTestServer, type TestServer, testOrigin } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The users API from an attacker's side: another app's secret sees none of this app's users, the
 * secret is required and checked strictly (Basic auth failures on both spellings), bodies too big
 * or too deep are refused, and the secret never reaches the logs.
 */

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function call(
  t: TestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: { code?: string; [key: string]: unknown } }> {
  const res = await t.fetch(`${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

describe.each(dialects)('users API security (%s)', (dialect) => {
  let t: TestServer;
  let victim: Awaited<ReturnType<TestServer['createApp']>>;
  let attacker: Awaited<ReturnType<TestServer['createApp']>>;
  let victimUserId: string;

  beforeAll(async () => {
    t = await startTestServer(dialect);
    victim = await t.createApp();
    attacker = await t.createApp();
    const login = await victim.client.loginWithEmail('victim@example.com');
    victimUserId = login.body.user.id;
  });
  afterAll(() => t.close());

  describe.each(['/api/v1', '/v1'])('under %s', (prefix) => {
    const as = (app: typeof victim) => ({
      authorization: basic(app.app.id, app.secret),
      'privy-app-id': app.app.id,
    });

    it("never shows another app's users: get, lookups, list, search, metadata and delete are all absent", async () => {
      const h = as(attacker);
      const absent = { status: 404, body: { code: 'user_does_not_exist' } };
      expect(await call(t, 'GET', `${prefix}/users/${victimUserId}`, h)).toMatchObject(absent);
      expect(
        await call(
          t,
          'POST',
          `${prefix}/users/email/address`,
          h,
          JSON.stringify({ address: 'victim@example.com' }),
        ),
      ).toMatchObject(absent);
      const list = await call(t, 'GET', `${prefix}/users`, h);
      expect(list.body.data).toEqual([]);
      const search = await call(
        t,
        'POST',
        `${prefix}/users/search`,
        h,
        JSON.stringify({ searchTerm: 'victim' }),
      );
      expect(search.body.data).toEqual([]);
      const byId = await call(
        t,
        'POST',
        `${prefix}/users/search`,
        h,
        JSON.stringify({ searchTerm: victimUserId }),
      );
      expect(byId.body.data).toEqual([]);
      expect(
        await call(
          t,
          'POST',
          `${prefix}/users/${victimUserId}/custom_metadata`,
          h,
          JSON.stringify({ custom_metadata: { owned: true } }),
        ),
      ).toMatchObject(absent);
      expect(await call(t, 'DELETE', `${prefix}/users/${victimUserId}`, h)).toMatchObject(absent);
      // Importing the victim's email into the attacker's app makes a user there, not a link here.
      const imported = await call(
        t,
        'POST',
        `${prefix}/users`,
        h,
        JSON.stringify({ linked_accounts: [{ type: 'email', address: 'victim@example.com' }] }),
      );
      expect(imported.status).toBe(200);
      expect(imported.body.id).not.toBe(victimUserId);
      await call(t, 'DELETE', `${prefix}/users/${imported.body.id}`, h);
      // The victim's user is untouched.
      const still = await call(t, 'GET', `${prefix}/users/${victimUserId}`, as(victim));
      expect(still.status).toBe(200);
      expect(still.body).not.toHaveProperty('custom_metadata');
    });

    it('refuses every Basic-auth failure', async () => {
      const id = victim.app.id;
      const refused: [string, Record<string, string>, { status: number; code: string }][] = [
        ['missing, no Origin', { 'privy-app-id': id }, { status: 403, code: 'missing_origin' }],
        [
          'missing, from an allowed browser Origin',
          { 'privy-app-id': id, origin: testOrigin },
          { status: 401, code: 'invalid_credentials' },
        ],
        [
          'malformed base64',
          { 'privy-app-id': id, authorization: 'Basic %%%not-base64%%%' },
          { status: 401, code: 'invalid_credentials' },
        ],
        [
          'empty',
          { 'privy-app-id': id, authorization: 'Basic ' },
          { status: 401, code: 'invalid_credentials' },
        ],
        [
          'no colon',
          { 'privy-app-id': id, authorization: `Basic ${Buffer.from(id).toString('base64')}` },
          { status: 401, code: 'invalid_credentials' },
        ],
        [
          'wrong secret',
          { 'privy-app-id': id, authorization: basic(id, `${victim.secret.slice(0, -1)}x`) },
          { status: 401, code: 'invalid_credentials' },
        ],
        [
          "another app's secret",
          { 'privy-app-id': id, authorization: basic(id, attacker.secret) },
          { status: 401, code: 'invalid_credentials' },
        ],
        [
          "another app's id and secret, this app's privy-app-id",
          { 'privy-app-id': id, authorization: basic(attacker.app.id, attacker.secret) },
          { status: 401, code: 'invalid_credentials' },
        ],
        [
          'no privy-app-id',
          { authorization: basic(id, victim.secret) },
          { status: 400, code: 'missing_or_invalid_privy_app_id' },
        ],
        [
          "a user's Bearer token",
          { 'privy-app-id': id, origin: testOrigin, authorization: 'Bearer whatever' },
          { status: 401, code: 'invalid_credentials' },
        ],
      ];
      for (const [label, headers, outcome] of refused)
        for (const [method, path] of [
          ['GET', `${prefix}/users/${victimUserId}`],
          ['GET', `${prefix}/users`],
          ['POST', `${prefix}/users/email/address`],
          ['GET', `${prefix}/apps/${id}/allowlist`],
        ] as const) {
          const res = await call(
            t,
            method,
            path,
            headers,
            method === 'POST' ? '{"address":"victim@example.com"}' : undefined,
          );
          expect({ status: res.status, code: res.body.code }, `${label}: ${method} ${path}`).toEqual(outcome);
        }
    });

    it("refuses an app id in the path that is not the caller's", async () => {
      const res = await call(t, 'GET', `${prefix}/apps/${victim.app.id}/allowlist`, as(attacker));
      expect(res).toMatchObject({ status: 400, body: { code: 'missing_or_invalid_privy_app_id' } });
      const test = await call(t, 'GET', `${prefix}/apps/${victim.app.id}/test_credentials`, as(attacker));
      expect(test).toMatchObject({ status: 400, body: { code: 'missing_or_invalid_privy_app_id' } });
    });

    it('refuses oversized and deeply nested bodies on the new routes', async () => {
      const h = as(victim);
      const deep = `{"custom_metadata":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`;
      expect(await call(t, 'POST', `${prefix}/users/${victimUserId}/custom_metadata`, h, deep)).toMatchObject(
        {
          status: 400,
          body: { code: 'invalid_data' },
        },
      );
      const deepImport = `{"linked_accounts":[${'['.repeat(3000)}${']'.repeat(3000)}]}`;
      expect(await call(t, 'POST', `${prefix}/users`, h, deepImport)).toMatchObject({
        status: 400,
        body: { code: 'invalid_data' },
      });
      const big = JSON.stringify({ searchTerm: 'a', padding: 'x'.repeat(101 * 1024) });
      expect(await call(t, 'POST', `${prefix}/users/search`, h, big)).toMatchObject({
        status: 413,
        body: { code: 'payload_too_large' },
      });
      const many = JSON.stringify({
        linked_accounts: Array.from({ length: 101 }, (_, i) => ({
          type: 'email',
          address: `m${i}@example.com`,
        })),
      });
      expect(await call(t, 'POST', `${prefix}/users`, h, many)).toMatchObject({
        status: 400,
        body: { code: 'invalid_data' },
      });
    });
  });

  it('never logs an app secret', () => {
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(victim.secret);
    expect(logs).not.toContain(attacker.secret);
  });
});
