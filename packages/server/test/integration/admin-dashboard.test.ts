/**
 * The admin routes the dashboard adds: an app's users (listed, searched, read, deleted through the
 * users API's services, with `user.deleted` recorded), the development outbox, and the dashboard's
 * own files at /dashboard.
 */
import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('admin dashboard routes (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  const admin = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const response = await t.fetch(`${path}`, {
      method,
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  it('lists, searches, reads and deletes an app’s users', async () => {
    const { app, client } = await t.createApp({ email_auth: true });
    const alice = await client.loginWithEmail('alice@example.com');
    await client.loginWithEmail('bob@example.com');
    const other = await t.createApp({ email_auth: true });
    await other.client.loginWithEmail('alice@elsewhere.com');

    const all = await admin<{ data: { id: string }[]; next_cursor: string | null }>(
      'GET',
      `/admin/v1/apps/${app.id}/users`,
    );
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);

    const found = await admin<{ data: { id: string }[] }>(
      'GET',
      `/admin/v1/apps/${app.id}/users?search=ALICE`,
    );
    expect(found.body.data.map((u) => u.id)).toEqual([alice.body.user.id]);
    const byId = await admin<{ data: { id: string }[] }>(
      'GET',
      `/admin/v1/apps/${app.id}/users?search=${alice.body.user.id}`,
    );
    expect(byId.body.data.map((u) => u.id)).toEqual([alice.body.user.id]);
    // Wildcards are text: '%' finds nobody.
    expect(
      (await admin<{ data: unknown[] }>('GET', `/admin/v1/apps/${app.id}/users?search=%25`)).body.data,
    ).toEqual([]);

    const page = await admin<{ data: { id: string }[]; next_cursor: string }>(
      'GET',
      `/admin/v1/apps/${app.id}/users?limit=1`,
    );
    expect(page.body.next_cursor).toEqual(expect.any(String));
    const next = await admin<{ data: { id: string }[] }>(
      'GET',
      `/admin/v1/apps/${app.id}/users?limit=1&cursor=${page.body.next_cursor}`,
    );
    expect(next.body.data[0]!.id).not.toBe(page.body.data[0]!.id);
    expect((await admin('GET', `/admin/v1/apps/${app.id}/users?cursor=forged`)).status).toBe(400);
    expect((await admin('GET', `/admin/v1/apps/${app.id}/users?limit=0`)).status).toBe(400);

    const user = await admin<{ id: string; linked_accounts: { address?: string }[] }>(
      'GET',
      `/admin/v1/apps/${app.id}/users/${alice.body.user.id}`,
    );
    expect(user.status).toBe(200);
    expect(user.body.linked_accounts[0]!.address).toBe('alice@example.com');
    // Another app's user is as absent as one never made.
    const otherUser = (await admin<{ data: { id: string }[] }>('GET', `/admin/v1/apps/${other.app.id}/users`))
      .body.data[0]!;
    expect((await admin('GET', `/admin/v1/apps/${app.id}/users/${otherUser.id}`)).status).toBe(404);
    expect((await admin('DELETE', `/admin/v1/apps/${app.id}/users/${otherUser.id}`)).status).toBe(404);
    expect((await admin('GET', `/admin/v1/apps/${app.id}/users/not-an-id`)).body).toMatchObject({
      code: 'user_does_not_exist',
    });

    const deleted = await admin('DELETE', `/admin/v1/apps/${app.id}/users/${alice.body.user.id}`);
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect((await admin('GET', `/admin/v1/apps/${app.id}/users/${alice.body.user.id}`)).status).toBe(404);
    const events = await t.ctx.db.selectFrom('outbox').select('type').where('app_id', '=', app.id).execute();
    expect(events.map((e) => e.type)).toContain('user.deleted');
    expect((await admin('GET', `/admin/v1/apps/${'z'.repeat(25)}/users`)).status).toBe(404);
  });

  it('lists, adds and removes allowlist entries, normalised as the app server API stores them', async () => {
    const { app, client } = await t.createApp({ email_auth: true, allowlist_enabled: true });
    const path = `/admin/v1/apps/${app.id}/allowlist`;
    expect(await admin('GET', path)).toEqual({ status: 200, body: { data: [] } });

    const added = await admin('POST', path, { type: 'email', value: ' Invited@Example.com ' });
    expect(added).toMatchObject({ status: 200, body: { type: 'email', value: 'invited@example.com' } });
    const wallet = '0xABCDEF0123456789ABCDEF0123456789ABCDEF01';
    expect((await admin('POST', path, { type: 'wallet', value: wallet })).body).toMatchObject({
      value: wallet.toLowerCase(),
    });
    // The same rules as the app server API: a duplicate, a bad email or phone, an unknown type.
    expect(await admin('POST', path, { type: 'email', value: 'INVITED@example.com' })).toMatchObject({
      status: 400,
      body: { code: 'resource_already_exists' },
    });
    expect((await admin('POST', path, { type: 'email', value: 'not an email' })).body).toMatchObject({
      code: 'invalid_data',
    });
    expect((await admin('POST', path, { type: 'phone', value: '12' })).status).toBe(400);
    expect((await admin('POST', path, { type: 'passkey', value: 'x' })).status).toBe(400);

    const listed = await admin<{ data: { type: string; value: string }[] }>('GET', path);
    expect(listed.body.data.map((e) => `${e.type}:${e.value}`)).toEqual([
      'email:invited@example.com',
      `wallet:${wallet.toLowerCase()}`,
    ]);
    // The entry governs login, and the app server API sees the same list.
    expect((await client.loginWithEmail('invited@example.com')).status).toBe(200);
    expect((await client.loginWithEmail('stranger@example.com')).status).toBe(403);

    expect(await admin('DELETE', path, { type: 'email', value: 'Invited@example.com' })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect(await admin('DELETE', path, { type: 'email', value: 'invited@example.com' })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect((await admin<{ data: unknown[] }>('GET', path)).body.data).toHaveLength(1);
    expect((await admin('GET', `/admin/v1/apps/${'z'.repeat(25)}/allowlist`)).status).toBe(404);
    // Another app's entries are not this app's.
    const other = await t.createApp();
    expect(
      (await admin<{ data: unknown[] }>('GET', `/admin/v1/apps/${other.app.id}/allowlist`)).body.data,
    ).toEqual([]);
  });

  it('reads the development outbox', async () => {
    const { app, client } = await t.createApp({ email_auth: true });
    await client.post('/api/v1/passwordless/init', { email: 'outbox@example.com' });
    const outbox = await admin<{ data: { channel: string; to: string; text: string }[] }>(
      'GET',
      `/admin/v1/apps/${app.id}/dev_outbox`,
    );
    expect(outbox.status).toBe(200);
    expect(outbox.body.data[0]).toMatchObject({ channel: 'email', to: 'outbox@example.com' });
    expect(outbox.body.data[0]!.text).toMatch(/\b\d{6}\b/);
  });

  it('serves the dashboard page with a strict policy, its assets, and nothing outside its folder', async () => {
    const redirect = await t.fetch(`/dashboard`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/dashboard/');
    const page = await t.fetch(`/dashboard/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await t.fetch(`${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const path of [
      '/dashboard/../package.json',
      '/dashboard/%2e%2e/package.json',
      '/dashboard/..%2fpackage.json',
      '/dashboard/nope.js',
      '/dashboard/assets/%00',
    ])
      expect((await t.fetch(`${path}`)).status, path).toBe(404);
  });
});

describe('admin dev outbox in production', () => {
  it('is feature_not_enabled', async () => {
    const t = await startTestServer('sqlite', {
      settings: { development: false, publicUrl: 'http://127.0.0.1:1' } as never,
    });
    try {
      const { app } = await t.createApp();
      const response = await t.fetch(`/admin/v1/apps/${app.id}/dev_outbox`, {
        headers: { authorization: `Bearer ${testAdminKey}` },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'feature_not_enabled' });
    } finally {
      await t.close();
    }
  });
});
