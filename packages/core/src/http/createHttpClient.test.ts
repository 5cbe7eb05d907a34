import { appApi, emailApi, sessionApi } from '@latchkey/protocol';
import { deadOrigin, startScriptedServer } from '@latchkey/test/client';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { LatchkeyApiError, LatchkeyClientError } from '../errors.ts';
import { version } from '../version.ts';
import { type CreateHttpClientParameters, createHttpClient } from './createHttpClient.ts';

const appId = 'abcdefghijklmnopqrstuvwxy';
let server: Awaited<ReturnType<typeof startScriptedServer>>;

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

function client(overrides: Partial<CreateHttpClientParameters> = {}) {
  const waits: number[] = [];
  const http = createHttpClient({
    apiUrl: server.url,
    appId,
    getAccessToken: () => null,
    delay: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
  return { http, waits };
}

describe('createHttpClient headers', () => {
  it('sends the SDK headers, the Bearer token and the analytics id', async () => {
    const { http } = client({
      clientId: 'client-1',
      getAccessToken: () => 'jwt-1',
      getAnalyticsId: () => 'caid-1',
    });
    server.script([]);
    await http.post('/api/v1/anything', { a: 1 });
    expect(server.hits[0]).toMatchObject({ method: 'POST', path: '/api/v1/anything', body: '{"a":1}' });
    expect(server.hits[0]!.headers).toMatchObject({
      'privy-app-id': appId,
      'privy-client-id': 'client-1',
      'privy-client': `latchkey-core:${version}`,
      'privy-ca-id': 'caid-1',
      authorization: 'Bearer jwt-1',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it("sends a request's own headers on that request only", async () => {
    const { http } = client();
    server.script([]);
    await http.request('/a', {
      method: 'PATCH',
      body: {},
      headers: { 'privy-authorization-signature': 'sig' },
    });
    await http.get('/b');
    expect(server.hits[0]!.headers).toMatchObject({ 'privy-authorization-signature': 'sig' });
    expect(server.hits[1]!.headers).not.toHaveProperty('privy-authorization-signature');
  });

  it('leaves out the client id and Authorization when there are none; `token` overrides the getter', async () => {
    const getAccessToken = vi.fn(() => 'from-getter');
    const { http } = client({ getAccessToken });
    server.script([]);
    await http.get('/a', { token: null });
    await http.get('/b', { token: 'explicit' });
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(server.hits[0]!.headers).not.toHaveProperty('authorization');
    expect(server.hits[0]!.headers).not.toHaveProperty('privy-client-id');
    expect(server.hits[0]!.headers['privy-ca-id']).toBe('');
    expect(server.hits[1]!.headers.authorization).toBe('Bearer explicit');
  });

  it("uses credentials: 'include' and parses JSON (an empty 2xx body reads as {})", async () => {
    const inits: RequestInit[] = [];
    const { http } = client({
      fetch: (input, init) => {
        inits.push(init!);
        return fetch(input, init);
      },
    });
    server.script([{ status: 200, body: { hello: 'world' } }, { status: 200 }]);
    expect(await http.get('/json')).toEqual({ hello: 'world' });
    expect(await http.get('/empty')).toEqual({});
    expect(inits.map((i) => i.credentials)).toEqual(['include', 'include']);
  });
});

describe('createHttpClient typed calls', () => {
  it("sends a route's method, its filled path and its typed body; answers its response type", async () => {
    const { http } = client();
    server.script([
      { status: 200, body: { success: true } },
      { status: 200, body: { id: 'app' } },
      { status: 200 },
    ]);
    const sent = await http.call(emailApi.emailInit, { email: 'a@example.com' }, { token: null });
    expectTypeOf(sent).toEqualTypeOf<{ success: boolean }>();
    await http.call(appApi.app, undefined, { token: null, params: { app_id: 'a/b' } });
    await http.call(sessionApi.me, undefined);
    expect(server.hits.map((h) => [h.method, h.path, h.body])).toEqual([
      ['POST', '/api/v1/passwordless/init', '{"email":"a@example.com"}'],
      ['GET', '/api/v1/apps/a%2Fb', ''],
      ['GET', '/api/v1/users/me', ''],
    ]);
  });

  it('refuses a wrong body or missing path parameters at compile time', () => {
    const { http } = client();
    const never = () => {
      // @ts-expect-error: the init body's field is `email`
      void http.call(emailApi.emailInit, { emailAddress: 'a@example.com' });
      // @ts-expect-error: the app route needs its app_id
      void http.call(appApi.app, undefined, { token: null });
    };
    expect(never).toBeTypeOf('function');
  });
});

describe('createHttpClient retries', () => {
  it.each([408, 409, 425, 500, 502, 503, 504])('retries %i, waiting 1.5 s then 4.5 s', async (status) => {
    const { http, waits } = client();
    server.script([{ status }, { status }, { status: 200, body: { done: true } }]);
    expect(await http.post('/api/v1/sessions', {})).toEqual({ done: true });
    expect(server.hits).toHaveLength(3);
    expect(waits).toEqual([1500, 4500]);
  });

  it('retries GET too, and gives up after 3 retries (1.5 s, 4.5 s, 13.5 s) with the last error', async () => {
    const { http, waits } = client();
    const fail = { status: 503, body: { error: 'Down.', code: 'internal_error' } };
    server.script([fail, fail, fail, fail, { status: 200 }]);
    const error = await http.get('/api/v1/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyApiError);
    expect(error).toMatchObject({ status: 503, code: 'internal_error', message: 'Down.' });
    expect(server.hits).toHaveLength(4);
    expect(waits).toEqual([1500, 4500, 13500]);
  });

  it.each([400, 401, 404, 429])('does not retry %i', async (status) => {
    const { http, waits } = client();
    server.script([{ status, body: { error: 'No.', code: 'invalid_data', data: { field: 'email' } } }]);
    const error = await http.post('/api/v1/passwordless/init', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'LatchkeyApiError',
      status,
      code: 'invalid_data',
      message: 'No.',
      data: { field: 'email' },
    });
    expect(server.hits).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('never retries analytics posts', async () => {
    const { http, waits } = client();
    server.script([{ status: 503 }, { status: 503 }]);
    await expect(http.post('/api/v1/analytics_events', { event_name: 'x' })).rejects.toMatchObject({
      status: 503,
    });
    expect(server.hits).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('any status above 299 is an error; 299 is not; a non-JSON error body falls back on the status', async () => {
    const { http } = client();
    server.script([{ status: 299, body: { fine: true } }, { status: 300 }]);
    expect(await http.get('/a')).toEqual({ fine: true });
    await expect(http.get('/b')).rejects.toMatchObject({
      status: 300,
      code: 'invalid_request',
      message: 'Request failed with status 300',
    });
  });
});

describe('createHttpClient timeouts and network failures', () => {
  it('aborts a request after timeoutMs with client_request_timeout, without retrying', async () => {
    const { http, waits } = client({ timeoutMs: 100 });
    server.script(['hang', 'hang']);
    const error = await http.get('/slow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyClientError);
    expect(error).toMatchObject({ code: 'client_request_timeout', message: 'Request timed out' });
    expect(server.hits).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('aborts at 20 s by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { http } = client();
    server.script(['hang']);
    let settled: unknown = 'pending';
    const pending = http.get('/slow').then(
      () => 'resolved',
      (e: unknown) => e,
    );
    void pending.then((value) => {
      settled = value;
    });
    // Wait for the request to arrive without moving the fake clock (setImmediate is not faked).
    while (server.hits.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'client_request_timeout' });
  });

  it('a caller abort passes through as is', async () => {
    const { http } = client();
    server.script(['hang']);
    const controller = new AbortController();
    const pending = http.get('/slow', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.hits).toHaveLength(1));
    controller.abort(new Error('user left'));
    expect(await pending).toMatchObject({ message: 'user left' });
  });

  it('an unreachable server is a network_error, not retried', async () => {
    const waits: number[] = [];
    const http = createHttpClient({
      apiUrl: await deadOrigin(),
      appId,
      getAccessToken: () => null,
      delay: async (ms) => {
        waits.push(ms);
      },
    });
    await expect(http.get('/x')).rejects.toMatchObject({
      name: 'LatchkeyClientError',
      code: 'network_error',
    });
    expect(waits).toEqual([]);
  });
});

describe('createHttpClient session renewal (cookie sessions)', () => {
  const refused = { status: 401, body: { error: 'Invalid token.', code: 'missing_or_invalid_token' } };

  function renewing(answer: boolean) {
    const asked: number[] = [];
    const renewal = {
      generation: 7,
      renew: async (since: number) => {
        asked.push(since);
        return answer;
      },
    };
    return { renewal, asked };
  }

  it('sends a refused call once more after the session is renewed, with the generation it was sent at', async () => {
    const { renewal, asked } = renewing(true);
    const { http } = client({ renewal });
    server.script([refused, { status: 200, body: { user: 'u' } }]);
    await expect(http.get('/api/v1/users/me')).resolves.toEqual({ user: 'u' });
    expect(asked).toEqual([7]);
    expect(server.hits.map((h) => h.path)).toEqual(['/api/v1/users/me', '/api/v1/users/me']);
  });

  it('only once, not when the renewal fails, and never for a call that brought its own credential', async () => {
    const renewed = renewing(true);
    server.script([refused, refused]);
    await expect(client({ renewal: renewed.renewal }).http.get('/a')).rejects.toMatchObject({
      status: 401,
      code: 'missing_or_invalid_token',
    });
    expect(server.hits).toHaveLength(2);
    expect(renewed.asked).toHaveLength(1);

    const failed = renewing(false);
    server.script([refused]);
    await expect(client({ renewal: failed.renewal }).http.get('/b')).rejects.toMatchObject({ status: 401 });
    expect(server.hits).toHaveLength(1);

    const own = renewing(true);
    server.script([refused]);
    await expect(
      client({ renewal: own.renewal }).http.post('/api/v1/sessions', {}, { token: null }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(own.asked).toEqual([]);
    expect(server.hits).toHaveLength(1);

    // Another refusal is not a session matter.
    const other = renewing(true);
    server.script([{ status: 401, body: { error: 'x', code: 'invalid_credentials' } }]);
    await expect(client({ renewal: other.renewal }).http.get('/c')).rejects.toMatchObject({ status: 401 });
    expect(other.asked).toEqual([]);
  });

  it('setApiUrl moves later calls', async () => {
    const { http } = client({ apiUrl: await deadOrigin() });
    http.setApiUrl(server.url);
    server.script([]);
    await http.get('/moved');
    expect(http.apiUrl).toBe(server.url);
    expect(server.hits.map((h) => h.path)).toEqual(['/moved']);
  });
});
