import { startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An app setting that promises users a protection (multi-factor authentication) must not be
 * accepted while nothing enforces it: the admin would believe it is on, the clients would
 * publish it, and every login would still pass on one factor.
 */
describe('settings the server cannot enforce yet', () => {
  let t: TestServer;
  const admin = (method: string, path: string, body: unknown) =>
    fetch(`${t.url}/admin/v1${path}`, {
      method,
      headers: { authorization: 'Bearer test-admin-key', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
  const refusal = {
    status: 400,
    body: {
      code: 'invalid_data',
      error: 'Invalid mfa_methods: multi-factor authentication is not supported by this server yet',
    },
  };

  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(() => t.close());

  it('mfa_methods: a non-empty list is refused on create and update; the app keeps none', async () => {
    expect(await admin('POST', '/apps', { name: 'MFA app', mfa_methods: ['totp'] })).toMatchObject(refusal);
    const { app } = await t.createApp();
    expect(await admin('PATCH', `/apps/${app.id}`, { mfa_methods: ['sms', 'passkey'] })).toMatchObject(
      refusal,
    );
    const stored = await admin('GET', `/apps/${app.id}`, undefined);
    expect(stored.body.mfa_methods).toEqual([]);
    // Saying "none" is fine.
    expect((await admin('PATCH', `/apps/${app.id}`, { mfa_methods: [] })).status).toBe(200);
  });

  it('the service refuses it too (the CLI path)', async () => {
    const { app } = await t.createApp();
    await expect(t.updateApp(app.id, { mfa_methods: ['totp'] })).rejects.toMatchObject({
      code: 'invalid_data',
      message: refusal.body.error,
    });
  });
});
