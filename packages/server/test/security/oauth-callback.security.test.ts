import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Hostile input to the server's OAuth callback (`GET` and the form `POST` of
 * `/api/v1/oauth/callback`), which answers pages and redirects rather than JSON and so is left out
 * of the generated JSON suite (oauth/feature.ts `coveredBy`): whatever arrives, an unknown state is
 * a plain 400 page that reflects nothing and redirects nowhere, never a 5xx.
 */
describe.each(dialects)('OAuth callback hostile input (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  const marker = 'Zq9Marker';
  const queries = [
    '',
    '?code=abc',
    `?state=${marker}`,
    `?state=${marker}&code=${marker}`,
    `?state=${'a'.repeat(10_000)}&code=x`,
    `?state=%00${marker}&code=%00`,
    `?state=' OR 1=1 --${marker}&code=x`,
    `?state=${marker}&state=${marker}2&code=x`,
    `?state=%E2%80%AE${marker}%F0%9F%A6%84&code=x`,
    `?state[]=${marker}&code[__proto__]=x`,
    `?error=access_denied&state=${marker}`,
    `?error=<script>${marker}</script>&state=x`,
    '?state=%ZZ&code=%',
  ];

  async function expectErrorPage(response: Response, label: string): Promise<void> {
    const text = await response.text();
    expect(response.status, `${label}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(response.status, label).toBeLessThan(500);
    expect(response.headers.get('location'), label).toBeNull();
    expect(text, label).not.toContain(marker);
    expect(text, label).not.toContain('<script>');
  }

  it.each(queries)('GET %s gets the error page', async (query) => {
    const res = await t.fetch(`/api/v1/oauth/callback${query}`, { redirect: 'manual' });
    await expectErrorPage(res, query);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
  });

  const bodies: [string, string, string][] = [
    ['form with an unknown state', 'application/x-www-form-urlencoded', `state=${marker}&code=x`],
    [
      'form with an error',
      'application/x-www-form-urlencoded',
      `error=user_cancelled_authorize&state=${marker}`,
    ],
    ['form with a 10k state', 'application/x-www-form-urlencoded', `state=${'b'.repeat(10_000)}`],
    ['JSON body', 'application/json', JSON.stringify({ state: marker, code: 'x' })],
    ['no content type', '', `state=${marker}`],
    ['garbage', 'application/x-www-form-urlencoded', '%%%&&&==='],
    [
      'multipart',
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="state"\r\n\r\n${marker}\r\n--x--`,
    ],
  ];
  it.each(bodies)('POST %s gets the error page', async (_label, type, body) => {
    const headers: Record<string, string> = type ? { 'content-type': type } : {};
    const res = await t.fetch(`/api/v1/oauth/callback`, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
    });
    await expectErrorPage(res, _label);
    expect(res.status).toBe(400);
  });

  it('POST over the body limit is payload_too_large, never a 5xx', async () => {
    const res = await t.fetch(`/api/v1/oauth/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `state=${'c'.repeat(101 * 1024)}`,
      redirect: 'manual',
    });
    await expectErrorPage(res, 'oversized');
    expect(res.status).toBe(413);
  });
});
