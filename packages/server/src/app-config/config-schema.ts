import {
  type AppConfigFields,
  type AppServerSettings,
  appEnvironments,
  captchaProviders,
  createOnLoginValues,
  defaultAppConfig,
  embeddedWalletModes,
  mfaMethodTypes,
  normaliseAllowedDomain,
  userOwnedRecoveryOptions,
} from '@latchkey/protocol';
import { z } from 'zod';
import { featureSettingFields } from './feature-settings.ts';
import { fundingConfigPatch } from './funding-config.ts';
import { oauthCredentialsPatch } from './oauth-credentials.ts';

const createOnLogin = z.enum(createOnLoginValues);
const url = z.string().max(2048);
const nullableUrl = url.nullable();

/**
 * An origin such as `https://app.example.com`, or a wildcard host `https://*.example.com`; what a
 * person types is read leniently where it is unambiguous (`localhost:3000` is
 * `http://localhost:3000`, `app.example.com` is `https://app.example.com`: normaliseAllowedDomain),
 * so the admin API, the CLI and the dashboard store the same origin.
 */
export const allowedDomain = z
  .string()
  .max(255)
  .transform(normaliseAllowedDomain)
  .pipe(
    z
      .string()
      .regex(
        /^(https?|chrome-extension):\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i,
        'must be an origin like https://example.com',
      ),
  );

/**
 * Settings that would promise users a protection this server does not provide yet: refused with
 * these texts rather than stored and published as if they were in force.
 */
export const unenforced = {
  mfa_methods: 'email is not an MFA method this server offers (sms, totp and passkey are)',
} as const;

/** Schema of every public config field (WIRE.md §4.4), each one optional for partial updates. */
export const appConfigPatch = z
  .object({
    name: z.string().min(1).max(100),
    legal_name: z.string().max(200).nullable(),
    logo_url: nullableUrl,
    icon_url: nullableUrl,
    accent_color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i, 'must be a hex colour like #676FFF')
      .nullable(),
    theme: z.string().max(20),
    show_wallet_login_first: z.boolean(),
    allowed_domains: z.array(allowedDomain).max(100),
    allowed_native_app_ids: z.array(z.string().max(255)).max(100),
    allowed_native_app_url_schemes: z.array(z.string().max(255)).max(100),
    terms_and_conditions_url: nullableUrl,
    privacy_policy_url: nullableUrl,
    require_users_accept_terms: z.boolean().nullable(),
    allowlist_enabled: z.boolean(),
    allowlist_config: z
      .object({
        error_title: z.string().max(200).nullable(),
        error_detail: z.string().max(500).nullable(),
        cta_text: z.string().max(100).nullable(),
        cta_link: nullableUrl,
      })
      .partial()
      .strict(),
    email_auth: z.boolean(),
    sms_auth: z.boolean(),
    whatsapp_enabled: z.boolean(),
    wallet_auth: z.boolean(),
    solana_wallet_auth: z.boolean(),
    google_oauth: z.boolean(),
    twitter_oauth: z.boolean(),
    twitter_oauth_on_mobile_enabled: z.boolean(),
    discord_oauth: z.boolean(),
    github_oauth: z.boolean(),
    spotify_oauth: z.boolean(),
    instagram_oauth: z.boolean(),
    tiktok_oauth: z.boolean(),
    line_oauth: z.boolean(),
    twitch_oauth: z.boolean(),
    linkedin_oauth: z.boolean(),
    apple_oauth: z.boolean(),
    farcaster_auth: z.boolean(),
    farcaster_link_wallets_enabled: z.boolean(),
    passkey_auth: z.boolean(),
    passkeys_for_signup_enabled: z.boolean(),
    telegram_auth: z.boolean(),
    telegram_oauth: z.boolean(),
    guest_auth: z.boolean(),
    custom_jwt_auth: z.boolean(),
    external_wallets_for_signup_enabled: z.boolean(),
    custom_oauth_providers: z
      .array(
        z.object({
          provider: z.string().regex(/^custom:[a-z0-9_-]{1,50}$/) as z.ZodType<
            `custom:${string}`,
            `custom:${string}`
          >,
          provider_display_name: z.string().max(100),
          provider_icon_url: nullableUrl,
          enabled: z.boolean(),
        }),
      )
      .max(20),
    disable_plus_emails: z.boolean(),
    merge_accounts_by_email: z.boolean(),
    max_linked_wallets_per_user: z.number().int().min(1).max(100).nullable(),
    captcha_enabled: z.boolean(),
    enabled_captcha_provider: z.enum(captchaProviders).nullable(),
    captcha_site_key: z.string().max(200).nullable(),
    mfa_methods: z
      .array(z.enum(mfaMethodTypes))
      .max(4)
      .refine((methods) => !methods.includes('email'), unenforced.mfa_methods),
    embedded_wallet_config: z
      .object({
        create_on_login: createOnLogin,
        ethereum: z.object({ create_on_login: createOnLogin }).strict(),
        solana: z.object({ create_on_login: createOnLogin }).strict(),
        user_owned_recovery_options: z.array(z.enum(userOwnedRecoveryOptions)).max(3),
        require_user_owned_recovery_on_create: z.boolean(),
        require_user_password_on_create: z.boolean(),
        mode: z.enum(embeddedWalletModes),
      })
      .partial()
      .strict(),
    smart_wallet_config: z.object({ enabled: z.boolean() }).passthrough(),
    funding_config: fundingConfigPatch,
    fiat_on_ramp_enabled: z.boolean(),
    telegram_auth_config: z
      .object({
        bot_id: z.string().max(100),
        bot_name: z.string().max(100),
        link_enabled: z.boolean(),
        seamless_auth_enabled: z.boolean(),
      })
      .nullable(),
    telegram_seamless_auth_enabled: z.boolean(),
    enforce_wallet_uis: z.boolean(),
    legacy_wallet_ui_config: z.boolean(),
    wallet_connect_cloud_project_id: z.string().max(100).nullable(),
  })
  .partial()
  .strict();

