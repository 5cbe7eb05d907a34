import { defaultAppConfig } from '@latchkey/protocol';
import type { AppRecord, StoredAppConfig } from '../app-config/app-record.ts';
import {
  type AppPatch,
  type AppServerSettings,
  appConfigPatch,
  defaultServerSettings,
  fullAppPatch,
  mergePatch,
  serverSettingsPatch,
} from '../app-config/config-schema.ts';
import {
  appSettingSecretContext,
  featureSecretSettings,
  featureSettingDefaults,
  featureSettingFields,
} from '../app-config/feature-settings.ts';
import {
  completeFundingConfig,
  fundingConfigProblem,
  reachableChains,
} from '../app-config/funding-config.ts';
import {
  type OAuthCredentials,
  type OAuthCredentialsEntry,
  oauthSecretContext,
  secretCredentialFields,
} from '../app-config/oauth-credentials.ts';
import { captchaSecretContext } from '../captcha/assert-captcha.ts';
import type { ServerContext } from '../context.ts';
import { constantTimeEqual, sha256Hex } from '../crypto/hash.ts';
import { randomDigits, randomId, randomToken } from '../crypto/random.ts';
import { ensureSigningKey } from '../crypto/signing-keys.ts';
import { ApiError } from '../http/api-error.ts';
import { assertCookieDomain } from '../sessions/cookie-domain.ts';

export interface CreateAppParameters {
  name: string;
  allowedDomains?: string[];
  /** Any further fields, validated like an update. */
  patch?: unknown;
}

export interface CreateAppReturnType {
  app: AppRecord;
  /** Shown once; only its hash is stored. */
  secret: string;
}

/**
 * Creates an app with the spec's defaults, a 25-character id, an app secret and a signing key.
 *
 * @example
 * const { app, secret } = await createApp(ctx, { name: 'Demo', allowedDomains: ['http://localhost:5173'] });
 */
