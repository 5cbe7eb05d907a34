import { dialects, startTestServer, type TestServer, testOrigin } from '@latchkey/test/server';
import { createLocalJWKSet, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Every field of WIRE.md §4.4, plus created_at / updated_at (read by server-auth). */
const wireFields = [
  // Identity and branding
  'id',
  'name',
  'legal_name',
  'logo_url',
  'icon_url',
  'accent_color',
  'theme',
  'show_wallet_login_first',
  // Domains and URLs
  'allowed_domains',
  'allowed_native_app_ids',
  'allowed_native_app_url_schemes',
  'custom_api_url',
  'terms_and_conditions_url',
  'privacy_policy_url',
  'require_users_accept_terms',
  // Allowlist
  'allowlist_enabled',
  'allowlist_config',
  // Login methods
  'email_auth',
  'sms_auth',
  'whatsapp_enabled',
  'wallet_auth',
  'solana_wallet_auth',
  'google_oauth',
  'twitter_oauth',
  'twitter_oauth_on_mobile_enabled',
  'discord_oauth',
  'github_oauth',
  'spotify_oauth',
  'instagram_oauth',
  'tiktok_oauth',
  'line_oauth',
  'twitch_oauth',
  'linkedin_oauth',
  'apple_oauth',
  'farcaster_auth',
  'farcaster_link_wallets_enabled',
  'passkey_auth',
  'passkeys_for_signup_enabled',
  'telegram_auth',
  'telegram_oauth',
  'guest_auth',
  'custom_jwt_auth',
  'external_wallets_for_signup_enabled',
  // Custom OAuth
  'custom_oauth_providers',
  // Sign-up rules
  'disable_plus_emails',
  'merge_accounts_by_email',
  'max_linked_wallets_per_user',
  // Captcha
  'captcha_enabled',
  'enabled_captcha_provider',
  'captcha_site_key',
  // MFA
  'mfa_methods',
  // Wallets
  'embedded_wallet_config',
  'smart_wallet_config',
  'funding_config',
  'fiat_on_ramp_enabled',
  // Telegram
  'telegram_auth_config',
  'telegram_seamless_auth_enabled',
  // Other
  'enforce_wallet_uis',
  'legacy_wallet_ui_config',
  'wallet_connect_cloud_project_id',
  'verification_key',
  'data_classification',
  // server-auth's app settings
  'created_at',
  'updated_at',
];

/** Login methods that are off until the app turns them on. */
const offByDefault = [
  'sms_auth',
  'whatsapp_enabled',
  'wallet_auth',
  'solana_wallet_auth',
  'google_oauth',
  'twitter_oauth',
  'twitter_oauth_on_mobile_enabled',
  'discord_oauth',
  'github_oauth',
  'spotify_oauth',
  'instagram_oauth',
  'tiktok_oauth',
  'line_oauth',
  'twitch_oauth',
  'linkedin_oauth',
  'apple_oauth',
  'farcaster_auth',
  'farcaster_link_wallets_enabled',
  'passkey_auth',
  'passkeys_for_signup_enabled',
  'telegram_auth',
  'telegram_oauth',
  'guest_auth',
  'custom_jwt_auth',
];

/** Server-side settings (config-schema.ts AppServerSettings): never public. */
const serverSettingNames = [
  'settings',
  'environment',
  'user_limit',
  'custom_jwt_jwks_url',
  'custom_jwt_verification_key',
  'custom_jwt_issuer',
  'custom_jwt_audience',
  'custom_jwt_user_id_claim',
  'test_credentials_enabled',
  'test_email',
  'test_phone_number',
  'test_otp_code',
  'cookie_sessions',
  'cookie_domain',
  'secret',
  'secret_hash',
];

describe.each(dialects)('public app config (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  const get = (path: string) => t.fetch(`${path}`);

  it('returns every WIRE.md §4.4 field and no other, with the spec defaults', async () => {
    const { app } = await t.createApp();
    expect(app.id).toMatch(/^[a-z0-9]{25}$/);
    const res = await get(`/api/v1/apps/${app.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...wireFields].sort());
    expect(body).toMatchObject({
      id: app.id,
      name: 'Test app',
      legal_name: null,
      logo_url: null,
      icon_url: null,
      accent_color: null,
      theme: 'light',
      show_wallet_login_first: false,
      allowed_domains: [testOrigin],
      allowed_native_app_ids: [],
      allowed_native_app_url_schemes: [],
      custom_api_url: null,
      terms_and_conditions_url: null,
      privacy_policy_url: null,
      require_users_accept_terms: null,
      allowlist_enabled: false,
      allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
      email_auth: true,
      // Latchkey's choice: external wallets may sign up once wallet login is enabled.
      external_wallets_for_signup_enabled: true,
      custom_oauth_providers: [],
      disable_plus_emails: false,
      merge_accounts_by_email: false,
      max_linked_wallets_per_user: null,
      captcha_enabled: false,
      enabled_captcha_provider: null,
      captcha_site_key: null,
      mfa_methods: [],
      embedded_wallet_config: {
        create_on_login: 'off',
        ethereum: { create_on_login: 'off' },
        solana: { create_on_login: 'off' },
        user_owned_recovery_options: ['user-passcode'],
        require_user_owned_recovery_on_create: false,
        require_user_password_on_create: false,
        mode: 'legacy-embedded-wallets-only',
      },
      smart_wallet_config: { enabled: false },
      funding_config: null,
      fiat_on_ramp_enabled: false,
      telegram_auth_config: null,
      telegram_seamless_auth_enabled: false,
      enforce_wallet_uis: false,
      legacy_wallet_ui_config: false,
      wallet_connect_cloud_project_id: null,
      data_classification: 'public',
      created_at: app.createdAt,
      updated_at: app.updatedAt,
    });
    for (const field of offByDefault) expect(body[field], field).toBe(false);
    // Unix seconds.
    expect(body.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    expect(body.created_at).toBeGreaterThan(1_600_000_000);
  });

  it('verification_key is an SPKI PEM that verifies the access and identity tokens', async () => {
    const { app, client } = await t.createApp();
    const body = (await (await get(`/api/v1/apps/${app.id}`)).json()) as { verification_key: string };
    expect(body.verification_key).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+\n-----END PUBLIC KEY-----\n?$/,
    );
    const key = await importSPKI(body.verification_key, 'ES256');
    const login = await client.loginWithEmail('verify@example.com');
    const access = await jwtVerify(login.body.token, key, {
      algorithms: ['ES256'],
      typ: 'JWT',
      issuer: 'privy.io',
      audience: app.id,
    });
    expect(access.payload.sub).toBe(login.body.user.id);
    const identity = await jwtVerify(login.body.identity_token, key, {
      issuer: 'privy.io',
      audience: app.id,
    });
    expect(identity.payload.sub).toBe(login.body.user.id);
    // Another app's key does not verify this app's tokens.
    const other = await t.createApp();
    const otherBody = (await (await get(`/api/v1/apps/${other.app.id}`)).json()) as {
      verification_key: string;
    };
    expect(otherBody.verification_key).not.toBe(body.verification_key);
    await expect(
      jwtVerify(login.body.token, await importSPKI(otherBody.verification_key, 'ES256')),
    ).rejects.toThrow();
  });

  it('serves a JWKS that verifies the tokens and holds no private part', async () => {
    const { app, client } = await t.createApp();
    const res = await get(`/api/v1/apps/${app.id}/jwks.json`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const login = await client.loginWithEmail('jwks@example.com');
    const { payload } = await jwtVerify(login.body.token, createLocalJWKSet(jwks as never), {
      issuer: 'privy.io',
      audience: app.id,
    });
    expect(payload.sub).toBe(login.body.user.id);
    const unknown = await get(`/api/v1/apps/${'z'.repeat(25)}/jwks.json`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'missing_or_invalid_privy_app_id' });
  });

  it('an unknown or malformed app id is 404 missing_or_invalid_privy_app_id', async () => {
    const { app } = await t.createApp();
    for (const id of ['a'.repeat(25), 'nope', app.id.toUpperCase(), `${app.id}x`, app.id.slice(1)]) {
      const res = await get(`/api/v1/apps/${id}`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toMatchObject({
        code: 'missing_or_invalid_privy_app_id',
        error: expect.any(String),
      });
      expect((await get(`/api/v1/apps/${id}/jwks.json`)).status, id).toBe(404);
    }
  });

  it('is readable from any origin, with CORS', async () => {
    const { app } = await t.createApp();
    const res = await t.fetch(`/api/v1/apps/${app.id}`, {
      headers: { origin: 'https://elsewhere.test' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://elsewhere.test');
  });

  it('never publishes server settings, even when they are set', async () => {
    const pem = await exportSPKI((await generateKeyPair('ES256')).publicKey);
    // The SPKI prefix is the same for every P-256 key; the tail is this key's own.
    const pemTail = pem.replace(/-----[A-Z ]+-----|\s/g, '').slice(-40);
    const { app, secret } = await t.createApp({
      environment: 'production',
      user_limit: 10,
      test_credentials_enabled: true,
      custom_jwt_auth: true,
      custom_jwt_jwks_url: 'https://issuer.example/jwks-secret-path',
      custom_jwt_verification_key: pem,
      custom_jwt_issuer: 'https://issuer.example/iss-value',
      custom_jwt_audience: 'audience-value',
      custom_jwt_user_id_claim: 'claim-value',
    });
    const text = await (await get(`/api/v1/apps/${app.id}`)).text();
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const name of serverSettingNames) expect(body, name).not.toHaveProperty(name);
    expect(body.custom_jwt_auth).toBe(true);
    for (const value of [
      app.settings.test_otp_code,
      app.settings.test_email,
      app.settings.test_phone_number,
      'jwks-secret-path',
      'iss-value',
      'audience-value',
      'claim-value',
      pemTail,
      secret,
      app.secretHash,
    ]) {
      expect(text).not.toContain(value);
    }
  });
});
