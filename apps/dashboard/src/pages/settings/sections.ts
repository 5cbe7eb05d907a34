import { fundingSettingFields, oauthProviders } from '@latchkey/protocol';

/**
 * The Settings tab's sections, each its own page (`#/apps/{id}/settings/{id}`), in the order of the
 * sub-navigation, with the top-level fields (public config and server settings) each one edits: a
 * section's Save sends only its own fields, and the sub-navigation marks a section with unsaved ones.
 */
export interface SettingsSection {
  id: string;
  label: string;
  fields: readonly string[];
}

const loginFlags = [
  'email_auth',
  'sms_auth',
  'whatsapp_enabled',
  'wallet_auth',
  'solana_wallet_auth',
  'external_wallets_for_signup_enabled',
  'passkey_auth',
  'passkeys_for_signup_enabled',
  'farcaster_auth',
  'farcaster_link_wallets_enabled',
  // The app's Farcaster identity: its own card, saved through /farcaster_identity, not the Secrets section.
  'farcaster_app_fid',
  'farcaster_app_custody_key',
  'telegram_auth',
  'telegram_auth_config',
  'telegram_seamless_auth_enabled',
  'guest_auth',
  'custom_jwt_auth',
  'custom_jwt_jwks_url',
  'custom_jwt_verification_key',
  'custom_jwt_issuer',
  'custom_jwt_audience',
  'custom_jwt_user_id_claim',
  'disable_plus_emails',
  'merge_accounts_by_email',
  'max_linked_wallets_per_user',
];

export const settingsSections: readonly SettingsSection[] = [
  { id: 'login-methods', label: 'Login methods', fields: loginFlags },
  {
    id: 'social',
    label: 'Social providers',
    fields: [
      ...oauthProviders.map((provider) => `${provider}_oauth`),
      'twitter_oauth_on_mobile_enabled',
      'oauth_credentials',
      'custom_oauth_providers',
      'return_oauth_tokens',
    ],
  },
  {
    id: 'appearance',
    label: 'Appearance',
    fields: ['name', 'theme', 'accent_color', 'logo_url', 'icon_url', 'show_wallet_login_first'],
  },
  {
    id: 'legal',
    label: 'Legal',
    fields: ['legal_name', 'terms_and_conditions_url', 'privacy_policy_url', 'require_users_accept_terms'],
  },
  {
    id: 'access',
    label: 'Allowlist & captcha',
    fields: [
      'allowlist_enabled',
      'allowlist_config',
      'captcha_enabled',
      'enabled_captcha_provider',
      'captcha_site_key',
      'captcha_secret_key',
    ],
  },
  { id: 'mfa', label: 'MFA', fields: ['mfa_methods'] },
  {
    id: 'wallets',
    label: 'Wallets',
    fields: [
      'embedded_wallet_config',
      'smart_wallet_config',
      'enforce_wallet_uis',
      'legacy_wallet_ui_config',
      'wallet_connect_cloud_project_id',
    ],
  },
  {
    id: 'funding',
    label: 'Funding',
    fields: ['fiat_on_ramp_enabled', 'funding_config', ...Object.values(fundingSettingFields)],
  },
  {
    id: 'server-wallets',
    label: 'Server wallets',
    fields: [
      'rpc_urls',
      'registered_assets',
      'delegated_actions_signer_id',
      'delegated_actions_policy_ids',
      'delegated_actions_ttl_seconds',
    ],
  },
  {
    id: 'domains',
    label: 'Domains & native apps',
    fields: ['allowed_domains', 'allowed_native_app_ids', 'allowed_native_app_url_schemes'],
  },
  // The features' sealed settings (the admin API's `secret_settings`): fields added by `sectionsFor`.
  { id: 'secrets', label: 'Secrets', fields: [] },
  {
    id: 'advanced',
    label: 'Advanced',
    fields: ['environment', 'user_limit', 'cookie_sessions', 'cookie_domain'],
  },
];

/**
 * The sections for an app: Secrets holds the features' secrets no other section edits (Funding
 * edits its providers' keys beside the rest of funding), and shows only when there is one.
 */
export function sectionsFor(featureSecrets: readonly string[]): SettingsSection[] {
  const elsewhere = new Set(settingsSections.flatMap((section) => section.fields));
  const own = featureSecrets.filter((field) => !elsewhere.has(field));
  return settingsSections
    .filter((section) => section.id !== 'secrets' || own.length > 0)
    .map((section) => (section.id === 'secrets' ? { ...section, fields: own } : section));
}

/** The section a route names; the first for none or an unknown one. */
export function findSection(sections: readonly SettingsSection[], id: string): SettingsSection {
  return sections.find((section) => section.id === id) ?? sections[0]!;
}
