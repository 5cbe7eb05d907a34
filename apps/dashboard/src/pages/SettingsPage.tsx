import { oauthProviders } from '@latchkey/protocol';
import { type FormEvent, useContext, useMemo, useState } from 'react';
import { AdminApiError, type AdminApp, api, appPath } from '../api.ts';
import { ModalPreview } from '../components/ModalPreview.tsx';
import {
  Check,
  type Draft,
  FormContext,
  Json,
  Lines,
  MultiCheck,
  NumberField,
  SecretSetting,
  SecretText,
  Select,
  setIn,
  Text,
} from '../form.tsx';
import { href } from '../route.ts';

/** The draft the form edits: the PATCH body's shape, public fields and server settings side by side. */
function draftOf(app: AdminApp): Draft {
  const { id: _id, settings, secret_settings: _s, created_at: _c, updated_at: _u, ...config } = app;
  return { ...config, ...settings };
}

const secretFields = new Set(['client_secret', 'private_key']);

/**
 * What changed, as a PATCH body: changed fields only. A secret shown as 'set' is left alone unless
 * a new value was typed; an OAuth provider's entry carries only the fields that changed.
 */
export function buildPatch(original: Draft, draft: Draft, featureSecrets: readonly string[] = []): Draft {
  const patch: Draft = {};
  const secrets = new Set(['captcha_secret_key', ...featureSecrets]);
  for (const [key, value] of Object.entries(draft)) {
    if (key === 'oauth_credentials' || secrets.has(key)) continue;
    if (JSON.stringify(value) !== JSON.stringify(original[key])) patch[key] = value;
  }
  // A secret is sent only when typed (a new value) or cleared (''), never as the 'set' shown.
  for (const field of secrets) {
    const secret = draft[field];
    if (secret !== original[field] && secret !== 'set' && !(secret === '' && !original[field]))
      patch[field] = secret === '' ? null : secret;
  }
  const before = (original.oauth_credentials ?? {}) as Record<string, Record<string, unknown> | null>;
  const after = (draft.oauth_credentials ?? {}) as Record<string, Record<string, unknown> | null>;
  const credentials: Record<string, Record<string, unknown>> = {};
  for (const [provider, entry] of Object.entries(after)) {
    if (!entry) continue;
    const changed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(entry)) {
      if (secretFields.has(field)) {
        if (typeof value === 'string' && value !== '' && value !== 'set') changed[field] = value;
      } else if (JSON.stringify(value) !== JSON.stringify(before[provider]?.[field])) changed[field] = value;
    }
    if (Object.keys(changed).length > 0) credentials[provider] = changed;
  }
  if (Object.keys(credentials).length > 0) patch.oauth_credentials = credentials;
  return patch;
}

const titleCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const createOnLogin = ['users-without-wallets', 'all-users', 'off'] as const;

