import { startScriptedServer, startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLatchkeyClient, normaliseApiUrl } from './createLatchkeyClient.ts';
import { LatchkeyClientError } from './errors.ts';
import { memoryStorage } from './storage.ts';

const appId = 'abcdefghijklmnopqrstuvwxy';

describe('createLatchkeyClient options', () => {
  it('needs a 25-character app id: a malformed one does not throw, initialize rejects (diagnostics.test.ts)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createLatchkeyClient({ appId: 'short', apiUrl: 'https://auth.example.com' });
    await expect(client.initialize()).rejects.toThrow(
      'Invalid appId "short": an app id is exactly 25 characters.',
    );
    warn.mockRestore();
  });

  it('needs a bare origin as apiUrl; one trailing slash is dropped', () => {
    expect(normaliseApiUrl('https://auth.example.com/')).toBe('https://auth.example.com');
    expect(normaliseApiUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    for (const bad of [
      'https://auth.example.com/api',
      'https://auth.example.com//',
      'auth.example.com',
      'https://a.b?x=1',
    ])
      expect(() => normaliseApiUrl(bad), bad).toThrow(LatchkeyClientError);
  });

  it('can be created and read without a browser (SSR): no storage, no network until initialize', () => {
    const client = createLatchkeyClient({ appId, apiUrl: 'https://auth.example.com' });
    expect(client.getState()).toEqual({
      ready: false,
      authenticated: false,
      user: null,
      appConfig: null,
    });
    expect(client.ready).toBe(false);
  });
});

describe('ready', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(() => t.close());

  it("flows throw the spec's guard error before ready", async () => {
    const { app } = await t.createApp();
    const { client, sent } = testClient(t, app.id);
    const message = 'Method called before `ready`. Ensure you wait until `ready` is true before calling.';
    await expect(client.email.sendCode({ email: 'a@example.com' })).rejects.toThrow(message);
    await expect(client.guest.login()).rejects.toMatchObject({ code: 'not_ready' });
    await expect(client.logout()).rejects.toMatchObject({ code: 'not_ready' });
    expect(sent).toEqual([]);
    // getAccessToken is not guarded: logged out is simply null.
    expect(await client.getAccessToken()).toBeNull();
  });

  it('initialize loads the app config once, sets ready and notifies subscribers', async () => {
    const { app } = await t.createApp({ name: 'Ready app' });
    const { client, count } = testClient(t, app.id);
    const seen: boolean[] = [];
    client.subscribe(() => seen.push(client.getState().ready));
    await Promise.all([client.initialize(), client.initialize()]);
    expect(client.ready).toBe(true);
    expect(client.getState().appConfig?.name).toBe('Ready app');
    expect(count(`/api/v1/apps/${app.id}`)).toBe(1);
    expect(seen.at(-1)).toBe(true);
  });

  it('a failed initialize rejects, stays not ready, and can be retried', async () => {
    const scripted = await startScriptedServer();
    try {
      const client = createLatchkeyClient({
        appId,
        apiUrl: scripted.url,
        storage: memoryStorage(),
        delay: async () => undefined,
      });
      scripted.script([
        { status: 404, body: { error: 'App not found.', code: 'missing_or_invalid_privy_app_id' } },
      ]);
      await expect(client.initialize()).rejects.toMatchObject({
        status: 404,
        code: 'missing_or_invalid_privy_app_id',
      });
      expect(client.ready).toBe(false);
      scripted.script([{ status: 200, body: { id: appId, name: 'Back' } }]);
      await client.initialize();
      expect(client.getState()).toMatchObject({ ready: true, appConfig: { name: 'Back' } });
    } finally {
      await scripted.close();
    }
  });
});
