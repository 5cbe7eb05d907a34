import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessOrigin, startTestServer, type TestServer, testAdminKey } from './test-server.ts';

describe('the test server, served in process', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { settings: { rateLimitsEnabled: true } });
  });
  afterAll(() => t.close());

  it('opens no port: its url throws, telling the test to ask for one', () => {
    expect(() => t.url).toThrow('pass { listen: true } to startTestServer');
    expect(t.origin).toBe(inProcessOrigin);
    expect(t.ctx.settings.publicUrl).toBe(inProcessOrigin);
  });

  it('serves a path or a URL at its origin through the app, and refuses another origin', async () => {
    expect((await t.fetch('/health')).status).toBe(200);
    expect((await t.fetch(`${inProcessOrigin}/health`)).status).toBe(200);
    await expect(t.fetch('http://127.0.0.1:1/health')).rejects.toThrow(
      'serves http://latchkey.test in process',
    );
  });

  it('presents its requests as from 127.0.0.1, so per-IP limits count a local client', async () => {
    const wrongKey = () => t.fetch('/admin/v1/apps', { headers: { authorization: 'Bearer wrong' } });
    // The admin API's failed-key budget per IP (20): spent by this client, refused before the key is checked.
    for (let attempt = 0; attempt < 20; attempt++) expect((await wrongKey()).status).toBe(401);
    expect((await wrongKey()).status).toBe(429);
    await expect(t.ctx.rateLimits.assertNotSpent('adminAuthIp', '127.0.0.1')).rejects.toThrow();
    const right = await t.fetch('/admin/v1/apps', { headers: { authorization: `Bearer ${testAdminKey}` } });
    expect(right.status).toBe(429);
  });
});

describe('the test server with listen: true', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { listen: true });
  });
  afterAll(() => t.close());

  it('listens on 127.0.0.1 for real clients, and is its own public URL', async () => {
    expect(t.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.origin).toBe(t.url);
    expect(t.ctx.settings.publicUrl).toBe(t.url);
    expect((await fetch(`${t.url}/health`)).status).toBe(200);
    expect((await t.fetch('/health')).status).toBe(200);
  });
});
