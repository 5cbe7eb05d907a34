/**
 * The developer dashboard in Chromium, against the real server: log in with the admin key, create an
 * app, enable Google with its OAuth client, change the accent colour and watch the modal preview
 * change (and a validation error land next to its field), find a user made by logging in through the
 * API, add and remove allowlist entries, add a webhook endpoint pointing at a local receiver and see
 * its delivery in the log, and add an endpoint for one event type.
 * Screenshots at 1280 and 390 px under artifacts/dashboard/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildDashboard } from '@latchkey/dashboard/build';
import { launchChromium } from '@latchkey/test/browser';
import {
  startTestServer,
  startWebhookReceiver,
  type TestServer,
  testAdminKey,
  testClient,
  type WebhookReceiver,
} from '@latchkey/test/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const dir = join(import.meta.dirname, '../artifacts/dashboard');

describe('dashboard', () => {
  let t: TestServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let appId = '';
  let secret = '';

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    // The current sources, built where the server serves them from.
    await buildDashboard();
    t = await startTestServer('sqlite', { listen: true });
    receiver = await startWebhookReceiver();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await t?.close();
  });

  async function open(width: number, height: number) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  }

  async function login(page: Page) {
    await page.goto(`${t.url}/dashboard`);
    await page.getByLabel('Admin key').fill('wrong-key');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid admin key');
    await page.getByLabel('Admin key').fill(testAdminKey);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Apps', exact: true }).waitFor();
  }

  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });

  /** No page wider than the viewport: nothing scrolls sideways. */
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  test('logs in, creates an app, configures login and appearance, finds a user, sees a webhook delivery (1280 px)', async () => {
    const { context, page, errors } = await open(1280, 900);
    try {
      await login(page);

      // Create an app: the secret is shown once.
      await page.locator('input[name="name"]').fill('Dashboard e2e');
      await page.locator('input[name="allowed_domain"]').fill('http://app.test');
      await page.getByRole('button', { name: 'Create app' }).click();
      const created = page.getByTestId('created-app');
      secret = (await created.getByTestId('secret').textContent()) ?? '';
      expect(secret).toMatch(/\S{20,}/);
      appId = (await created.getByRole('link').textContent()) ?? '';
      expect(appId).toMatch(/^[a-z0-9]{25}$/);
      await shoot(page, 'apps-1280');
      await created.getByRole('link').click();

      // Login methods: email, and Google with its OAuth client.
      await page.locator('input[name="email_auth"]').check();
      await page.locator('input[name="google_oauth"]').check();
      await page
        .locator('input[name="oauth_credentials.google.client_id"]')
        .fill('e2e-client.apps.example.com');
      await page.locator('input[name="oauth_credentials.google.client_secret"]').fill('e2e-google-secret');

      // The preview follows the draft: its submit button takes the accent colour.
      const submit = page.getByTestId('preview-submit');
      const background = () => submit.evaluate((el) => getComputedStyle(el).backgroundColor);
      const before = await background();
      await page.locator('input[name="accent_color"]').fill('#e11d48');
      await expect.poll(background).toBe('rgb(225, 29, 72)');
      expect(before).not.toBe('rgb(225, 29, 72)');
      await expect.poll(() => page.getByTestId('modal-preview').textContent()).toContain('Google');

      // A value the server refuses: its message next to the field.
      await page.locator('input[name="logo_url"]').fill('x'.repeat(3000));
      await page.getByRole('button', { name: 'Save changes' }).click();
      const logoError = page.getByTestId('error-logo_url');
      await expect.poll(() => logoError.textContent()).toMatch(/logo_url/);
      await page.locator('input[name="logo_url"]').fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Saved.');
      await shoot(page, 'settings-1280');

      const stored = await (
        await fetch(`${t.url}/admin/v1/apps/${appId}`, {
          headers: { authorization: `Bearer ${testAdminKey}` },
        })
      ).json();
      expect(stored).toMatchObject({ email_auth: true, google_oauth: true, accent_color: '#e11d48' });
      expect(stored.settings.oauth_credentials.google).toEqual({
        client_id: 'e2e-client.apps.example.com',
        client_secret: 'set',
      });

      // Users: one made by logging in through the API, then found by search.
      const client = testClient(t, appId, secret);
      const found = await client.loginWithEmail('found-in-dashboard@example.com');
      expect(found.status).toBe(200);
      await client.loginWithEmail('someone-else@example.com');
      await page.getByRole('link', { name: 'Users', exact: true }).click();
      await page.locator('input[name="search"]').fill('found-in');
      await page.getByRole('button', { name: 'Search' }).click();
      const results = page.getByTestId('users').getByRole('button');
      await expect.poll(() => results.count()).toBe(1);
      await results.first().click();
      await expect.poll(() => page.getByTestId('user-detail').textContent()).toContain(found.body.user.id);
      expect(await page.getByTestId('user-detail').textContent()).toContain('found-in-dashboard@example.com');
      await shoot(page, 'users-1280');

      // Allowlist: a bad value's message from the server, an entry added (stored normalised), removed.
      await page.getByRole('link', { name: 'Allowlist', exact: true }).click();
      const allowlist = page.getByTestId('allowlist');
      await page.locator('select[name="allowlist_type"]').selectOption('email');
      await page.locator('input[name="allowlist_value"]').fill('not an email');
      await page.getByRole('button', { name: 'Add entry' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/value/i);
      await page.locator('input[name="allowlist_value"]').fill('Invited@Example.com');
      await page.getByRole('button', { name: 'Add entry' }).click();
      await expect.poll(() => allowlist.textContent()).toContain('invited@example.com');
      await page.locator('select[name="allowlist_type"]').selectOption('wallet');
      await page.locator('input[name="allowlist_value"]').fill(`0x${'AB'.repeat(20)}`);
      await page.getByRole('button', { name: 'Add entry' }).click();
      await expect.poll(() => allowlist.locator('li').count()).toBe(2);
      await shoot(page, 'allowlist-1280');
      await allowlist.getByRole('button', { name: 'Remove invited@example.com' }).click();
      await expect.poll(() => allowlist.locator('li').count()).toBe(1);
      const entries = await (
        await fetch(`${t.url}/admin/v1/apps/${appId}/allowlist`, {
          headers: { authorization: `Bearer ${testAdminKey}` },
        })
      ).json();
      expect(entries.data).toMatchObject([{ type: 'wallet', value: `0x${'ab'.repeat(20)}` }]);

      // Webhooks: an endpoint at the local receiver (its secret shown once), then a delivery in the log.
      await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
      await page.locator('input[name="webhook_url"]').fill(`${receiver.url}/hooks`);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      receiver.secret = (await page.getByTestId('secret').textContent()) ?? '';
      expect(receiver.secret).toMatch(/^whsec_/);
      await client.loginWithEmail('webhook-trigger@example.com');
      await receiver.waitFor((received) => received.some((w) => w.type === 'user.created'), 20_000);
      const deliveries = page.getByTestId('deliveries');
      await expect
        .poll(
          async () => {
            await deliveries.getByRole('button', { name: 'Refresh' }).click();
            return deliveries.locator('tr[data-status="delivered"]').count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      expect(await deliveries.textContent()).toContain('user.created');
      await shoot(page, 'webhooks-1280');

      // An endpoint for one event type: the form's checked list, and the list shows its type.
      await page.locator('input[name="webhook_url"]').fill(`${receiver.url}/deleted-only`);
      await page.locator('input[name="event_types:all"]').uncheck();
      await page.locator('input[name="event_types:user.deleted"]').check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const endpoints = page.getByTestId('endpoints');
      await expect.poll(() => endpoints.locator('li').count()).toBe(2);
      const endpointText = (path: string) => endpoints.locator('li', { hasText: path }).textContent();
      expect(await endpointText('/deleted-only')).toContain('user.deleted');
      expect(await endpointText('/hooks')).toContain('all events');
      const hooks = await (
        await fetch(`${t.url}/admin/v1/apps/${appId}/webhooks`, {
          headers: { authorization: `Bearer ${testAdminKey}` },
        })
      ).json();
      const typesOf = (path: string) =>
        hooks.data.find((h: { url: string }) => h.url.endsWith(path))?.event_types;
      expect(typesOf('/hooks')).toBeNull();
      expect(typesOf('/deleted-only')).toEqual(['user.deleted']);

      // Dev outbox and keys render.
      await page.getByRole('link', { name: 'Dev outbox' }).click();
      await expect.poll(() => page.locator('.message').count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'API reference' }).click();
      await page.getByRole('heading', { name: 'API reference', exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('is usable at 390 px: nothing scrolls sideways', async () => {
    const { context, page, errors } = await open(390, 844);
    try {
      await login(page);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, 'apps-390');
      for (const tab of ['settings', 'users', 'allowlist', 'webhooks']) {
        await page.goto(`${t.url}/dashboard/#/apps/${appId}/${tab}`);
        await page.locator('.card').first().waitFor();
        await page.waitForTimeout(300);
        await shoot(page, `${tab}-390`);
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName}.${el.className}[${el.getAttribute('name') ?? ''}]`),
        );
        expect(await overflow(page), `${tab}: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
      }
      // Logging out ends the session: a reload shows the login again.
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByLabel('Admin key').waitFor();
      await page.reload();
      await page.getByLabel('Admin key').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
