/**
 * The developer dashboard in Chromium, against the real server: log in with the admin key, create an
 * app, configure it section by section (each section saves its own fields; the sub-navigation marks
 * unsaved ones), a custom OpenID provider, funding options, RPC endpoints and registered assets
 * through their row editors, `localhost:3000` taken as `http://localhost:3000`, the modal preview
 * following the draft, a validation error next to its field; find a user with wallets (shown as Latchkey's, not by their
 * wire value), add and remove allowlist entries, add a webhook endpoint at a local receiver (the
 * development note above it) and see its delivery, read a login code in the dev outbox, and expand a
 * route of the API reference with its curl. Server wallets: key quorums, wallets, transactions,
 * policies with a dry run, and the condition sets and aggregations a policy reads.
 * Then every page at 1280 and 390 px, one page resized: a screenshot each under artifacts/dashboard/
 * (gitignored), and nothing wider than the viewport.
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
import { generateP256KeyPair } from '@privy-io/node';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const dir = join(import.meta.dirname, '../artifacts/dashboard');

describe('dashboard', () => {
  let t: TestServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  let appId = '';
  let secret = '';
  const walletUser = 'has-wallets@example.com';

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    // The current sources, built where the server serves them from.
    await buildDashboard();
    t = await startTestServer('sqlite', { listen: true });
    receiver = await startWebhookReceiver();
    browser = await launchChromium();
    // One page for the whole file: the sweep resizes it rather than opening another.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => errors.push(error.message));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await receiver?.close();
    await t?.close();
  });

  const admin = async (path: string) =>
    (
      await fetch(`${t.url}/admin/v1${path}`, { headers: { authorization: `Bearer ${testAdminKey}` } })
    ).json();

  const section = (label: string) =>
    page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: label });
  const status = () => page.locator('.save-bar [role="status"]').textContent();
  const save = async () => {
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(status).toBe('Saved.');
  };

  test('logs in, configures an app section by section, finds a user with wallets, sees a webhook delivery (1280 px)', async () => {
    await page.goto(`${t.url}/dashboard`);
    await page.getByLabel('Admin key').fill('wrong-key');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid admin key');
    await page.getByLabel('Admin key').fill(testAdminKey);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Apps', exact: true }).waitFor();

    // Create an app: the secret is shown once.
    await page.locator('input[name="name"]').fill('Dashboard e2e');
    await page.locator('input[name="allowed_domain"]').fill('http://app.test');
    await page.getByRole('button', { name: 'Create app' }).click();
    const created = page.getByTestId('created-app');
    secret = (await created.getByTestId('secret').textContent()) ?? '';
    expect(secret).toMatch(/\S{20,}/);
    appId = (await created.getByRole('link').textContent()) ?? '';
    expect(appId).toMatch(/^[a-z0-9]{25}$/);
    await created.getByRole('link').click();

    // Login methods, the first section: email on, not saved yet.
    await page.locator('form[data-section="login-methods"]').waitFor();
    await page.locator('input[name="email_auth"]').check();
    await page.locator('input[name="sms_auth"]').check();
    expect(await status()).toBe('Unsaved changes');

    // Social providers: Google with its OAuth client, and a custom OpenID provider in rows. The
    // login section's edit is kept, and marked unsaved in the sub-navigation.
    await section('Social providers').click();
    await page.locator('form[data-section="social"]').waitFor();
    expect(await section('Login methods').getAttribute('data-unsaved')).toBe('true');
    await page.locator('input[name="google_oauth"]').check();
    await page
      .locator('input[name="oauth_credentials.google.client_id"]')
      .fill('e2e-client.apps.example.com');
    await page.locator('input[name="oauth_credentials.google.client_secret"]').fill('e2e-google-secret');
    await page.getByRole('button', { name: 'Add a provider' }).click();
    await page.locator('input[name="custom_oauth_providers.0.provider"]').fill('Acme!');
    await expect.poll(() => page.locator('.row-problem').first().textContent()).toMatch(/a–z, 0–9/);
    await page.locator('input[name="custom_oauth_providers.0.provider"]').fill('acme');
    await page.locator('input[name="custom_oauth_providers.0.provider_display_name"]').fill('Acme');
    await save();
    // Only this section's fields went: the login section still has its edit, unsaved.
    const stored = await admin(`/apps/${appId}`);
    expect(stored).toMatchObject({
      google_oauth: true,
      sms_auth: false,
      custom_oauth_providers: [
        { provider: 'custom:acme', provider_display_name: 'Acme', provider_icon_url: null, enabled: true },
      ],
    });
    expect(stored.settings.oauth_credentials.google).toEqual({
      client_id: 'e2e-client.apps.example.com',
      client_secret: 'set',
    });
    // The saved custom provider gets its client's fields.
    await page.locator('input[name="oauth_credentials.custom:acme.issuer"]').waitFor();
    await section('Login methods').click();
    expect(await status()).toBe('Unsaved changes');
    await save();
    expect(await section('Login methods').getAttribute('data-unsaved')).toBeNull();
    expect(await admin(`/apps/${appId}`)).toMatchObject({ email_auth: true, sms_auth: true });

    // Appearance: the preview (the modal's own, in its shadow root) follows the draft: the accent, the methods.
    await section('Appearance').click();
    const preview = page.getByTestId('modal-preview');
    const accent = () => preview.evaluate((el) => getComputedStyle(el).getPropertyValue('--lk-accent'));
    const before = await accent();
    await page.locator('input[name="accent_color"]').fill('#e11d48');
    await expect.poll(accent).toBe('#e11d48');
    expect(before).not.toBe('#e11d48');
    await preview.getByTestId('lk-login-method-google').waitFor();
    expect(await preview.getByTestId('lk-email-input').isVisible()).toBe(true);
    // A value the server refuses: its message next to the field.
    await page.locator('input[name="logo_url"]').fill('x'.repeat(3000));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('error-logo_url').textContent()).toMatch(/logo_url/);
    await page.locator('input[name="logo_url"]').fill('');
    await save();
    expect(await admin(`/apps/${appId}`)).toMatchObject({ accent_color: '#e11d48', logo_url: null });

    // Domains: localhost:3000 is read as http://localhost:3000, said so, and stored so.
    await section('Domains & native apps').click();
    await page.getByRole('button', { name: 'Add a domain' }).click();
    const domain = page.locator('input[name="allowed_domains.1"]');
    await domain.fill('localhost:3000');
    await expect.poll(() => page.getByTestId('normalised').textContent()).toContain('http://localhost:3000');
    await domain.blur();
    await expect.poll(() => domain.inputValue()).toBe('http://localhost:3000');
    await save();
    expect((await admin(`/apps/${appId}`)).allowed_domains).toEqual([
      'http://app.test',
      'http://localhost:3000',
    ]);

    // Funding: on-ramps and options as switches, the preferred card provider, the default chain
    // (the server's chain-list message shown until it is one funding serves), the MoonPay keys.
    await section('Funding').click();
    await page.locator('input[name="funding_config.methods:moonpay"]').check();
    await page.locator('input[name="funding_config.options:card:moonpay"]').check();
    await page.locator('input[name="funding_config.options:card:coinbase"]').check();
    await page.locator('input[name="funding_config.options:wallets:external"]').check();
    await page.locator('select[name="preferred-card-provider"]').selectOption('coinbase');
    await page.locator('input[name="funding_config.prompt_funding_on_wallet_creation"]').check();
    await page.locator('input[name="funding_config.default_recommended_currency.chain"]').fill('eip155:999');
    await page.locator('input[name="funding_config.default_recommended_amount"]').fill('0.1');
    await page.locator('input[name="moonpay_publishable_key"]').fill('pk_test_e2e');
    await page.locator('input[name="moonpay_secret_key"]').fill('sk_test_e2e');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(status).toContain('Funding chain 999 is not in LatchkeyProvider chains list');
    await page.locator('input[name="funding_config.default_recommended_currency.chain"]').fill('eip155:8453');
    await save();
    const funded = await admin(`/apps/${appId}`);
    expect(funded.funding_config).toMatchObject({
      methods: ['moonpay'],
      options: [
        { method: 'card', provider: 'coinbase' },
        { method: 'card', provider: 'moonpay' },
        { method: 'wallets', provider: 'external' },
      ],
      default_recommended_amount: '0.1',
      default_recommended_currency: { chain: 'eip155:8453' },
      prompt_funding_on_wallet_creation: true,
    });
    expect(funded.settings).toMatchObject({
      moonpay_publishable_key: 'pk_test_e2e',
      moonpay_secret_key: 'set',
    });

    // Server wallets: an RPC endpoint as a chain and URL row; registered assets as rows whose id
    // field follows their type, a row the server would refuse saying why before it is saved.
    await section('Server wallets').click();
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    await page.locator('input[name="rpc_urls.0.key"]').fill('eip155:8453');
    await page.locator('input[name="rpc_urls.0.value"]').fill('https://base.example/key');
    await page.getByRole('button', { name: 'Add an asset' }).click();
    await page.locator('input[name="registered_assets.0.caip2"]').fill('eip155:8453');
    await page.locator('input[name="registered_assets.0.address"]').fill('0x12');
    await expect.poll(() => page.locator('.row-problem').first().textContent()).toMatch(/40 hex/);
    await page
      .locator('input[name="registered_assets.0.address"]')
      .fill('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
    await page.getByRole('button', { name: 'Add an asset' }).click();
    await page.locator('select[name="registered_assets.1.type"]').selectOption('spl');
    await page
      .locator('input[name="registered_assets.1.caip2"]')
      .fill('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    await page
      .locator('input[name="registered_assets.1.mint"]')
      .fill('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    await save();
    expect((await admin(`/apps/${appId}`)).settings).toMatchObject({
      rpc_urls: { 'eip155:8453': 'https://base.example/key' },
      registered_assets: [
        { caip2: 'eip155:8453', type: 'erc20', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
        {
          caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          type: 'spl',
          mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        },
      ],
    });

    // Users: one made by logging in through the API, with wallets the app's backend made for it.
    const client = testClient(t, appId, secret);
    const found = await client.loginWithEmail(walletUser);
    expect(found.status).toBe(200);
    await client.loginWithEmail('someone-else@example.com');
    const pregenerated = await fetch(`${t.url}/api/v1/apps/${appId}/users/wallet`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
        'privy-app-id': appId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        user_id: found.body.user.id,
        create_ethereum_wallet: true,
        create_solana_wallet: true,
      }),
    });
    expect(pregenerated.status, await pregenerated.clone().text()).toBe(200);
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await openWalletUser();
    const detail = page.getByTestId('user-detail');
    expect(await detail.textContent()).toContain(found.body.user.id);
    expect(await detail.textContent()).toContain(walletUser);
    // Embedded wallets in Latchkey's words, not the wire's `privy`.
    expect(await detail.textContent()).toContain('Latchkey (embedded)');
    expect(await detail.textContent()).not.toMatch(/\bprivy\b(?!:)/);

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
    await allowlist.getByRole('button', { name: 'Remove invited@example.com' }).click();
    await expect.poll(() => allowlist.locator('li').count()).toBe(1);
    const entries = await admin(`/apps/${appId}/allowlist`);
    expect(entries.data).toMatchObject([{ type: 'wallet', value: `0x${'ab'.repeat(20)}` }]);

    // Webhooks: the development note, an endpoint at the local receiver (its secret shown once),
    // then a delivery in the log.
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    expect(await page.getByTestId('development-webhooks').textContent()).toMatch(/development mode/);
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
    const hooks = await admin(`/apps/${appId}/webhooks`);
    const typesOf = (path: string) =>
      hooks.data.find((h: { url: string }) => h.url.endsWith(path))?.event_types;
    expect(typesOf('/hooks')).toBeNull();
    expect(typesOf('/deleted-only')).toEqual(['user.deleted']);

    // Dev outbox: each message's code on its own line, apart from the time.
    await page.getByRole('link', { name: 'Dev outbox' }).click();
    await expect.poll(() => page.locator('.message').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('login-code').first().textContent()).toMatch(/^\d{6}$/);

    // The API reference: by area, a route expanded with its request, errors and a curl for this app.
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.getByRole('heading', { name: 'API reference', exact: true }).waitFor();
    await page.locator('input[name="route_filter"]').fill('passwordless init');
    const route = page.locator('details[data-route="POST /api/v1/passwordless/init"]');
    await route.locator('summary').click();
    expect(await route.textContent()).toContain('missing_or_invalid_privy_app_id');
    const curl = (await route.getByTestId('curl').textContent()) ?? '';
    expect(curl).toContain(`${t.url}/api/v1/passwordless/init`);
    expect(curl).toContain(`privy-app-id: ${appId}`);
    expect(curl).toContain('Origin: http://app.test');
    await route.getByRole('button', { name: /^Copy curl/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);
    expect(errors).toEqual([]);
  });

  test('server wallets: a key quorum and a wallet made here, a backend wallet with its send, a policy with its dry run (1280 px)', async () => {
    // A wallet the backend made, with a confirmed send (its record written as the sender writes one).
    const made = await fetch(`${t.url}/api/v1/wallets`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
        'privy-app-id': appId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ chain_type: 'ethereum', display_name: 'Backend wallet' }),
    });
    const backend = (await made.json()) as { id: string; address: string };
    expect(made.status).toBe(200);
    const hash = `0x${'ab'.repeat(32)}`;
    const now = Date.now();
    await t.ctx.db
      .insertInto('server_wallet_transactions')
      .values({
        id: '6f1c2a3b-0000-4000-8000-00000000e2e0',
        app_id: appId,
        wallet_id: backend.id,
        caip2: 'eip155:8453',
        chain_type: 'ethereum',
        status: 'confirmed',
        transaction_hash: hash,
        nonce: 0,
        raw_transaction: '0x00',
        transaction_request: '{}',
        reference_id: 'e2e-order-1',
        sender: backend.address,
        recipient: '0x000000000000000000000000000000000000dEaD',
        value: '1000',
        block_number: 12,
        block_timestamp: now,
        broadcast_at: now,
        missing_since: null,
        still_pending_sent: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();

    await page.goto(`${t.url}/dashboard/#/apps/${appId}/settings`);
    await page.locator('form[data-section]').waitFor();

    // Key quorums: none yet (the empty state says what to do), one made from a pasted key.
    await page.getByRole('link', { name: 'Key quorums', exact: true }).click();
    await page.getByTestId('empty-state').waitFor();
    const { publicKey } = await generateP256KeyPair();
    await page.locator('textarea[name="quorum_public_keys"]').fill(`${publicKey}\n`);
    await page.locator('input[name="quorum_threshold"]').fill('1');
    await page.locator('input[name="quorum_display_name"]').fill('E2E ops');
    await page.getByRole('button', { name: 'Create key quorum' }).click();
    await expect.poll(() => page.getByTestId('quorum-detail').textContent()).toContain('E2E ops');
    expect(await page.getByTestId('quorum-detail').textContent()).toContain(publicKey);

    // Policies: a field the server refuses, its message beside it; then saved, and dry-run.
    await page.getByRole('link', { name: 'Policies', exact: true }).click();
    await page.getByRole('button', { name: 'New ethereum policy' }).click();
    await page.locator('input[name="policy_name"]').fill('E2E limits');
    await page.locator('input[name="rules.0.name"]').fill('Up to 0.01 ETH');
    await page.locator('input[name="rules.0.conditions.0.field"]').fill('nope');
    await page.locator('input[name="rules.0.conditions.0.value"]').fill('10000000000000000');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await expect
      .poll(() => page.getByTestId('error-rules.0.conditions.0.field').textContent())
      .toMatch(/not a field/);
    await page.locator('input[name="rules.0.conditions.0.field"]').fill('value');
    await page.getByRole('button', { name: 'Create policy' }).click();
    const dryRun = page.getByTestId('dry-run');
    await dryRun.waitFor();
    // The example body sends 0.01 ETH: allowed by the rule; 0.02 ETH: no rule allows it.
    await dryRun.getByRole('button', { name: 'Dry run' }).click();
    await expect.poll(() => page.getByTestId('decision').textContent()).toBe('ALLOW');
    expect(await page.getByTestId('trace').textContent()).toContain('Up to 0.01 ETH');
    const body = await page.locator('textarea[name="dry_run_body"]').inputValue();
    await page
      .locator('textarea[name="dry_run_body"]')
      .fill(body.replace('0x2386f26fc10000', '0x470de4df820000'));
    await dryRun.getByRole('button', { name: 'Dry run' }).click();
    await expect.poll(() => page.getByTestId('decision').textContent()).toBe('DENY');
    expect(await page.getByTestId('dry-run-result').textContent()).toMatch(/seen 20000000000000000/);
    expect((await admin(`/apps/${appId}/policies`)).data).toMatchObject([
      { name: 'E2E limits', owner_id: null },
    ]);

    // Wallets: one made here, owned by the quorum (read-only then), the backend's with its send.
    await page.getByRole('link', { name: 'Wallets', exact: true }).click();
    await page.locator('input[name="wallet_display_name"]').fill('Dashboard treasury');
    await page.locator('select[name="wallet_owner"]').selectOption({ label: 'E2E ops' });
    await page.locator('select[name="wallet_policy"]').selectOption({ label: 'E2E limits' });
    await page.getByRole('button', { name: 'Create wallet' }).click();
    const walletDetail = page.getByTestId('wallet-detail');
    await expect.poll(() => walletDetail.textContent()).toContain('Dashboard treasury');
    await page.getByTestId('owned-note').waitFor();
    expect(await walletDetail.textContent()).toContain('E2E ops');
    expect(await walletDetail.getByRole('link', { name: 'E2E limits' }).count()).toBe(1);
    const wallets = page.getByTestId('wallets');
    await expect.poll(() => wallets.locator('li').count()).toBe(2);
    await wallets.getByRole('button', { name: /Backend wallet/ }).click();
    await expect.poll(() => walletDetail.textContent()).toContain(backend.address);
    expect(await walletDetail.locator('tr[data-status="confirmed"]').count()).toBe(1);
    expect(await walletDetail.textContent()).toContain('None: the app secret alone');

    // Transactions: found by its reference id, opened with its hash and chain.
    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    await page.locator('input[name="filter_reference_id"]').fill('e2e-order-1');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByTestId('transactions').locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: hash }).click();
    const txDetail = page.getByTestId('transaction-detail');
    expect(await txDetail.textContent()).toContain(hash);
    expect(await txDetail.textContent()).toContain('eip155:8453');
    await page.locator('input[name="filter_reference_id"]').fill('nothing-like-it');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByTestId('transactions').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('policy resources: a condition set with two values used by a policy condition, an aggregation a rule can read (1280 px)', async () => {
    const payee = '0x000000000000000000000000000000000000dEaD';
    await page.goto(`${t.url}/dashboard/#/apps/${appId}/condition-sets`);
    await page.getByTestId('empty-state').waitFor();
    await page.locator('input[name="condition_set_name"]').fill('E2E payees');
    await page.getByRole('button', { name: 'Create condition set' }).click();
    const set = page.getByTestId('condition-set-detail');
    await set.waitFor();
    // A value over the server's limit: its message beside the values, naming it; then two values (one repeated).
    await page.locator('textarea[name="condition_set_values"]').fill('x'.repeat(600));
    await page.getByRole('button', { name: 'Add values' }).click();
    await expect.poll(() => page.getByTestId('error-items').textContent()).toMatch(/^“x{40}…”: /);
    await page
      .locator('textarea[name="condition_set_values"]')
      .fill(`${payee}\n0x52908400098527886E0F7030069857D2E4169EE7\n${payee}`);
    await page.getByRole('button', { name: 'Add values' }).click();
    await expect.poll(() => set.getByTestId('condition-set-items').locator('li').count()).toBe(2);
    await expect.poll(() => page.getByTestId('condition-sets').textContent()).toContain('2 items');
    const [stored] = (await admin(`/apps/${appId}/condition_sets`)).data as { id: string }[];

    // A policy condition offers the set by name; the dry run's recipient (dEaD) is in it.
    await page.getByRole('link', { name: 'Policies', exact: true }).click();
    await page.getByRole('button', { name: 'New ethereum policy' }).click();
    await page.locator('input[name="policy_name"]').fill('E2E payees only');
    await page.locator('input[name="rules.0.name"]').fill('To a payee');
    await page.locator('input[name="rules.0.conditions.0.field"]').fill('to');
    await page.locator('select[name="rules.0.conditions.0.operator"]').selectOption('in_condition_set');
    await page
      .locator('select[name="rules.0.conditions.0.value"]')
      .selectOption({ label: 'E2E payees (2 items)' });
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByTestId('dry-run').getByRole('button', { name: 'Dry run' }).click();
    await expect.poll(() => page.getByTestId('decision').textContent()).toBe('ALLOW');
    const policies = (await admin(`/apps/${appId}/policies`)).data as { name: string; rules: unknown[] }[];
    expect(policies.find((p) => p.name === 'E2E payees only')?.rules).toMatchObject([
      { conditions: [{ operator: 'in_condition_set', value: stored?.id }] },
    ]);

    // Aggregations: a window the server refuses, its message beside it; then made, with its reference.
    await page.getByRole('link', { name: 'Aggregations', exact: true }).click();
    await page.getByRole('button', { name: 'New aggregation' }).click();
    await page.locator('input[name="aggregation_name"]').fill('E2E daily sends');
    await page.locator('input[name="aggregation_window_seconds"]').fill('60');
    await page.getByRole('button', { name: 'Create aggregation' }).click();
    await expect.poll(() => page.getByTestId('error-window.seconds').textContent()).toMatch(/3600/);
    await page.locator('input[name="aggregation_window_seconds"]').fill('86400');
    await page.getByRole('button', { name: 'Create aggregation' }).click();
    const aggregation = page.getByTestId('aggregation-detail');
    await expect.poll(() => aggregation.textContent()).toMatch(/aggregation\.[a-z0-9]{24}/);
    const [made] = (await admin(`/apps/${appId}/aggregations`)).data as { id: string }[];
    expect(await page.getByTestId('aggregations').textContent()).toContain(
      'sum of ethereum_transaction.value of eth_sendTransaction over 24 h',
    );

    // The policy editor offers it as the field of `reference`.
    await page.getByRole('link', { name: 'Policies', exact: true }).click();
    await page
      .getByTestId('policies')
      .getByRole('button', { name: /E2E payees only/ })
      .click();
    // The editor reads the aggregations when it opens: pick `reference` again until they are in (the
    // field takes the first one only once the list has arrived).
    const source = page.locator('select[name="rules.0.conditions.0.field_source"]');
    await expect
      .poll(async () => {
        await source.selectOption('ethereum_transaction');
        await source.selectOption('reference');
        return page.locator('input[name="rules.0.conditions.0.field"]').inputValue();
      })
      .toBe(`aggregation.${made?.id}`);
    expect(errors).toEqual([]);
  });

  /** Users: search for the user with wallets and open it. */
  async function openWalletUser() {
    await page.locator('input[name="search"]').fill('has-wallets');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByTestId('users').getByRole('button');
    await expect.poll(() => results.count()).toBe(1);
    await results.first().click();
    await expect.poll(() => page.getByTestId('user-detail').locator('.account').count()).toBeGreaterThan(2);
  }

  test('every page at 1280 and 390 px: nothing scrolls sideways', async () => {
    const app = (...rest: string[]) => `${t.url}/dashboard/#/apps/${appId}/${rest.join('/')}`;
    await page.goto(app('settings'));
    await page.locator('form[data-section]').waitFor();
    const sections = await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).hash.split('/').at(-1) ?? ''));
    expect(sections.length).toBeGreaterThanOrEqual(10);

    /** Each page: its address, what shows it is ready, what to do there first, and a full-page shot. */
    const pages: {
      name: string;
      url: string;
      ready: string;
      prepare?: () => Promise<unknown>;
      full?: false;
    }[] = [
      { name: 'apps', url: `${t.url}/dashboard/#/apps`, ready: 'h1' },
      ...sections.map((id) => ({
        name: `settings-${id}`,
        url: app('settings', id),
        ready: `form[data-section="${id}"]`,
      })),
      { name: 'users', url: app('users'), ready: '[data-testid="users"] li' },
      { name: 'user-detail', url: app('users'), ready: '[data-testid="users"] li', prepare: openWalletUser },
      { name: 'allowlist', url: app('allowlist'), ready: '[data-testid="allowlist"]' },
      { name: 'webhooks', url: app('webhooks'), ready: '[data-testid="endpoints"] li' },
      { name: 'outbox', url: app('outbox'), ready: '.message' },
      { name: 'keys', url: app('keys'), ready: '.card' },
      { name: 'wallets', url: app('wallets'), ready: '[data-testid="wallets"] li' },
      {
        name: 'wallet-detail',
        url: app('wallets'),
        ready: '[data-testid="wallets"] li',
        prepare: async () => {
          await page
            .getByTestId('wallets')
            .getByRole('button', { name: /Backend wallet/ })
            .click();
          await page.getByTestId('wallet-detail').locator('tbody tr').first().waitFor();
        },
      },
      { name: 'key-quorums', url: app('key-quorums'), ready: '[data-testid="quorums"] li' },
      { name: 'transactions', url: app('transactions'), ready: '[data-testid="transactions"] tbody tr' },
      { name: 'policies', url: app('policies'), ready: '[data-testid="policies"] li' },
      {
        name: 'condition-sets',
        url: app('condition-sets'),
        ready: '[data-testid="condition-sets"] li',
        prepare: async () => {
          await page.getByTestId('condition-sets').getByRole('button').first().click();
          await page.getByTestId('condition-set-items').locator('li').first().waitFor();
        },
      },
      {
        name: 'aggregation-form',
        url: app('aggregations'),
        ready: '[data-testid="aggregations"] li',
        prepare: async () => {
          await page.getByRole('button', { name: 'New aggregation' }).click();
          await page.getByRole('button', { name: 'Add a group_by field' }).click();
          await page.getByRole('button', { name: 'Add a condition' }).click();
        },
      },
      {
        name: 'policy-editor',
        url: app('policies'),
        ready: '[data-testid="policies"] li',
        prepare: async () => {
          await page.getByTestId('policies').getByRole('button').first().click();
          await page.getByTestId('dry-run').getByRole('button', { name: 'Dry run' }).click();
          await page.getByTestId('decision').waitFor();
        },
      },
      // Every route listed (a long page: the viewport's shot), then one route expanded.
      { name: 'api-reference', url: `${t.url}/dashboard/#/api`, ready: 'details.route', full: false },
      {
        name: 'api-reference-route',
        url: `${t.url}/dashboard/#/api`,
        ready: 'details.route',
        prepare: async () => {
          await page.locator('input[name="route_filter"]').fill('passwordless');
          await page.locator('details[data-route="POST /api/v1/passwordless/init"] summary').click();
        },
      },
    ];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const { name, url, ready, prepare, full } of pages) {
        await page.goto(url);
        await page.locator(ready).first().waitFor();
        await prepare?.();
        await page.screenshot({
          path: join(dir, `${name}-${width}.png`),
          fullPage: full ?? true,
          animations: 'disabled',
        });
        const overflow = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          wide: [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName}.${el.className}[${el.getAttribute('name') ?? ''}]`),
        }));
        expect(overflow.scrollWidth, `${name} at ${width}: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(
          overflow.innerWidth,
        );
      }
    }
    expect(pages.length).toBeGreaterThanOrEqual(25);

    // Logging out ends the session: a reload shows the login again.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Admin key').waitFor();
    await page.reload();
    await page.getByLabel('Admin key').waitFor();
    expect(errors).toEqual([]);
  });
});