export async function createApp(
  ctx: ServerContext,
  params: CreateAppParameters,
): Promise<CreateAppReturnType> {
  const id = randomId(25);
  const secret = randomToken(32);
  const now = ctx.now();
  const suffix = randomDigits(4);
  const settings: AppServerSettings = {
    environment: 'development',
    user_limit: null,
    custom_jwt_jwks_url: null,
    custom_jwt_verification_key: null,
    custom_jwt_issuer: null,
    custom_jwt_audience: null,
    custom_jwt_user_id_claim: 'sub',
    test_credentials_enabled: false,
    test_email: `test-${suffix}@example.com`,
    test_phone_number: `+1555555${suffix}`,
    test_otp_code: randomDigits(6),
    ...defaultServerSettings,
    ...(featureSettingDefaults() as Partial<AppServerSettings>),
  };
  const base: StoredAppConfig = {
    config: { ...defaultAppConfig, name: params.name, allowed_domains: params.allowedDomains ?? [] },
    settings,
  };
  const patch = validatePatch(params.patch ?? {});
  const stored = applyPatch(base, sealSecrets(ctx, id, patch));
  settleFundingConfig(ctx, stored, patch);
  if (patch.cookie_domain) assertCookieDomain(ctx.settings, patch.cookie_domain);
  await ctx.db
    .insertInto('apps')
    .values({
      id,
      secret_hash: sha256Hex(secret),
      config: JSON.stringify(stored),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await ensureSigningKey(ctx, id);
  const app = await ctx.apps.load(id, { fresh: true });
  if (!app) throw new Error('App vanished after creation');
  return { app, secret };
}

/** Applies a validated patch of public fields and server settings to an app. */
export async function updateApp(ctx: ServerContext, id: string, patch: unknown): Promise<AppRecord> {
  const valid = validatePatch(patch);
  const app = await ctx.apps.load(id, { fresh: true });
  if (!app) throw new ApiError('not_found', 'App not found.');
  const stored = applyPatch({ config: app.config, settings: app.settings }, sealSecrets(ctx, id, valid));
  settleFundingConfig(ctx, stored, valid);
  if (valid.cookie_domain) assertCookieDomain(ctx.settings, valid.cookie_domain);
  await ctx.db
    .updateTable('apps')
    .set({ config: JSON.stringify(stored), updated_at: ctx.now() })
    .where('id', '=', id)
    .execute();
  ctx.apps.forget(id);
  return (await ctx.apps.load(id, { fresh: true }))!;
}

/** Secrets in a patch are sealed before they reach the stored JSON. */
function sealSecrets(ctx: ServerContext, appId: string, patch: AppPatch): AppPatch {
  const seal = (value: string, context: string) =>
    ctx.secretBox.seal(new TextEncoder().encode(value), context);
  const sealed = { ...patch };
  if (typeof patch.captcha_secret_key === 'string')
    sealed.captcha_secret_key = seal(patch.captcha_secret_key, captchaSecretContext(appId));
  for (const { field } of featureSecretSettings()) {
    const value = (patch as Record<string, unknown>)[field];
    if (typeof value === 'string')
      (sealed as Record<string, unknown>)[field] = seal(value, appSettingSecretContext(appId, field));
  }
  if (patch.oauth_credentials) {
    const credentials: OAuthCredentials = {};
    for (const [provider, entry] of Object.entries(patch.oauth_credentials) as [
      keyof OAuthCredentials,
      OAuthCredentialsEntry | null,
    ][]) {
      const out: Record<string, unknown> | null = entry && { ...entry };
      for (const field of secretCredentialFields) {
        const value = out?.[field];
        if (out && typeof value === 'string')
          out[field] = seal(value, oauthSecretContext(appId, provider, field));
      }
      credentials[provider] = out as OAuthCredentialsEntry | null;
    }
    sealed.oauth_credentials = credentials;
  }
  return sealed;
}

/**
 * The server settings as the admin API and the CLI show them: each sealed secret only as `'set'`
 * (or null), never its ciphertext.
 */
export function settingsView(settings: AppServerSettings): Record<string, unknown> {
  const credentials: Record<string, unknown> = {};
  for (const [provider, entry] of Object.entries(settings.oauth_credentials)) {
    if (!entry) continue;
    const shown: Record<string, unknown> = { ...entry };
    for (const field of secretCredentialFields)
      if (field in shown) shown[field] = shown[field] ? 'set' : null;
    credentials[provider] = shown;
  }
  const features: Record<string, unknown> = {};
  for (const { field } of featureSecretSettings())
    features[field] = (settings as unknown as Record<string, unknown>)[field] ? 'set' : null;
  return {
    ...settings,
    captcha_secret_key: settings.captcha_secret_key ? 'set' : null,
    oauth_credentials: credentials,
    ...features,
  };
}

/**
 * The features' secret settings as the admin API describes them (the dashboard renders a control
 * for each): the field, its label, and whether it is set, never its value.
 */
export function secretSettingsView(
  settings: AppServerSettings,
): { field: string; label: string; set: boolean }[] {
  return featureSecretSettings().map(({ field, label }) => ({
    field,
    label,
    set: Boolean((settings as unknown as Record<string, unknown>)[field]),
  }));
}

/** A feature's secret setting, opened (e.g. a bot token to check a login with); null when not set. */
export function openAppSettingSecret(ctx: ServerContext, app: AppRecord, field: string): string | null {
  const sealed = (app.settings as unknown as Record<string, unknown>)[field];
  if (typeof sealed !== 'string') return null;
  return new TextDecoder().decode(ctx.secretBox.open(sealed, appSettingSecretContext(app.id, field)));
}

function validatePatch(patch: unknown): AppPatch {
  const parsed = fullAppPatch().safeParse(patch);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiError('invalid_data', `Invalid ${issue?.path.join('.') || 'patch'}: ${issue?.message}`);
}

function applyPatch(stored: StoredAppConfig, patch: AppPatch): StoredAppConfig {
  const publicKeys = Object.keys(appConfigPatch.shape);
  const settingKeys = [...Object.keys(serverSettingsPatch.shape), ...Object.keys(featureSettingFields())];
  const publicPart: Record<string, unknown> = {};
  const settingsPart: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (publicKeys.includes(key)) publicPart[key] = value;
    else if (settingKeys.includes(key)) settingsPart[key] = value;
  }
  return {
    config: mergePatch(stored.config, publicPart),
    settings: mergePatch(stored.settings, settingsPart),
  };
}

/**
 * A patched funding config: completed with the defaults of the fields no patch has named yet, and
 * held to spec document 2 §5's rules across its fields (the chain list takes the app's settings in
 * the same patch into account).
 */
function settleFundingConfig(ctx: ServerContext, stored: StoredAppConfig, patch: AppPatch): void {
  if (!('funding_config' in patch)) return;
  const config = completeFundingConfig(stored.config.funding_config);
  stored.config.funding_config = config;
  const problem = fundingConfigProblem(config, reachableChains(ctx.settings.rpcUrls, stored.settings));
  if (problem)
    throw new ApiError('invalid_data', `Invalid funding_config.${problem.path}: ${problem.message}`);
}

/** Checks an app secret in constant time. */
export function verifyAppSecret(app: AppRecord, secret: string): boolean {
  return constantTimeEqual(sha256Hex(secret), app.secretHash);
}

/** The user limit in force: explicit, else the server's development default, else none. */
export function userLimit(ctx: ServerContext, app: AppRecord): number | null {
  if (app.settings.user_limit !== null) return app.settings.user_limit;
  return app.settings.environment === 'development' ? ctx.settings.developmentUserLimit : null;
}

export async function listApps(ctx: ServerContext): Promise<AppRecord[]> {
  const rows = await ctx.db.selectFrom('apps').select('id').orderBy('created_at').execute();
  const apps = await Promise.all(rows.map((r) => ctx.apps.load(r.id, { fresh: true })));
  return apps.filter((a): a is AppRecord => a !== null);
}
