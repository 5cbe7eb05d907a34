import { headers as protocolHeaders } from '@latchkey/protocol';
import { dialects, startTestServer, type TestServer, testAdminKey, testOrigin } from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  embeddedWalletFixture,
  newTestDevice,
  randomShare,
  recoveryFields,
  type TestDevice,
} from '@latchkey/test/server/frame-api';
import { exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spellings } from '../../src/app.ts';
import type { RouteAuth } from '../../src/feature.ts';
import { features } from '../../src/features.ts';
import {
  type FixtureEnv,
  type HostileString,
  invalidCredentials,
  invalidData,
  invalidToken,
  type Outcome,
  ok,
  type RouteFixture,
} from '../../src/hostile-fixtures.ts';
import { telegramBotPatch } from '../../src/telegram/bot-patch.ts';

/**
 * Hostile input on every route the server has, generated from the features' route declarations
 * and their fixtures (src/hostile-fixtures.ts): malformed, non-object, empty, missing fields, wrong
 * types, hostile strings, prototype-pollution keys, deep nesting and oversized bodies; hostile
 * queries and headers on routes without a body. Whatever arrives, the answer is a 4xx (or the
 * route's normal answer) with a JSON `{ error, code }`, never a 5xx.
 */

const hostileStrings: Record<HostileString, string> = {
  sql: "' OR 1=1 --",
  nul: '\u0000',
  long: 'a'.repeat(10_000),
  unicode: '\u202Egnp.exe\u202C 👩‍💻🦄 \u0645\u0631\u062D\u0628\u0627 𝕏',
  // A NUL hidden in an otherwise well-formed value: PostgreSQL refuses NUL in text, so it must
  // be turned away before it reaches the database.
  nulInside: 'a\u0000b@example.com',
};
const kinds = Object.keys(hostileStrings) as HostileString[];

/** A declared route with its fixture: what the suite sends it. */
interface Case {
  name: string;
  method: string;
  auth: RouteAuth;
  fixture: RouteFixture;
}

/** Every route of every feature (the admin API's too), with the fixture its feature declares for it. */
const declared: (Case & { missing: boolean })[] = features.flatMap((feature) =>
  feature
    // Declaring routes only builds handlers; nothing here is called.
    .routes({ ctx: {} as never, devOutbox: null })
    .map((r) => {
      const name = `${r.method} ${r.path}`;
      const fixture = feature.fixtures[name];
      return { name, method: r.method, auth: r.auth, fixture: fixture ?? { valid: ok }, missing: !fixture };
    }),
);
const checked = declared.filter((c) => !c.fixture.coveredBy);
const bodyRoutes = checked.filter((c) => c.method !== 'GET');
const getRoutes = checked.filter((c) => c.method === 'GET');

let unique = 0;

interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

function isPolluted(): boolean {
  const probe = {} as Record<string, unknown>;
  return (
    probe.polluted !== undefined ||
    Object.hasOwn(Object.prototype, 'polluted') ||
    Object.hasOwn(Object.prototype, 'isAdmin')
  );
}

