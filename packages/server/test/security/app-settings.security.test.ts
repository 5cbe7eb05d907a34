import { startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An app setting that promises users a protection must not be accepted while nothing enforces it:
 * the admin would believe it is on and the clients would publish it. `mfa_methods` lists the
 * factors users may enrol (sms, totp, passkey: mfa/); `email` has no routes here, so it is refused.
 */
describe('settings the server cannot enforce', () => {
  let t: TestServer;
  const admin = (method: string, path: string, body: unknown) =>
    t
      .fetch(`/admin/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      .then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
  const refusal = {
    status: 400,
    body: {
      code: 'invalid_data',
      error: 'Invalid mfa_methods: email is not an MFA method this server offers (sms, totp and passkey are)',
    },
  };

  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(() => t.close());

  it('mfa_methods: the factors this server enforces are stored and published; email is refused', async () => {
    expect(await admin('POST', '/apps', { name: 'MFA app', mfa_methods: ['email'] })).toMatchObject(refusal);
    const { app } = await t.createApp();
    expect(await admin('PATCH', `/apps/${app.id}`, { mfa_methods: ['sms', 'email'] })).toMatchObject(refusal);
    expect((await admin('GET', `/apps/${app.id}`, undefined)).body.mfa_methods).toEqual([]);
    const accepted = await admin('PATCH', `/apps/${app.id}`, { mfa_methods: ['sms', 'totp', 'passkey'] });
    expect(accepted.status).toBe(200);
    expect((await admin('GET', `/apps/${app.id}`, undefined)).body.mfa_methods).toEqual([
      'sms',
      'totp',
      'passkey',
    ]);
    const published = await t.fetch(`/api/v1/apps/${app.id}`).then((r) => r.json());
    expect(published.mfa_methods).toEqual(['sms', 'totp', 'passkey']);
    expect((await admin('PATCH', `/apps/${app.id}`, { mfa_methods: [] })).status).toBe(200);
  });

  it('the service refuses email too (the CLI path)', async () => {
    const { app } = await t.createApp();
    await expect(t.updateApp(app.id, { mfa_methods: ['email'] })).rejects.toMatchObject({
      code: 'invalid_data',
      message: refusal.body.error,
    });
  });
});