/**
 * Server-side app settings: never in the public app response (the admin API's wire type). A
 * feature adds its own fields by declaring them (`Feature.appSettings`, feature-settings.ts).
 */
export type { AppServerSettings };

/** Values of settings added after an app was stored, and of a new app. */
export const defaultServerSettings = {
  captcha_secret_key: null,
  cookie_sessions: false,
  cookie_domain: null,
  oauth_credentials: {},
  return_oauth_tokens: false,
} as const satisfies Partial<AppServerSettings>;

/**
 * A registrable-looking domain: dot-separated labels, at least two, the last starting with a
 * letter (so no IP address, where a Domain cookie cannot go).
 */
const cookieDomain = z
  .string()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    'must be a lower-case domain such as example.com',
  );

export const serverSettingsPatch = z
  .object({
    environment: z.enum(appEnvironments),
    user_limit: z.number().int().min(1).nullable(),
    custom_jwt_jwks_url: z.url({ protocol: /^https?$/ }).nullable(),
    custom_jwt_verification_key: z.string().max(10_000).nullable(),
    custom_jwt_issuer: z.string().max(500).nullable(),
    custom_jwt_audience: z.string().max(500).nullable(),
    custom_jwt_user_id_claim: z.string().min(1).max(100),
    test_credentials_enabled: z.boolean(),
    // The test account's login: compared with the normalised identifier (lower-case email, E.164).
    test_email: z.email().max(320).toLowerCase(),
    test_phone_number: z.string().regex(/^\+[1-9][0-9]{6,14}$/, 'must be an E.164 number like +15555550123'),
    test_otp_code: z.string().regex(/^[0-9]{6}$/, 'must be six digits'),
    captcha_secret_key: z.string().min(1).max(500).nullable(),
    cookie_sessions: z.boolean(),
    cookie_domain: cookieDomain.nullable(),
    oauth_credentials: oauthCredentialsPatch,
    return_oauth_tokens: z.boolean(),
  })
  .partial()
  .strict();

/** One patch body for the admin API and the CLI: public fields and server settings side by side. */
export const appPatch = appConfigPatch.extend(serverSettingsPatch.shape).strict();
export type AppPatch = z.infer<typeof appPatch>;

/**
 * `appPatch` and the settings the features declare (feature-settings.ts): what a patch may hold.
 * Typed as `appPatch`: the features' fields are known at run time only.
 */
export const fullAppPatch = (): typeof appPatch =>
  appPatch.extend(featureSettingFields()).partial().strict() as unknown as typeof appPatch;

export const defaultConfig: AppConfigFields = defaultAppConfig;

/**
 * Parses one `--set field=value` argument. Values are read as JSON when they parse (true, 3,
 * ["a"], null), as plain strings otherwise; dotted fields set nested values.
 */
export function parseSetArgument(argument: string): Record<string, unknown> {
  const eq = argument.indexOf('=');
  if (eq <= 0) throw new Error(`Expected field=value, got "${argument}"`);
  const path = argument.slice(0, eq).split('.');
  const text = argument.slice(eq + 1);
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {}
  const patch: Record<string, unknown> = {};
  let cursor = patch;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) cursor[key] = value;
    else cursor = cursor[key] = {} as Record<string, unknown>;
  }
  return patch;
}

/** Deep merge for plain objects; arrays and scalars are replaced. */
export function mergePatch<T>(base: T, patch: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] = isPlainObject(value) && isPlainObject(current) ? mergePatch(current, value) : value;
  }
  return out as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