/** Every app-config field of spec document 1 §3, grouped as the spec groups them, saved with one PATCH. */
export function SettingsPage({ app, onSaved }: { app: AdminApp; onSaved(): Promise<void> }) {
  const original = useMemo(() => draftOf(app), [app]);
  const [draft, setDraft] = useState<Draft>(original);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useMemo(
    () => ({
      draft,
      errors,
      set: (path: string, value: unknown) => setDraft((d) => setIn(d, path, value)),
    }),
    [draft, errors],
  );
  const featureSecrets = app.secret_settings ?? [];
  const patch = buildPatch(
    original,
    draft,
    featureSecrets.map((secret) => secret.field),
  );
  const dirty = Object.keys(patch).length > 0;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setStatus(null);
    try {
      await api('PATCH', appPath(app.id), patch);
      setStatus('Saved.');
      await onSaved();
    } catch (e) {
      const error = e as AdminApiError;
      if (error instanceof AdminApiError && error.field) setErrors({ [error.field]: error.message });
      setStatus(error.message);
    } finally {
      setBusy(false);
    }
  };

  const enabledOAuth = oauthProviders.filter((p) => draft[`${p}_oauth`] === true);

  return (
    <FormContext.Provider value={form}>
      <form className="settings" onSubmit={save}>
        <div className="save-bar">
          <span className={status && status !== 'Saved.' ? 'error' : 'muted'} role="status">
            {status ?? (dirty ? 'Unsaved changes' : 'No changes')}
          </span>
          <button
            type="button"
            className="secondary"
            disabled={!dirty || busy}
            onClick={() => setDraft(original)}
          >
            Discard
          </button>
          <button type="submit" disabled={!dirty || busy}>
            {busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>

        <section className="card" id="login-methods">
          <h2>Login methods</h2>
          <div className="checks">
            <Check path="email_auth" label="Email" />
            <Check path="sms_auth" label="SMS" />
            <Check path="whatsapp_enabled" label="WhatsApp codes" />
            <Check path="wallet_auth" label="Ethereum wallet" />
            <Check path="solana_wallet_auth" label="Solana wallet" />
            <Check path="external_wallets_for_signup_enabled" label="External wallets may sign up" />
            <Check path="passkey_auth" label="Passkey" />
            <Check path="passkeys_for_signup_enabled" label="Passkeys may sign up" />
            <Check path="farcaster_auth" label="Farcaster" />
            <Check path="farcaster_link_wallets_enabled" label="Link Farcaster wallets" />
            <Check path="telegram_auth" label="Telegram" />
            <Check path="guest_auth" label="Guest" />
            <Check path="custom_jwt_auth" label="Custom token (JWT)" />
            {oauthProviders.map((provider) => (
              <Check key={provider} path={`${provider}_oauth`} label={titleCase(provider)} />
            ))}
            <Check path="twitter_oauth_on_mobile_enabled" label="Twitter on mobile" />
            <Check path="disable_plus_emails" label="Refuse plus-addressed emails" />
            <Check path="merge_accounts_by_email" label="Merge accounts by email" />
          </div>
          <NumberField
            path="max_linked_wallets_per_user"
            label="Max linked wallets per user"
            hint="Empty: no limit"
          />
          {enabledOAuth.map((provider) => (
            <fieldset key={provider} className="group" data-provider={provider}>
              <legend>{titleCase(provider)} OAuth client</legend>
              <Text
                path={`oauth_credentials.${provider}.client_id`}
                label={provider === 'apple' ? 'Services ID' : 'Client id'}
              />
              {provider === 'apple' ? (
                <>
                  <Text path="oauth_credentials.apple.team_id" label="Team id" />
                  <Text path="oauth_credentials.apple.key_id" label="Key id" />
                  <SecretText
                    path="oauth_credentials.apple.private_key"
                    label="Private key (.p8)"
                    multiline
                  />
                </>
              ) : (
                <SecretText path={`oauth_credentials.${provider}.client_secret`} label="Client secret" />
              )}
            </fieldset>
          ))}
          <Json
            path="custom_oauth_providers"
            label="Custom OpenID providers"
            hint='[{"provider":"custom:acme","provider_display_name":"Acme","provider_icon_url":null,"enabled":true}]; their credentials with `latchkey apps oauth`'
          />
          {draft.custom_jwt_auth === true && (
            <fieldset className="group">
              <legend>Custom token verification</legend>
              <Text path="custom_jwt_jwks_url" label="JWKS URL" nullable />
              <Text path="custom_jwt_verification_key" label="Verification key (PEM)" nullable />
              <Text path="custom_jwt_issuer" label="Issuer" nullable />
              <Text path="custom_jwt_audience" label="Audience" nullable />
              <Text path="custom_jwt_user_id_claim" label="User id claim" />
            </fieldset>
          )}
          {draft.telegram_auth === true && (
            <fieldset className="group">
              <legend>Telegram</legend>
              <Text path="telegram_auth_config.bot_id" label="Bot id" />
              <Text path="telegram_auth_config.bot_name" label="Bot name" />
              <Check path="telegram_auth_config.link_enabled" label="Linking enabled" />
              <Check path="telegram_auth_config.seamless_auth_enabled" label="Seamless auth" />
            </fieldset>
          )}
          <Check path="return_oauth_tokens" label="Return the provider's OAuth tokens to the client" />
        </section>

        <section className="card appearance" id="appearance">
          <h2>Appearance</h2>
          <div className="appearance-grid">
            <div>
              <Text path="name" label="App name" />
              <Select path="theme" label="Theme" options={themeOptions(draft.theme)} />
              <AccentField />
              <Text path="logo_url" label="Logo URL" nullable placeholder="https://…" />
              <Text path="icon_url" label="Icon URL" nullable placeholder="https://…" />
              <Check path="show_wallet_login_first" label="Show wallet login first" />
            </div>
            <ModalPreview draft={draft} />
          </div>
        </section>

        <section className="card" id="legal">
          <h2>Legal</h2>
          <Text path="legal_name" label="Legal name" nullable />
          <Text path="terms_and_conditions_url" label="Terms and conditions URL" nullable />
          <Text path="privacy_policy_url" label="Privacy policy URL" nullable />
          <Check path="require_users_accept_terms" label="Users must accept the terms" />
        </section>

        <section className="card" id="allowlist">
          <h2>Allowlist</h2>
          <Check path="allowlist_enabled" label="Only allowlisted users may log in" />
          <Text path="allowlist_config.error_title" label="Refusal title" nullable />
          <Text path="allowlist_config.error_detail" label="Refusal detail" nullable />
          <Text path="allowlist_config.cta_text" label="Call-to-action text" nullable />
          <Text path="allowlist_config.cta_link" label="Call-to-action link" nullable />
          <p className="muted">
            Entries: the <a href={href('apps', app.id, 'allowlist')}>Allowlist</a> tab, `latchkey allowlist`
            or the server API (`/api/v1/apps/:id/allowlist`).
          </p>
        </section>

        <section className="card" id="captcha">
          <h2>Captcha</h2>
          <Check path="captcha_enabled" label="Require a captcha" />
          <Select
            path="enabled_captcha_provider"
            label="Provider"
            options={['turnstile', 'hcaptcha']}
            nullable
          />
          <Text path="captcha_site_key" label="Site key" nullable />
          <SecretText path="captcha_secret_key" label="Secret key" />
        </section>

        {featureSecrets.length > 0 && (
          <section className="card" id="feature-secrets">
            <h2>Secrets</h2>
            <p className="muted">
              Sealed on the server; shown only as set. Type a value to set or replace one.
            </p>
            {featureSecrets.map(({ field, label, set }) => (
              <SecretSetting key={field} path={field} label={label} wasSet={set} />
            ))}
          </section>
        )}

        <section className="card" id="mfa">
          <h2>Multi-factor authentication</h2>
          <MultiCheck path="mfa_methods" label="MFA methods" options={['sms', 'totp', 'passkey']} />
        </section>

        <section className="card" id="embedded-wallets">
          <h2>Embedded wallets</h2>
          <Select
            path="embedded_wallet_config.ethereum.create_on_login"
            label="Ethereum: create on login"
            options={createOnLogin}
          />
          <Select
            path="embedded_wallet_config.solana.create_on_login"
            label="Solana: create on login"
            options={createOnLogin}
          />
          <MultiCheck
            path="embedded_wallet_config.user_owned_recovery_options"
            label="User-owned recovery"
            options={['user-passcode', 'google-drive', 'icloud']}
          />
          <Check
            path="embedded_wallet_config.require_user_owned_recovery_on_create"
            label="Require user-owned recovery on create"
          />
          <Check
            path="embedded_wallet_config.require_user_password_on_create"
            label="Require a password on create"
          />
          <Select
            path="embedded_wallet_config.mode"
            label="Mode"
            options={['legacy-embedded-wallets-only', 'user-controlled-server-wallets-only']}
          />
          <Check path="smart_wallet_config.enabled" label="Smart wallets" />
          <Check path="enforce_wallet_uis" label="Always show wallet confirmation screens" />
          <Text path="wallet_connect_cloud_project_id" label="WalletConnect project id" nullable />
        </section>

        <section className="card" id="funding">
          <h2>Funding</h2>
          <Check path="fiat_on_ramp_enabled" label="Fiat on-ramp" />
          <Text
            path="funding_config.default_recommended_currency.chain"
            label="Recommended currency chain (CAIP-2)"
            placeholder="eip155:1"
          />
          <Text
            path="funding_config.default_recommended_amount"
            label="Recommended amount"
            placeholder="0.1"
          />
          <Check
            path="funding_config.prompt_funding_on_wallet_creation"
            label="Prompt funding on wallet creation"
          />
          <Check path="funding_config.cross_chain_bridging_enabled" label="Cross-chain bridging" />
          <Json
            path="funding_config.options"
            label="Funding options"
            hint='e.g. [{"method":"card","provider":"moonpay"}]'
          />
        </section>

        <section className="card" id="domains">
          <h2>Domains and native apps</h2>
          <Lines
            path="allowed_domains"
            label="Allowed domains"
            hint="One origin a line, e.g. https://app.example.com"
          />
          <Lines path="allowed_native_app_ids" label="Native app ids" hint="Bundle ids / package names" />
          <Lines path="allowed_native_app_url_schemes" label="Native app URL schemes" />
        </section>

        <section className="card" id="server">
          <h2>Server settings</h2>
          <Select path="environment" label="Environment" options={['development', 'production']} />
          <NumberField path="user_limit" label="User limit" hint="Empty: none" />
          <Check path="cookie_sessions" label="HttpOnly cookie sessions (same-site deployments)" />
          <Text path="cookie_domain" label="Cookie domain" nullable placeholder="example.com" />
          <Check path="test_credentials_enabled" label="Test credentials enabled" />
        </section>
      </form>
    </FormContext.Provider>
  );
}

function themeOptions(current: unknown): string[] {
  const options = ['light', 'dark'];
  if (typeof current === 'string' && !options.includes(current)) options.push(current);
  return options;
}

/** The accent colour: a colour picker and its hex text, kept in step. */
function AccentField() {
  return (
    <div className="accent">
      <Text path="accent_color" label="Accent colour" nullable placeholder="#676FFF" />
      <AccentPicker />
    </div>
  );
}

function AccentPicker() {
  const form = useContext(FormContext)!;
  const value =
    typeof form.draft.accent_color === 'string' && /^#[0-9a-f]{6}$/i.test(form.draft.accent_color)
      ? form.draft.accent_color
      : '#5b4fe9';
  return (
    <input
      type="color"
      aria-label="Pick the accent colour"
      name="accent_color_picker"
      value={value.toLowerCase()}
      onChange={(e) => form.set('accent_color', e.target.value)}
    />
  );
}
