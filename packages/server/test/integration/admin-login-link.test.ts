/**
 * The admin key's recovery and the development login link: `latchkey admin-key --rotate` replaces a
 * stored key on a running server (the old one and its dashboard sessions stop at once), and the
 * one-time link `latchkey dev` prints opens one dashboard session, once, until it expires.
 */
import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateAdminKey } from '../../src/admin/admin-key.ts';
import { createLoginLink, loginLinkSeconds } from '../../src/admin/login-link.ts';

describe.each(dialects)('admin key rotation and the login link (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    // No LATCHKEY_ADMIN_KEY: the key is generated and stored, as `latchkey serve` and `dev` do.
    t = await startTestServer(dialect, { adminKey: undefined });
  });
  afterAll(() => t.close());

  const session = (body: unknown) =>
    t.fetch('/admin/v1/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const apps = (headers: Record<string, string>) => t.fetch('/admin/v1/apps', { headers });

  it('a rotated key replaces the old one at once and ends every dashboard session', async () => {
    const first = await rotateAdminKey(t.ctx);
    expect(first).toMatch(/^lk_admin_[A-Za-z0-9_-]{32}$/);
    const cookie = (await session({ admin_key: first })).headers.get('set-cookie')!.split(';')[0]!;
    expect((await apps({ cookie })).status).toBe(200);
    expect((await apps({ authorization: `Bearer ${first}` })).status).toBe(200);

    const second = await rotateAdminKey(t.ctx);
    expect((await apps({ authorization: `Bearer ${first}` })).status).toBe(401);
    expect((await apps({ cookie })).status).toBe(401);
    expect((await apps({ authorization: `Bearer ${second}` })).status).toBe(200);
    expect((await session({ admin_key: first })).status).toBe(401);
    // Only the hash is stored.
    const stored = await t.ctx.db.selectFrom('server_settings').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(second);
  });

  it('a login link opens one session, once', async () => {
    const token = await createLoginLink(t.ctx);
    const [a, b] = await Promise.all([session({ login_link: token }), session({ login_link: token })]);
    // Two racing redemptions: exactly one wins.
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const won = a.status === 200 ? a : b;
    const cookie = won.headers.get('set-cookie')!.split(';')[0]!;
    expect((await apps({ cookie })).status).toBe(200);
    const again = await session({ login_link: token });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: string }).error).toMatch(/used or has expired/);
    expect(t.logs.join('\n')).not.toContain(token);
  });

  it('a newer link replaces the older, and a link expires', async () => {
    const older = await createLoginLink(t.ctx);
    const newer = await createLoginLink(t.ctx);
    expect((await session({ login_link: older })).status).toBe(401);
    t.advance(loginLinkSeconds + 1);
    expect((await session({ login_link: newer })).status).toBe(401);
  });

  it('refuses a body with neither, a wrong type or an oversized link, as a 400 that logs nobody in', async () => {
    for (const body of [{}, { login_link: 42 }, { login_link: 'x'.repeat(101) }, []]) {
      const response = await session(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });
});
