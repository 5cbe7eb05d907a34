import { operationPaths, operations } from '@latchkey/protocol/openapi';
import { startTestServer, type TestServer } from '@latchkey/test/server';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spellings } from '../../src/app.ts';
import { features } from '../../src/features.ts';

/** Every route the server registers, in every spelling, with its guard (as app.ts registers them). */
const registered = features.flatMap((feature) =>
  feature
    .routes({ ctx: {} as never, devOutbox: null })
    .flatMap((r) => spellings(r).map((path) => ({ method: r.method, path, declared: r.path, auth: r.auth }))),
);

const template = (path: string) => path.replace(/:([a-z_]+)/g, '{$1}');

describe('the OpenAPI reference', () => {
  let t: TestServer;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { securitySchemes: Record<string, unknown> };
  };
  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const res = await t.fetch(`/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = await res.json();
  });
  afterAll(() => t.close());

  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator does check: a document without its info's title and version is refused.
    expect((await new Validator().validate({ openapi: '3.1.0', info: {}, paths: {} } as never)).valid).toBe(
      false,
    );
  });

  it('documents every route the server registers, in both spellings of the server API', () => {
    expect(registered.length).toBeGreaterThan(100);
    const missing = registered
      .filter((r) => !doc.paths[template(r.path)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path} (add it to packages/protocol/src/openapi/operations.ts)`);
    expect(missing).toEqual([]);
    // Both spellings: the `/v1` aliases are there, marked as such.
    const alias = doc.paths['/v1/users/{user_id}']?.get;
    expect(alias).toMatchObject({ operationId: 'userGetV1', tags: ['Users API'] });
    expect(doc.paths['/api/v1/users/{user_id}']?.get).toMatchObject({ operationId: 'userGet' });
  });

  it('documents nothing the server does not serve', () => {
    const served = new Set(registered.map((r) => `${r.method} ${template(r.path)}`));
    const extra: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const method of Object.keys(item))
        if (!served.has(`${method.toUpperCase()} ${path}`)) extra.push(`${method} ${path}`);
    expect(extra).toEqual([]);
  });

  it("states each route's auth as the server's guard enforces it", () => {
    const byRoute = new Map(operations().map((op) => [`${op.method} ${op.path}`, op]));
    const wrong: string[] = [];
    for (const r of registered) {
      const op = byRoute.get(`${r.method} ${r.declared}`);
      const expected = r.path === '/metrics' ? 'metrics' : r.auth;
      if (op?.auth !== expected) wrong.push(`${r.method} ${r.declared}: ${op?.auth} != ${expected}`);
      // The server and the reference agree on the spellings.
      if (op) expect(operationPaths(op), r.declared).toEqual(spellings({ path: r.declared, auth: r.auth }));
    }
    expect(wrong).toEqual([]);
    const security = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    expect(security('/api/v1/passwordless/init', 'post')).toEqual([{ appId: [] }]);
    expect(security('/api/v1/users/me', 'get')).toEqual([{ appId: [], userToken: [] }]);
    expect(security('/api/v1/users', 'get')).toEqual([{ appId: [], appSecret: [] }]);
    expect(security('/admin/v1/apps', 'post')).toEqual([{ adminKey: [] }]);
    expect(security('/health', 'get')).toEqual([]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'adminKey',
      'appId',
      'appSecret',
      'metricsToken',
      'userToken',
    ]);
  });

  it('has path parameters, a tag per area, and the request bodies of the server’s validators', () => {
    const init = doc.paths['/api/v1/passwordless/init']!.post!;
    expect(init.tags).toEqual(['Email']);
    expect(init.summary).toBe('Send an email login code');
    expect(init.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'object', properties: { email: expect.any(Object) }, required: ['email'] },
        },
      },
    });
    expect(doc.paths['/api/v1/apps/{app_id}']!.get!.parameters).toEqual([
      { name: 'app_id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    const operationIds = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });
});
