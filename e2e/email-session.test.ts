/**
 * Email login through the modal on the real server, then the session's life in the demo app:
 * reload and stay logged in, a silent refresh once the access token is past its expiry, log out.
 */

import {
  codeFromMail,
  demoState,
  enterCode,
  id,
  jwtPayload,
  modalClosed,
  openLogin,
  type Stack,
  startStack,
  stored,
  submitEmail,
  text,
} from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * Short access tokens: the client treats a token as inactive 30 s before `exp`, so this one is used for
 * ~2 s, then refreshed on next use.
 */
const accessTokenTtlSeconds = 32;
const clientMarginSeconds = 30;

describe('email login and the session in the browser', () => {
  let stack: Stack;
  let page: Page;
  let pageErrors: string[];
  let appId: string;
  const email = 'Ada.Lovelace@Example.com';
  /** Every answer to a POST the page made to the server's session routes, in order. */
  const sessionCalls: { path: string; at: number; status: number; token: string | null }[] = [];

  beforeAll(async () => {
    stack = await startStack({ accessTokenTtlSeconds });
    appId = await stack.createApp({ email_auth: true });
    ({ page, errors: pageErrors } = await stack.newPage());
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (response.request().method() !== 'POST' || url.origin !== stack.server.url) return;
      if (!url.pathname.startsWith('/api/v1/sessions')) return;
      const at = Date.now();
      const body = (await response.json().catch(() => ({}))) as { token?: string };
      sessionCalls.push({ path: url.pathname, at, status: response.status(), token: body.token ?? null });
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Status of GET /api/v1/users/me with `token`, sent as the demo's origin would. */
  async function usersMe(token: string): Promise<number> {
    const response = await fetch(`${stack.server.url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${token}`, 'privy-app-id': appId, origin: stack.demo.url },
    });
    await response.arrayBuffer();
    return response.status;
  }

  test('logs in with the code from the mail the SMTP listener received', async () => {
    await page.goto(stack.demoUrl(appId));
    expect((await demoState(page)).authenticated).toBe(false);
    await openLogin(page);
    expect(await text(page, 'lk-screen-landing')).toContain('Log in or sign up');

    await submitEmail(page, email);
    expect(await text(page, 'lk-screen-code')).toContain('Enter confirmation code');
    // The server lower-cases the address; the mail went to the real SMTP listener.
    const code = await codeFromMail(stack.smtp, email.toLowerCase());
    await enterCode(page, code);

    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
    expect(await text(page, 'demo-user-email')).toBe(email.toLowerCase());
    expect(await text(page, 'demo-user-id')).toMatch(/^did:privy:/);
    await expect.poll(() => text(page, 'demo-access-token')).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    const token = await text(page, 'demo-access-token');
    expect(jwtPayload(token).aud).toBe(appId);
    // The SDK keeps the session where WIRE.md §1.4 says.
    expect(await stored(page, 'privy:token')).toBe(token);
    expect(await stored(page, 'privy:refresh_token')).toBeTruthy();
  });

  test('stays logged in across a reload', async () => {
    const before = await text(page, 'demo-user-id');
    await page.reload();
    const after = await demoState(page);
    expect(after).toEqual({ authenticated: true, userId: before });
    expect(await text(page, 'demo-user-email')).toBe(email.toLowerCase());
    await expect(page.locator(id('lk-modal')).isVisible()).resolves.toBe(false);
  });

  test('refreshes the session silently once the access token is past its expiry', async () => {
    await expect.poll(() => text(page, 'demo-access-token')).not.toBe('');
    const oldToken = await text(page, 'demo-access-token');
    const exp = Number(jwtPayload(oldToken).exp);
    const inactiveAt = (exp - clientMarginSeconds) * 1000;
    // The server's clock moves past the token's expiry (it now refuses it) rather than the test waiting
    // 30 s for it; the page's clock runs on, and the client finds the token inactive once `inactiveAt`
    // comes, 2 s after it was issued.
    stack.server.advance(Math.max(0, exp + 1 - Math.floor(Date.now() / 1000)));
    expect(await usersMe(oldToken)).toBe(401);
    await page.waitForTimeout(Math.max(0, inactiveAt - Date.now()));

    await page.locator(id('demo-get-token')).click();
    await expect.poll(() => text(page, 'demo-access-token'), { timeout: 10_000 }).not.toBe(oldToken);
    const newToken = await text(page, 'demo-access-token');
    expect(Number(jwtPayload(newToken).exp)).toBeGreaterThan(exp);
    expect(jwtPayload(newToken).sub).toBe(jwtPayload(oldToken).sub);
    expect(await usersMe(newToken)).toBe(200);
    // The new token came from POST /api/v1/sessions (a refresh), made after the old one went inactive.
    const refresh = sessionCalls.find((c) => c.path === '/api/v1/sessions' && c.token === newToken);
    expect(refresh).toMatchObject({ status: 200 });
    expect(refresh!.at).toBeGreaterThanOrEqual(inactiveAt);
    // Silent: still logged in as the same user, no modal.
    expect(await text(page, 'demo-authenticated')).toBe('true');
    expect(await text(page, 'demo-user-email')).toBe(email.toLowerCase());
    expect(await page.locator(id('lk-modal')).isVisible()).toBe(false);
    expect(await stored(page, 'privy:token')).toBe(newToken);
  });

  test('logs out', async () => {
    const loggedOut = page.waitForResponse(
      (response) =>
        response.url() === `${stack.server.url}/api/v1/sessions/logout` &&
        response.request().method() === 'POST',
    );
    await page.locator(id('demo-logout')).click();
    expect((await loggedOut).status()).toBe(200);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    expect(await text(page, 'demo-user-id')).toBe('');
    expect(await text(page, 'demo-access-token')).toBe('');
    expect(await stored(page, 'privy:token')).toBeNull();
    expect(await stored(page, 'privy:refresh_token')).toBeNull();

    await page.reload();
    expect((await demoState(page)).authenticated).toBe(false);
    await page.locator(id('demo-login')).waitFor({ state: 'visible' });
    expect(pageErrors).toEqual([]);
  });

  test('a page whose origin the app does not allow: not ready, the error shown, the fix in the console', async () => {
    const elsewhere = await stack.createApp({
      email_auth: true,
      allowed_domains: ['https://shop.example.org'],
    });
    const other = await stack.newPage();
    const warnings: string[] = [];
    other.page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await other.page.goto(stack.demoUrl(elsewhere));
    await other.page.locator(id('demo-setup-error')).waitFor({ state: 'visible' });
    expect(await text(other.page, 'demo-ready')).toBe('false');
    expect(await other.page.locator(id('demo-login')).isDisabled()).toBe(true);
    const fix = `npx latchkey apps update ${elsewhere} --set 'allowed_domains=${JSON.stringify(['https://shop.example.org', stack.demo.url])}'`;
    expect(await text(other.page, 'demo-setup-error')).toContain(fix);
    expect(warnings.filter((w) => w.startsWith('Latchkey:'))).toEqual([
      expect.stringContaining(
        `this page's origin ${stack.demo.url} is not in the allowed_domains of app ${elsewhere}`,
      ),
    ]);
    expect(warnings[0]).toContain(`Add it: ${fix}`);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});