describe.each(dialects)('hostile input on every route (%s)', (dialect) => {
  let t: TestServer;
  let env: FixtureEnv & { secret: string; token: string };
  let device: TestDevice;
  /** A DPoP proof for a frame route, by the victim's enrolled device. */
  const frameProof = async (path: string): Promise<Record<string, string>> => ({
    dpop: await device.proof(path.replace('/api/v1/embedded_wallets', ''), env.token),
  });

  beforeAll(async () => {
    t = await startTestServer(dialect);
    const { publicKey } = await generateKeyPair('ES256');
    const { app, secret, client } = await t.createApp({
      sms_auth: true,
      guest_auth: true,
      wallet_auth: true,
      solana_wallet_auth: true,
      custom_jwt_auth: true,
      custom_jwt_verification_key: await exportSPKI(publicKey),
      // OAuth init builds Google's authorization URL (no request leaves the server).
      google_oauth: true,
      oauth_credentials: { google: { client_id: 'hostile-client', client_secret: 'hostile-secret' } },
      passkey_auth: true,
      passkeys_for_signup_enabled: true,
      farcaster_auth: true,
      mfa_methods: ['sms', 'totp', 'passkey'],
    });
    // Telegram with a bot: its routes reach the signature check (a test bot token, never a real one).
    await t.updateApp(app.id, telegramBotPatch(app, { botToken: `123456:${'A'.repeat(35)}` }));
    const login = await client.loginWithEmail('victim@example.com');
    expect(login.status).toBe(200);
    const { entropyId } = await createEmbeddedWallet(t, client, login.body.token);
    // The frame routes' requests carry proofs of an enrolled device, each with its own jti.
    device = await newTestDevice(t, client);
    expect((await device.enroll(login.body.token)).status).toBe(200);
    const target = await t.createApp();
    env = {
      appId: app.id,
      secret,
      token: login.body.token,
      adminTargetId: target.app.id,
      adminKey: testAdminKey,
      entropyId,
      next: () => ++unique,
      kit: {
        walletBody: () => embeddedWalletFixture({ chains: ['ethereum', 'solana'] }).body,
        recoveryFields: () => recoveryFields('privy').body,
        share: (bytes) => b64(randomShare(bytes)),
      },
    };
  });
  afterAll(() => t.close());

  function authHeaders(auth: RouteAuth): Record<string, string> {
    switch (auth) {
      case 'user':
      case 'frame':
        return { authorization: `Bearer ${env.token}` };
      case 'server':
      // A `server-or-user` route is tried as the app's backend: the user's side has its own tests.
      case 'server-or-user':
        return { authorization: `Basic ${Buffer.from(`${env.appId}:${env.secret}`).toString('base64')}` };
      case 'admin':
        return { authorization: `Bearer ${testAdminKey}` };
      default:
        return {};
    }
  }

  async function send(
    method: string,
    path: string,
    options: {
      auth?: RouteAuth;
      raw?: string;
      json?: unknown;
      headers?: Record<string, string>;
      frame?: boolean | undefined;
    } = {},
  ): Promise<Sent> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      // The frame and the admin API (the dashboard) answer only the server's own origin.
      origin: options.frame || path.startsWith('/admin/') ? t.origin : testOrigin,
      'privy-app-id': env.appId,
      ...authHeaders(options.auth ?? 'app'),
      ...(options.frame ? await frameProof(path) : {}),
      ...options.headers,
    };
    const body = options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
    const response = await t.fetch(`${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  /** The contract every answer keeps: no 5xx, a JSON object body, `{error, code}` on errors. */
  function expectOutcome(
    res: Sent,
    outcome: Outcome,
    label: string,
    options: { array?: boolean } = {},
  ): void {
    expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
    expect(res.body, `${label}: not a JSON object: ${res.text.slice(0, 200)}`).toBeTypeOf('object');
    expect(res.body, label).not.toBeNull();
    if (options.array && !outcome.code) {
      expect(res.status, label).toBe(outcome.status);
      expect(Array.isArray(res.body), label).toBe(true);
      return;
    }
    expect(Array.isArray(res.body), label).toBe(false);
    const body = res.body as Record<string, unknown>;
    if (outcome.code) {
      expect({ status: res.status, code: body.code }, `${label}: ${res.text.slice(0, 200)}`).toEqual({
        status: outcome.status,
        code: outcome.code,
      });
      expect(body.error, label).toBeTypeOf('string');
      expect((body.error as string).length, label).toBeGreaterThan(0);
    } else {
      expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(outcome.status);
      expect(body.error, `${label}: ${res.text.slice(0, 200)}`).toBeUndefined();
    }
  }

  it('every route the server registers is declared by a feature with a fixture', () => {
    const registered = t.latchkey.http.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    // The server REST API answers under its second spelling (`/v1/...`) too (app.ts `spellings`).
    const spelled = declared.flatMap((c) =>
      spellings({ auth: c.auth, path: c.name.slice(c.method.length + 1) }).map(
        (path) => `${c.method} ${path}`,
      ),
    );
    expect([...new Set(registered)].sort()).toEqual(spelled.sort());
    expect(declared.filter((c) => c.missing).map((c) => c.name)).toEqual([]);
  });

  describe.each(bodyRoutes.map((r) => [r.name, r] as const))('%s', (_name, { method, auth, fixture }) => {
    const route = {
      method,
      auth,
      frame: auth === 'frame',
      path: (e: FixtureEnv) => fixture.path?.(e) ?? _name.slice(method.length + 1),
      template: () => fixture.body?.(env) ?? {},
      valid: fixture.valid,
      required: fixture.required ?? [],
      strings: fixture.strings ?? {},
      bad: fixture.bad ?? invalidData,
      empty: fixture.empty ?? invalidData,
      extraKeys: fixture.extraKeys,
    };
    const call = (options: { raw?: string; json?: unknown }) =>
      send(route.method, route.path(env), { auth: route.auth, frame: route.frame, ...options });

    it('answers the well-formed template as the route normally would', async () => {
      expectOutcome(await call({ json: route.template() }), route.valid, 'template');
    });

    it('refuses malformed JSON, non-objects and an empty body', async () => {
      const cases: [string, string | undefined, Outcome][] = [
        ['truncated {', '{', route.bad],
        ['truncated {"a":', '{"a":', route.bad],
        ['trailing garbage', '{"a":1}}', route.bad],
        ['not JSON at all', "' OR 1=1 --", route.bad],
        ['array', JSON.stringify([route.template()]), route.bad],
        ['empty array', '[]', route.bad],
        ['string', '"hello"', route.bad],
        ['number', '42', route.bad],
        ['null', 'null', route.bad],
        ['true', 'true', route.bad],
        ['empty body', undefined, route.empty],
        ['whitespace body', '  \n ', route.empty],
      ];
      const results = await Promise.all(cases.map(([, raw]) => call({ raw })));
      results.forEach((res, i) => {
        expectOutcome(res, cases[i]![2], cases[i]![0]);
      });
    });

    it('refuses a body nested thousands of levels deep, never a 500', async () => {
      const depth = 3000;
      const deepArray = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const template = JSON.stringify(route.template()).slice(1, -1);
      const cases: [string, string][] = [
        ['deep object', deepObject],
        ['template with a deep object field', `{${template}${template ? ',' : ''}"padding":${deepObject}}`],
        ['deep array', deepArray],
        ['template with a deep array field', `{${template}${template ? ',' : ''}"padding":${deepArray}}`],
      ];
      for (const [label, raw] of cases) {
        const res = await call({ raw });
        expectOutcome(res, route.bad, label);
        if (route.bad.code === 'invalid_data')
          expect((res.body as { error: string }).error, label).toBe(
            'Invalid request body: nested too deeply.',
          );
      }
    });

    it('refuses a body with a required field missing', async () => {
      const results = await Promise.all(
        route.required.map((field) => {
          const body = route.template();
          delete body[field];
          return call({ json: body }).then((res) => [field, res] as const);
        }),
      );
      for (const [field, res] of results) expectOutcome(res, route.bad, `without ${field}`);
    });

    it('refuses numbers, objects, arrays and booleans where strings belong', async () => {
      const wrong: unknown[] = [
        12345,
        1e308,
        -0,
        { a: 1 },
        { __proto__: { polluted: true } },
        ['x'],
        [],
        true,
      ];
      const fields = Object.keys(route.strings);
      const results = await Promise.all(
        fields.flatMap((field) =>
          wrong.map((value) =>
            call({ json: { ...route.template(), [field]: value } }).then(
              (res) => [`${field}=${JSON.stringify(value)}`, res] as const,
            ),
          ),
        ),
      );
      for (const [label, res] of results) expectOutcome(res, route.bad, label);
    });

    it('handles SQL injection, NUL, 10k-character and RTL/emoji strings in every string field', async () => {
      const fields = Object.keys(route.strings);
      const results = await Promise.all(
        fields.flatMap((field) =>
          kinds.map((kind) =>
            call({ json: { ...route.template(), [field]: hostileStrings[kind] } }).then(
              (res) => [field, kind, res] as const,
            ),
          ),
        ),
      );
      for (const [field, kind, res] of results) {
        expectOutcome(res, route.strings[field]!(kind), `${field}=${kind}`);
      }
    });

    it('does not let __proto__ or constructor keys pollute Object.prototype', async () => {
      const raw = (extra: string) => {
        const fields = Object.entries(route.template()).map(
          ([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`,
        );
        return `{${[extra, ...fields].join(',')}}`;
      };
      const cases = [
        raw('"__proto__":{"polluted":true,"isAdmin":true}'),
        raw('"constructor":{"prototype":{"polluted":true}}'),
        raw('"__proto__":{"__proto__":{"polluted":true}}'),
      ];
      for (const body of cases) {
        const res = await call({ raw: body });
        expectOutcome(res, route.extraKeys?.(body) ?? route.valid, body.slice(0, 60));
        expect(isPolluted()).toBe(false);
      }
    });

    it('refuses a body over the 100 KiB limit with payload_too_large', async () => {
      const big = JSON.stringify({ ...route.template(), padding: 'x'.repeat(101 * 1024) });
      const res = await call({ raw: big });
      expectOutcome(res, { status: 413, code: 'payload_too_large' }, 'oversized');
    });

    it('refuses an oversized body sent chunked, without a content-length', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"padding":"'));
        },
        pull(controller) {
          if (sent >= 8) {
            controller.enqueue(new TextEncoder().encode('"}'));
            controller.close();
            return;
          }
          sent++;
          controller.enqueue(chunk);
        },
      });
      const response = await t.fetch(`${route.path(env)}`, {
        method: route.method,
        headers: {
          'content-type': 'application/json',
          origin: route.frame ? t.origin : testOrigin,
          'privy-app-id': env.appId,
          ...authHeaders(route.auth),
          ...(route.frame ? await frameProof(route.path(env)) : {}),
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      const text = await response.text();
      expectOutcome(
        { status: response.status, headers: response.headers, body: JSON.parse(text), text },
        { status: 413, code: 'payload_too_large' },
        'chunked oversized',
      );
    });
  });

  describe.each(getRoutes.map((r) => [r.name, r] as const))('%s', (_name, { auth, fixture }) => {
    const route = {
      auth,
      path: (e: FixtureEnv) => fixture.path?.(e) ?? _name.slice('GET '.length),
      valid: fixture.valid,
      array: fixture.array,
    };
    it('answers normally, and survives hostile query strings and headers', async () => {
      const array = { array: route.array ?? false };
      expectOutcome(await send('GET', route.path(env), { auth: route.auth }), route.valid, 'plain', array);
      const hostileQuery = `?to=${encodeURIComponent(hostileStrings.sql)}&x=${encodeURIComponent(
        hostileStrings.unicode,
      )}&__proto__[polluted]=1&constructor[prototype][polluted]=1&n=${encodeURIComponent('\u0000')}`;
      expectOutcome(
        await send('GET', `${route.path(env)}${hostileQuery}`, { auth: route.auth }),
        route.valid,
        'hostile query',
        array,
      );
      const noise = {
        'privy-client': hostileStrings.sql,
        'privy-ca-id': 'x'.repeat(4000),
        'privy-ui': '\u00e9\u00e8',
        'x-forwarded-for': "' OR 1=1 --",
      };
      expectOutcome(
        await send('GET', route.path(env), { auth: route.auth, headers: noise }),
        route.valid,
        'hostile headers',
        array,
      );
      expect(isPolluted()).toBe(false);
    });
  });

  it('hostile bearer tokens on a user route are missing_or_invalid_token', async () => {
    const tokens = [
      hostileStrings.sql,
      hostileStrings.long,
      'a.b.c',
      'e30.e30.',
      `${'x'.repeat(20)}.${'y'.repeat(20)}.${'z'.repeat(20)}`,
      'eyJhbGciOiJub25lIn0.eyJzdWIiOiJkaWQ6cHJpdnk6eCJ9.',
    ];
    for (const token of tokens) {
      const res = await send('GET', '/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
      expectOutcome(res, invalidToken, token.slice(0, 40));
    }
    for (const authorization of ['Bearer', 'Bearer ', 'Basic', 'Basic !!!', 'Token abc', '']) {
      const res = await send('GET', '/api/v1/users/me', { headers: { authorization } });
      expectOutcome(
        res,
        // Any Basic header is an app-secret attempt (a bare `Basic` is what `Basic ` arrives as).
        authorization.startsWith('Basic') ? invalidCredentials : invalidToken,
        `authorization: ${authorization}`,
      );
    }
  });

  it('hostile app ids in paths are not_found or missing_or_invalid_privy_app_id, never a 5xx', async () => {
    const unknownId = 'z'.repeat(25);
    expectOutcome(
      await send('GET', `/api/v1/apps/${unknownId}`),
      { status: 404, code: 'missing_or_invalid_privy_app_id' },
      'unknown id',
    );
    expectOutcome(
      await send('GET', `/api/v1/apps/${unknownId}/jwks.json`),
      { status: 404, code: 'missing_or_invalid_privy_app_id' },
      'unknown jwks',
    );
    for (const id of [
      encodeURIComponent(hostileStrings.sql),
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'A'.repeat(25),
    ]) {
      const res = await send('GET', `/api/v1/apps/${id}`);
      expect(res.status, id).toBeLessThan(500);
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((res.body as Record<string, unknown>).code, id).toBeTypeOf('string');
    }
    // An app's secret does not open another app's server routes.
    const other = await t.createApp();
    const res = await send('GET', `/api/v1/apps/${other.app.id}/allowlist`, { auth: 'server' });
    expectOutcome(res, { status: 400, code: 'missing_or_invalid_privy_app_id' }, 'another app');
    expectOutcome(
      await send('GET', `/admin/v1/apps/${unknownId}`, { auth: 'admin' }),
      { status: 404, code: 'not_found' },
      'admin unknown app',
    );
    expectOutcome(
      await send('PATCH', `/admin/v1/apps/${unknownId}`, { auth: 'admin', json: { name: 'x' } }),
      { status: 404, code: 'not_found' },
      'admin patch unknown app',
    );
  });

  it('an unknown route is 404 not_found', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/api/v2/passwordless/init'],
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/passwordless/nope'],
      ['GET', '/admin/v1/nope'],
    ] as const) {
      const res = await send(method, path, {
        auth: path.startsWith('/admin') ? 'admin' : 'app',
        ...(method === 'GET' ? {} : { json: {} }),
      });
      expectOutcome(res, { status: 404, code: 'not_found' }, `${method} ${path}`);
    }
  });

  it('a wrong method is a JSON 404 not_found or 405 method_not_allowed', async () => {
    for (const [method, path, auth] of [
      ['GET', '/api/v1/passwordless/init', 'app'],
      ['PUT', '/api/v1/sessions', 'app'],
      // (DELETE /api/v1/users/me is the users API's DELETE /users/:user_id, a server route.)
      ['PATCH', '/api/v1/users/me', 'user'],
      ['PATCH', '/api/v1/analytics_events', 'app'],
      ['POST', '/api/v1/users/me', 'user'],
      ['PUT', '/admin/v1/apps', 'admin'],
      ['DELETE', '/admin/v1/apps', 'admin'],
    ] as const) {
      const res = await send(method, path, { auth, ...(method === 'GET' ? {} : { json: {} }) });
      const code = (res.body as Record<string, unknown> | undefined)?.code;
      const label = `${method} ${path}`;
      expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
      expect([res.status, code], label).toSatisfy(
        ([status, c]: [number, unknown]) =>
          (status === 404 && c === 'not_found') || (status === 405 && c === 'method_not_allowed'),
      );
    }
  });

  it('client routes need a valid privy-app-id header', async () => {
    const clientRoutes = checked.filter((r) => r.auth !== 'public' && r.name.includes(' /api/v1/'));
    const values: (string | undefined)[] = [
      undefined,
      '',
      'short',
      'z'.repeat(25),
      hostileStrings.sql,
      'a'.repeat(26),
    ];
    for (const r of clientRoutes) {
      const { method } = r;
      const path = r.fixture.path?.(env) ?? r.name.slice(method.length + 1);
      for (const value of values) {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          origin: testOrigin,
          ...authHeaders(r.auth),
        };
        if (value !== undefined) headers[protocolHeaders.appId] = value;
        const response = await t.fetch(`${path}`, {
          method,
          headers,
          ...(method === 'GET' ? {} : { body: JSON.stringify(r.fixture.body?.(env) ?? {}) }),
        });
        const text = await response.text();
        expectOutcome(
          { status: response.status, headers: response.headers, body: JSON.parse(text), text },
          { status: 400, code: 'missing_or_invalid_privy_app_id' },
          `${r.name} with privy-app-id ${JSON.stringify(value?.slice(0, 30))}`,
        );
      }
    }
  });

  it('a NUL inside an otherwise valid value never reaches the database', async () => {
    const allowlist = await send('POST', `/api/v1/apps/${env.appId}/allowlist`, {
      auth: 'server',
      json: { type: 'wallet', value: '0xabc\u0000def' },
    });
    expectOutcome(allowlist, invalidData, 'allowlist wallet with NUL');
    const analytics = await send('POST', '/api/v1/analytics_events', {
      json: { event_name: 'nul\u0000event', payload: { 'k\u0000': 'v\u0000' } },
    });
    expectOutcome(analytics, ok, 'analytics with NUL');
    // Dropped quietly as a malformed event, not as a storage failure.
    expect(t.logs.filter((line) => line.includes('analytics event dropped'))).toEqual([]);
  });

  it('left no prototype pollution and no unhandled errors behind', async () => {
    expect(isPolluted()).toBe(false);
    const app = await send('GET', `/api/v1/apps/${env.appId}`);
    expect(app.body).not.toHaveProperty('polluted');
    expect(app.body).not.toHaveProperty('isAdmin');
    expect(t.logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  });
});
