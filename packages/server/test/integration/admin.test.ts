import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface AdminApp {
  id: string;
  name: string;
  allowed_domains: string[];
  sms_auth: boolean;
  allowlist_config: Record<string, unknown>;
  settings: Record<string, unknown>;
}

describe.each(dialects)('admin API (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  const admin = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    key: string | null = testAdminKey,
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== null) headers.authorization = `Bearer ${key}`;
    const res = await t.fetch(`/admin/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  const create = () =>
    admin<{ id: string; secret: string; app: AdminApp }>('POST', '/apps', {
      name: 'Admin demo',
      allowed_domains: ['http://localhost:5173'],
    });

  it('refuses a missing or wrong admin key', async () => {
    for (const key of [null, 'wrong-key', '']) {
      const res = await admin('GET', '/apps', undefined, key);
      expect(res, String(key)).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    }
    const create = await admin('POST', '/apps', { name: 'x' }, 'wrong-key');
    expect(create.status).toBe(401);
    const basic = await t.fetch(`/admin/v1/apps`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${testAdminKey}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
  });

  it('creates an app and returns its id, secret and config', async () => {
    const res = await create();
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^[a-z0-9]{25}$/);
    expect(res.body.secret).toEqual(expect.any(String));
    expect(res.body.secret.length).toBeGreaterThanOrEqual(32);
    expect(res.body.app).toMatchObject({
      id: res.body.id,
      name: 'Admin demo',
      allowed_domains: ['http://localhost:5173'],
      email_auth: true,
      sms_auth: false,
    });
    expect(JSON.stringify(res.body.app)).not.toContain(res.body.secret);

    const list = await admin<{ data: AdminApp[]; development: boolean }>('GET', '/apps');
    expect(list.status).toBe(200);
    // The test server runs in development mode, and the list says so (the dashboard shows it).
    expect(list.body.development).toBe(true);
    expect(list.body.data.map((a) => a.id)).toContain(res.body.id);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);

    const one = await admin<AdminApp>('GET', `/apps/${res.body.id}`);
    expect(one).toMatchObject({ status: 200, body: { id: res.body.id, name: 'Admin demo' } });

    const pub = await t.fetch(`/api/v1/apps/${res.body.id}`);
    expect(await pub.json()).toMatchObject({ id: res.body.id, name: 'Admin demo' });
  });

  it('create validates its body', async () => {
    const noName = await admin('POST', '/apps', { allowed_domains: [] });
    expect(noName).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect((noName.body as { error: string }).error).toContain('name');
    const badDomain = await admin('POST', '/apps', { name: 'x', allowed_domains: ['not an origin'] });
    expect(badDomain).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect((badDomain.body as { error: string }).error).toContain('allowed_domains');
    const unknown = await admin('POST', '/apps', { name: 'x', bogus_field: true });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect((unknown.body as { error: string }).error).toContain('bogus_field');
  });

  it('PATCH deep-merges, and the public config reflects it', async () => {
    const { body: created } = await create();
    const first = await admin<AdminApp>('PATCH', `/apps/${created.id}`, {
      allowlist_config: { error_detail: 'kept', cta_text: 'Join' },
    });
    expect(first.status).toBe(200);
    const res = await admin<AdminApp>('PATCH', `/apps/${created.id}`, {
      sms_auth: true,
      allowlist_config: { error_title: 'x' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sms_auth: true,
      email_auth: true,
      name: 'Admin demo',
      allowlist_config: { error_title: 'x', error_detail: 'kept', cta_text: 'Join', cta_link: null },
    });
    const pub = (await (await t.fetch(`/api/v1/apps/${created.id}`)).json()) as Record<string, unknown>;
    expect(pub).toMatchObject({
      sms_auth: true,
      allowlist_config: { error_title: 'x', error_detail: 'kept', cta_text: 'Join', cta_link: null },
    });
    // Server settings are patchable too, and visible to the admin only.
    const settings = await admin<AdminApp>('PATCH', `/apps/${created.id}`, {
      test_credentials_enabled: true,
    });
    expect(settings.body.settings).toMatchObject({ test_credentials_enabled: true });
    expect((await admin<AdminApp>('GET', `/apps/${created.id}`)).body.settings).toMatchObject({
      test_credentials_enabled: true,
    });
  });

  it('an invalid patch is 400 invalid_data naming the field, and changes nothing', async () => {
    const { body: created } = await create();
    const cases: [unknown, string][] = [
      [{ bogus_field: 1 }, 'bogus_field'],
      [{ sms_auth: 'yes' }, 'sms_auth'],
      [{ max_linked_wallets_per_user: 'many' }, 'max_linked_wallets_per_user'],
      [{ allowlist_config: { error_title: 5 } }, 'allowlist_config.error_title'],
      [{ allowlist_config: { unknown_key: 'x' } }, 'unknown_key'],
      [
        { embedded_wallet_config: { create_on_login: 'sometimes' } },
        'embedded_wallet_config.create_on_login',
      ],
      [{ sms_auth: true, email_auth: 'no' }, 'email_auth'],
    ];
    for (const [patch, field] of cases) {
      const res = await admin<{ code: string; error: string }>('PATCH', `/apps/${created.id}`, patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.code).toBe('invalid_data');
      expect(res.body.error, JSON.stringify(patch)).toContain(field);
    }
    const notObject = await admin('PATCH', `/apps/${created.id}`, ['sms_auth']);
    expect(notObject).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    const raw = await t.fetch(`/admin/v1/apps/${created.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(raw.status).toBe(400);
    // The valid half of a rejected patch was not applied.
    const app = await admin<AdminApp>('GET', `/apps/${created.id}`);
    expect(app.body.sms_auth).toBe(false);
  });

  it('an unknown app id is 404', async () => {
    const id = 'q'.repeat(25);
    expect((await admin('GET', `/apps/${id}`)).status).toBe(404);
    expect((await admin('PATCH', `/apps/${id}`, { sms_auth: true })).status).toBe(404);
    expect(await admin('GET', '/apps/nope')).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it("the app secret works as Basic auth on the app's server routes", async () => {
    const { body: created } = await create();
    const call = (secret: string, appId = created.id) =>
      t.fetch(`/api/v1/apps/${created.id}/test_credentials`, {
        headers: {
          'privy-app-id': appId,
          authorization: `Basic ${Buffer.from(`${created.id}:${secret}`).toString('base64')}`,
        },
      });
    const ok = await call(created.secret);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: [] });
    await admin('PATCH', `/apps/${created.id}`, { test_credentials_enabled: true });
    const enabled = await call(created.secret);
    expect(await enabled.json()).toEqual({
      data: [
        {
          email: expect.any(String),
          phone_number: expect.any(String),
          otp_code: expect.stringMatching(/^\d{6}$/),
        },
      ],
    });
    const wrong = await call(`${created.secret}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    const adminKey = await call(testAdminKey);
    expect(adminKey.status).toBe(401);
  });
});

describe('admin API outside development', () => {
  it('says so in the apps list', async () => {
    const t = await startTestServer('sqlite', { settings: { development: false } });
    try {
      const res = await t.fetch('/admin/v1/apps', { headers: { authorization: `Bearer ${testAdminKey}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ data: [], development: false });
    } finally {
      await t.close();
    }
  });
});
