/**
 * HttpOnly cookie sessions in a same-site deployment: the demo app on http://app.latchkey.test and the
 * server on http://auth.latchkey.test (Chromium resolves both to 127.0.0.1), the app in cookie mode
 * with `cookie_domain` latchkey.test. An email login through the modal, then: no access or refresh
 * token anywhere page script can read (only `privy-session=t`), an authenticated call on the cookie,
 * the app's own origin receiving `privy-token`, a reload that stays logged in, an embedded wallet
 * signing through the demo's signing panel, and a logout after which the server refuses the old
 * cookies.
 */

import {
  codeFromMail,
  demoState,
  enterCode,
  id,
  modalClosed,
  openLogin,
  pageHtml,
  type Stack,
  signDemoMessage,
  startStack,
  submitEmail,
  text,
} from '@latchkey/test/e2e';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const domain = 'latchkey.test';
/** Creation and signing run in the frame and on the server: allow for it. */
const walletTimeout = 60_000;
const tokenKeys = ['privy:token', 'privy:pat', 'privy:refresh_token', 'privy:id_token'];

describe('HttpOnly cookie sessions in a same-site deployment', () => {
  let stack: Stack;
  let appId: string;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  const email = 'cookie.user@example.com';
  /** Bodies the server answered to the page, and the headers of the page's requests, in order. */
  const answers: { path: string; status: number; body: string }[] = [];
  const requests: { url: string; headers: Record<string, string> }[] = [];

  beforeAll(async () => {
    stack = await startStack({}, {}, { sameSite: domain });
    appId = await stack.createApp({ email_auth: true, cookie_sessions: true, cookie_domain: domain });
    ({ context, page, errors: pageErrors } = await stack.newPage());
    page.on('request', (request) => {
      // A request still in flight when the page closes has no headers to read: not one of ours.
      request
        .allHeaders()
        .then((headers) => requests.push({ url: request.url(), headers }))
        .catch(() => {});
    });
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.origin !== stack.apiUrl || !url.pathname.startsWith('/api/')) return;
      answers.push({
        path: url.pathname,
        status: response.status(),
        body: await response.text().catch(() => ''),
      });
    });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await stack?.close();
  });

  /** The session cookies as the browser holds them, HttpOnly ones included (read over CDP, not by the page). */
  async function sessionCookies(): Promise<Record<string, Cookie>> {
    // All of the context's: filtering by the server's URL would drop the refresh cookie (its Path).
    const all = await context.cookies();
    return Object.fromEntries(all.filter((c) => c.name.startsWith('privy-')).map((c) => [c.name, c]));
  }

  /** Everything script on the demo page can read: its cookies, both storages, and its whole DOM. */
  async function scriptVisible(): Promise<{
    cookie: string;
    local: Record<string, string>;
    session: Record<string, string>;
    html: string;
  }> {
    const visible = await page.evaluate(() => {
      const dump = (store: Storage) => {
        const out: Record<string, string> = {};
        for (let i = 0; i < store.length; i += 1) {
          const key = store.key(i)!;
          out[key] = store.getItem(key) ?? '';
        }
        return out;
      };
      return {
        cookie: document.cookie,
        local: dump(localStorage),
        session: dump(sessionStorage),
      };
    });
    // The modal's shadow root included.
    return { ...visible, html: await pageHtml(page) };
  }

  /** Asserts that no access or refresh token is anywhere page script can reach. */
  async function expectNoTokenVisible(): Promise<void> {
    const cookies = await sessionCookies();
    const secrets = [cookies['privy-token']!.value, cookies['privy-refresh-token']!.value];
    const visible = await scriptVisible();
    expect(visible.cookie).toBe('privy-session=t');
    for (const key of tokenKeys) expect(visible.local[key], key).toBeUndefined();
    const everything = JSON.stringify(visible);
    for (const secret of secrets) expect(everything.includes(secret)).toBe(false);
    expect(await text(page, 'demo-access-token')).toBe('');
  }

  test('logs in by email through the modal; the session is in HttpOnly cookies, no token in page script', async () => {
    await page.goto(stack.demoUrl(appId));
    expect((await demoState(page)).authenticated).toBe(false);
    await openLogin(page);
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
    expect(await text(page, 'demo-user-email')).toBe(email);

    const cookies = await sessionCookies();
    const base = { sameSite: 'Strict', secure: false, path: '/' };
    expect(cookies['privy-token']).toMatchObject({ ...base, httpOnly: true, domain: `.${domain}` });
    expect(cookies['privy-id-token']).toMatchObject({ ...base, httpOnly: true, domain: `.${domain}` });
    expect(cookies['privy-session']).toMatchObject({
      ...base,
      httpOnly: false,
      domain: `.${domain}`,
      value: 't',
    });
    // Host-only (no leading dot) and sent to the session routes alone.
    expect(cookies['privy-refresh-token']).toMatchObject({
      ...base,
      httpOnly: true,
      domain: `auth.${domain}`,
      path: '/api/v1/sessions',
    });

    // The login answer carried no token; neither did any other answer.
    const login = answers.find((a) => a.path === '/api/v1/passwordless/authenticate');
    expect(JSON.parse(login!.body)).toMatchObject({
      token: null,
      privy_access_token: null,
      refresh_token: null,
    });
    for (const answer of answers) {
      expect(answer.body.includes(cookies['privy-token']!.value), answer.path).toBe(false);
      expect(answer.body.includes(cookies['privy-refresh-token']!.value), answer.path).toBe(false);
    }
    await expectNoTokenVisible();
  });

  test('an authenticated call rides on the cookie, and the app’s own origin receives privy-token', async () => {
    requests.length = 0;
    await page.locator(id('demo-accept-terms')).click();
    await expect.poll(() => text(page, 'demo-user-terms')).toBe('true');
    const accept = requests.find((r) => r.url === `${stack.apiUrl}/api/v1/users/me/accept_terms`);
    expect(accept?.headers.authorization).toBeUndefined();
    expect(accept?.headers.cookie).toContain('privy-token=');
    expect(accept?.headers.cookie).not.toContain('privy-refresh-token=');

    // What the app's backend on app.latchkey.test gets: the access token, to verify itself.
    const token = (await sessionCookies())['privy-token']!.value;
    await page.evaluate(() => fetch('/api/orders').then((r) => r.text()));
    const backend = requests.find((r) => r.url === `${stack.demo.url}/api/orders`);
    expect(backend?.headers.cookie).toContain(`privy-token=${token}`);
    expect(backend?.headers.cookie).not.toContain('privy-refresh-token');
    await expectNoTokenVisible();
  });

  test('stays logged in across a reload, restored from the cookies', async () => {
    const before = await text(page, 'demo-user-id');
    answers.length = 0;
    await page.reload();
    expect(await demoState(page)).toEqual({ authenticated: true, userId: before });
    expect(await text(page, 'demo-user-email')).toBe(email);
    expect(answers.find((a) => a.path === '/api/v1/users/me')).toMatchObject({ status: 200 });
    await expectNoTokenVisible();
  });

  // The frame gets no access token: its own requests carry the session cookie (same site), and its
  // device key proves them.
  test('creates the embedded wallet and signs a message through the signing panel', async () => {
    try {
      await page.locator(id('demo-create-ethereum')).click();
      await expect
        .poll(async () => (await text(page, 'demo-last-error')) || (await text(page, 'demo-last-event')), {
          timeout: walletTimeout,
        })
        .toMatch(/^createWallet/);
      expect(await text(page, 'demo-last-error')).toBe('');
      await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible' });
      const address = (await text(page, 'demo-embedded-ethereum-0')) as `0x${string}`;

      await signDemoMessage(page, address, walletTimeout);
      await expectNoTokenVisible();
    } finally {
      // Whatever happened, leave no modal over the demo for the logout.
      if (await page.locator(id('lk-modal')).isVisible()) await page.locator(id('lk-close')).click();
    }
  });

  test('logs out: the server deletes the cookies and refuses the old ones', async () => {
    const old = await sessionCookies();
    const loggedOut = page.waitForResponse(
      (response) =>
        response.url() === `${stack.apiUrl}/api/v1/sessions/logout` && response.request().method() === 'POST',
    );
    await page.locator(id('demo-logout')).click();
    expect((await loggedOut).status()).toBe(200);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    expect(await sessionCookies()).toEqual({});
    expect((await scriptVisible()).cookie).toBe('');

    // The old cookies, replayed from outside the browser, open nothing.
    const replay = (path: string, cookie: string, method = 'GET') =>
      fetch(`${stack.server.url}${path}`, {
        method,
        headers: {
          cookie,
          origin: stack.demo.url,
          'privy-app-id': appId,
          'content-type': 'application/json',
        },
        ...(method === 'POST' ? { body: '{}' } : {}),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    expect(await replay('/api/v1/users/me', `privy-token=${old['privy-token']!.value}`)).toMatchObject({
      status: 401,
      body: { code: 'missing_or_invalid_token' },
    });
    const refresh = await replay(
      '/api/v1/sessions',
      `privy-refresh-token=${old['privy-refresh-token']!.value}`,
      'POST',
    );
    expect(refresh).toMatchObject({ status: 200, body: { session_update_action: 'clear', token: null } });

    await page.reload();
    expect((await demoState(page)).authenticated).toBe(false);
    await page.locator(id('demo-login')).waitFor({ state: 'visible' });
    expect(pageErrors).toEqual([]);
  });
});
