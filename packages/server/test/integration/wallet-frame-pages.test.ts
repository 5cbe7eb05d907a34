import { createHash } from 'node:crypto';
import { dialects, startTestServer, type TestServer, testOrigin } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDpopNonce } from '../../src/embedded-wallets/dpop.ts';

/** The parts of a frame page the browser acts on: its config element and its script tag. */
function parsePage(html: string) {
  const config = /<script id="latchkey-frame-config" type="application\/json">(.*?)<\/script>/.exec(
    html,
  )?.[1];
  const script = /<script type="module" src="([^"]+)" integrity="([^"]+)"><\/script>/.exec(html);
  const style = /<style>(.*?)<\/style>/.exec(html)?.[1] ?? null;
  return {
    config: config === undefined ? null : (JSON.parse(config) as unknown),
    scriptSrc: script?.[1] ?? null,
    integrity: script?.[2] ?? null,
    style,
  };
}

const sha = (algorithm: string, text: string) => createHash(algorithm).update(text, 'utf8').digest('base64');

describe.each(dialects)('wallet frame pages (%s)', (dialect) => {
  let t: TestServer;
  let restrictedAppId: string;
  let openAppId: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
    restrictedAppId = (await t.createApp({ allowed_domains: [testOrigin, 'https://*.example.com'] })).app.id;
    openAppId = (await t.createApp({ allowed_domains: [] })).app.id;
  });
  afterAll(() => t?.close());

  const get = (path: string) => fetch(`${t.url}${path}`);

  it('serves the frame page with its config, a strict CSP framed by the allowed origins only', async () => {
    const response = await get(`/apps/${restrictedAppId}/embedded-wallets?caid=abc&client_id=client-1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'none'; " +
        "frame-ancestors http://app.test https://*.example.com; base-uri 'none'; form-action 'none'",
    );
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // frame-ancestors decides who may frame it; X-Frame-Options would refuse everyone.
    expect(response.headers.get('x-frame-options')).toBeNull();
    const page = parsePage(await response.text());
    expect(page.config).toEqual({
      appId: restrictedAppId,
      apiUrl: t.url,
      allowedOrigins: [testOrigin, 'https://*.example.com'],
      // The current DPoP nonce, so the frame's first device proof is not refused (use_dpop_nonce).
      dpopNonce: currentDpopNonce(t.ctx),
    });
    expect(page.scriptSrc).toMatch(/^\/embedded-wallets\/frame\.js\?v=[0-9a-f]{16}$/);
    expect(page.style).toBeNull();
  });

  it('lets any origin frame the page of an app without allowed domains, and says so in its config', async () => {
    const response = await get(`/apps/${openAppId}/embedded-wallets`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'none'; " +
        "frame-ancestors *; base-uri 'none'; form-action 'none'",
    );
    expect(parsePage(await response.text()).config).toEqual({
      appId: openAppId,
      apiUrl: t.url,
      allowedOrigins: [],
      dpopNonce: currentDpopNonce(t.ctx),
    });
  });

  it('serves the export page with its stylesheet allowed by hash and nothing inline besides', async () => {
    const response = await get(
      `/apps/${restrictedAppId}/embedded-wallets/export?entropy_id=x&chain_type=ethereum`,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const page = parsePage(html);
    expect(page.style).toBeTypeOf('string');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; " +
        `style-src 'sha256-${sha('sha256', page.style!)}'; ` +
        "frame-ancestors http://app.test https://*.example.com; base-uri 'none'; form-action 'none'",
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.scriptSrc).toMatch(/^\/embedded-wallets\/export\.js\?v=[0-9a-f]{16}$/);
    expect(page.config).toEqual({
      appId: restrictedAppId,
      apiUrl: t.url,
      allowedOrigins: [testOrigin, 'https://*.example.com'],
    });
    expect(html).toContain('<main id="latchkey-export"></main>');
    expect(html).not.toMatch(/<script>|\son[a-z]+=|style="/);
  });

  it.each(['frame', 'export'])(
    'serves %s.js as JavaScript matching the page’s integrity hash',
    async (kind) => {
      const path = kind === 'frame' ? '' : '/export';
      const page = parsePage(await (await get(`/apps/${restrictedAppId}/embedded-wallets${path}`)).text());
      const response = await get(page.scriptSrc!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const code = await response.text();
      expect(code.length).toBeGreaterThan(1000);
      expect(page.integrity).toBe(`sha384-${sha('sha384', code)}`);
      // Any other URL of the script (an old version, no version) is not cached for good.
      const unversioned = await get(`/embedded-wallets/${kind}.js`);
      expect(unversioned.headers.get('cache-control')).toBe('no-cache');
      expect(await unversioned.text()).toBe(code);
    },
  );

  it('answers 404 with a page for an unknown app', async () => {
    for (const path of ['', '/export']) {
      const response = await get(`/apps/${'a'.repeat(25)}/embedded-wallets${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(await response.text()).toContain('App not found.');
    }
  });

  it('never fails on hostile app ids', async () => {
    const hostile = [
      "' OR 1=1 --",
      '%00',
      'a%00b',
      'x'.repeat(5000),
      '\u202Egnp.exe\u202C 👩‍💻🦄',
      '__proto__',
      'constructor',
      '..%2F..%2Fpackage.json',
      restrictedAppId.toUpperCase(),
      `${restrictedAppId}%00`,
      '<script>alert(1)</script>',
    ];
    for (const id of hostile) {
      for (const path of ['', '/export']) {
        const response = await get(`/apps/${encodeURIComponent(id)}/embedded-wallets${path}`);
        expect(response.status, `${id}${path}`).toBe(404);
        expect(await response.text()).not.toContain('<script>alert');
      }
    }
  });
});

describe('wallet frame behind a proxy', () => {
  let t: TestServer;
  afterAll(() => t?.close());

  it('names the public URL as the API the frame calls', async () => {
    t = await startTestServer('sqlite', {
      listen: true,
      settings: { publicUrl: 'https://auth.example.com' },
    });
    const { app } = await t.createApp();
    const html = await (await fetch(`${t.url}/apps/${app.id}/embedded-wallets`)).text();
    expect(parsePage(html).config).toEqual({
      appId: app.id,
      apiUrl: 'https://auth.example.com',
      allowedOrigins: [testOrigin],
      dpopNonce: currentDpopNonce(t.ctx),
    });
  });
});
