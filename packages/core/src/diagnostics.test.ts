import { createServer } from 'node:net';
import { startTestServer, type TestServer, testClient, testOrigin } from '@latchkey/test/client';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { createLatchkeyClient } from './createLatchkeyClient.ts';
import { forgetWarnings, isAllowedOrigin } from './diagnostics.ts';
import { memoryStorage } from './storage.ts';

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs `fn` as if on a page at `origin` (`location.origin` is what the client reads). */
async function onPage<T>(origin: string, fn: () => Promise<T>): Promise<T> {
  vi.stubGlobal('location', { origin, search: '' });
  try {
    return await fn();
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('developer messages: what is wrong with the setup, and the fix, once per cause', () => {
  let t: TestServer;
  let warn: MockInstance<typeof console.warn>;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { listen: true });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    forgetWarnings();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());
  const warnings = () => warn.mock.calls.map((call) => String(call[0]));

  it('a malformed app id: no throw, initialize rejects, the state holds the error, one warning', async () => {
    const client = createLatchkeyClient({ appId: 'short', apiUrl: t.url, storage: memoryStorage() });
    await expect(client.initialize()).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Invalid appId "short": an app id is exactly 25 characters.',
    });
    expect(client.getState()).toMatchObject({ ready: false, error: { code: 'invalid_input' } });
    // Another client, another try: still one message for the cause.
    const again = createLatchkeyClient({ appId: 'also-wrong', apiUrl: t.url, storage: memoryStorage() });
    await expect(again.initialize()).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(client.initialize()).rejects.toMatchObject({ code: 'invalid_input' });
    expect(warnings()).toEqual([
      expect.stringMatching(
        /^Latchkey: the app id "short" is malformed: an app id is exactly 25 characters\. Copy it from `latchkey apps list`/,
      ),
    ]);
  });

  it('an apiUrl that is not a bare origin: the same, with its own message', async () => {
    const client = createLatchkeyClient({
      appId: 'abcdefghijklmnopqrstuvwxy',
      apiUrl: `${t.url}/api`,
      storage: memoryStorage(),
    });
    await expect(client.initialize()).rejects.toMatchObject({ code: 'invalid_input' });
    expect(warnings()).toEqual([expect.stringContaining(`apiUrl "${t.url}/api" is not a bare origin`)]);
  });

  it('no apiUrl (the incumbent defaults to its cloud): the state holds the error, one warning that says where to point it', async () => {
    const client = createLatchkeyClient({
      appId: 'abcdefghijklmnopqrstuvwxy',
      apiUrl: '',
      storage: memoryStorage(),
    });
    await expect(client.initialize()).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Missing apiUrl: pass the address of your Latchkey server.',
    });
    await expect(client.initialize()).rejects.toMatchObject({ code: 'invalid_input' });
    expect(client.getState()).toMatchObject({ ready: false, error: { code: 'invalid_input' } });
    expect(warnings()).toEqual([
      'Latchkey: no apiUrl: Latchkey has no default server. Point apiUrl at your Latchkey server, such as <LatchkeyProvider apiUrl="https://auth.example.com">. Latchkey stays not ready (`error` in its state).',
    ]);
  });

  it('a closed port: the URL tried and what to check; the state holds network_error', async () => {
    const port = await closedPort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const client = createLatchkeyClient({
      appId: 'abcdefghijklmnopqrstuvwxy',
      apiUrl,
      storage: memoryStorage(),
    });
    await expect(client.initialize()).rejects.toMatchObject({ code: 'network_error' });
    expect(client.getState()).toMatchObject({ ready: false, error: { code: 'network_error' } });
    await expect(client.initialize()).rejects.toMatchObject({ code: 'network_error' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain(
      `Latchkey: cannot reach the Latchkey server: GET ${apiUrl}/api/v1/apps/abcdefghijklmnopqrstuvwxy got no response (network_error).`,
    );
    expect(warnings()[0]).toContain('Check that the server is running at that address');
  });

  it('an app id the server does not know: says so, with where to find the right one', async () => {
    const { client } = testClient(t, 'zzzzzzzzzzzzzzzzzzzzzzzzz');
    await expect(client.initialize()).rejects.toMatchObject({ status: 404 });
    expect(client.getState().error).toMatchObject({ status: 404 });
    expect(warnings()).toEqual([
      expect.stringContaining(`the server at ${t.url} has no app "zzzzzzzzzzzzzzzzzzzzzzzzz"`),
    ]);
    // In Latchkey's words: the status, not the incumbent's wire code (missing_or_invalid_privy_app_id).
    expect(warnings()[0]).toContain(`GET ${t.url}/api/v1/apps/zzzzzzzzzzzzzzzzzzzzzzzzz: HTTP 404)`);
    expect(warnings()[0]).not.toContain('privy');
  });

  it('a page whose origin is not in allowed_domains: not ready, the error set, the exact command that fixes it', async () => {
    const { app } = await t.createApp();
    const page = 'https://shop.example.org';
    const { client } = testClient(t, app.id, { headers: { origin: page } });
    // The app config is public (any origin reads it), and it names the origins the server accepts.
    await expect(onPage(page, () => client.initialize())).rejects.toMatchObject({ code: 'invalid_origin' });
    expect(client.ready).toBe(false);
    expect(client.getState().error).toMatchObject({ code: 'invalid_origin' });
    await expect(client.email.sendCode({ email: 'ada@example.com' })).rejects.toMatchObject({
      code: 'not_ready',
    });
    // The server's refusal is real, whatever the page believes: a request that names the app is refused.
    const refused = await t.fetch(`/api/v1/passwordless/init`, {
      method: 'POST',
      headers: { 'privy-app-id': app.id, origin: page, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const fixed = JSON.stringify([testOrigin, page]);
    expect(warnings()).toEqual([
      `Latchkey: this page's origin ${page} is not in the allowed_domains of app ${app.id} (${testOrigin}): the server would refuse its requests. Add it: npx latchkey apps update ${app.id} --set 'allowed_domains=${fixed}' (or in the dashboard). Latchkey stays not ready (\`error\` in its state).`,
    ]);
  });

  it('an allowed page (exact or by wildcard) and an app with no domains get no message', async () => {
    const { app } = await t.createApp();
    const { client } = testClient(t, app.id);
    await onPage(testOrigin, () => client.initialize());
    expect(client.ready).toBe(true);
    expect(warnings()).toEqual([]);
    expect(isAllowedOrigin(['https://*.example.com'], 'https://app.example.com')).toBe(true);
    expect(isAllowedOrigin(['https://*.example.com'], 'https://example.com')).toBe(false);
    expect(isAllowedOrigin(['https://*.example.com'], 'http://app.example.com')).toBe(false);
    expect(isAllowedOrigin([], 'https://anything.example')).toBe(true);
  });
});
