import type { FundingConfig } from './funding-config.ts';
import type { LoginMethodFlags } from './login-methods.ts';
import type { MfaMethodType } from './user.ts';

/** The public app configuration, `GET /api/v1/apps/:app_id` (WIRE.md §4.4, spec document 1 §3). */

/** Which users get an embedded wallet when they log in. */
export const createOnLoginValues = ['users-without-wallets', 'all-users', 'off'] as const;
export type CreateOnLogin = (typeof createOnLoginValues)[number];

export const embeddedWalletModes = [
  'legacy-embedded-wallets-only',
  'user-controlled-server-wallets-only',
] as const;
export type EmbeddedWalletMode = (typeof embeddedWalletModes)[number];

/** The recovery methods the user owns that an app may offer (`user_owned_recovery_options`). */
export const userOwnedRecoveryOptions = ['user-passcode', 'google-drive', 'icloud'] as const;
export type UserOwnedRecoveryOption = (typeof userOwnedRecoveryOptions)[number];

export const captchaProviders = ['turnstile', 'hcaptcha'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

export interface AllowlistConfig {
  error_title: string | null;
  error_detail: string | null;
  cta_text: string | null;
  cta_link: string | null;
}

export interface EmbeddedWalletConfig {
  create_on_login: CreateOnLogin;
  ethereum: { create_on_login: CreateOnLogin };
  solana: { create_on_login: CreateOnLogin };
  user_owned_recovery_options: UserOwnedRecoveryOption[];
  require_user_owned_recovery_on_create: boolean;
  require_user_password_on_create: boolean;
  mode: EmbeddedWalletMode;
}

export interface CustomOAuthProvider {
  provider: `custom:${string}`;
  provider_display_name: string;
  provider_icon_url: string | null;
  enabled: boolean;
}

export interface SmartWalletConfiguration {
  enabled: boolean;
  smart_wallet_type?: string;
  smart_wallet_version?: string;
  configured_networks?: {
    chain_id: string;
    bundler_url: string;
    paymaster_url?: string;
    paymaster_context?: { policy_id: string };
    rpc_url?: string;
    chain_name?: string;
  }[];
}

export interface TelegramAuthConfig {
  bot_id: string;
  bot_name: string;
  link_enabled: boolean;
  seamless_auth_enabled: boolean;
}

/**
 * Every field the app config carries, settable by the admin API and `latchkey apps update --set`. The
 * login methods' switches (`email_auth`, `<provider>_oauth`, …) come from login-methods.ts.
 */
export interface AppConfigFields extends LoginMethodFlags {
  name: string;
  legal_name: string | null;
  logo_url: string | null;
  icon_url: string | null;
  accent_color: string | null;
  theme: string;
  show_wallet_login_first: boolean;
  allowed_domains: string[];
  allowed_native_app_ids: string[];
  allowed_native_app_url_schemes: string[];
  terms_and_conditions_url: string | null;
  privacy_policy_url: string | null;
  require_users_accept_terms: boolean | null;
  allowlist_enabled: boolean;
  allowlist_config: AllowlistConfig;
  whatsapp_enabled: boolean;
  twitter_oauth_on_mobile_enabled: boolean;
  twitch_oauth: boolean;
  farcaster_link_wallets_enabled: boolean;
  passkeys_for_signup_enabled: boolean;
  telegram_oauth: boolean;
  custom_jwt_auth: boolean;
  external_wallets_for_signup_enabled: boolean;
  custom_oauth_providers: CustomOAuthProvider[];
  disable_plus_emails: boolean;
  merge_accounts_by_email: boolean;
  max_linked_wallets_per_user: number | null;
  captcha_enabled: boolean;
  enabled_captcha_provider: CaptchaProvider | null;
  captcha_site_key: string | null;
  mfa_methods: MfaMethodType[];
  embedded_wallet_config: EmbeddedWalletConfig;
  smart_wallet_config: SmartWalletConfiguration;
  funding_config: FundingConfig | null;
  fiat_on_ramp_enabled: boolean;
  telegram_auth_config: TelegramAuthConfig | null;
  telegram_seamless_auth_enabled: boolean;
  enforce_wallet_uis: boolean;
  legacy_wallet_ui_config: boolean;
  wallet_connect_cloud_project_id: string | null;
}

/** The full public response: config fields plus identity, server-owned values and the verification key. */
export interface AppResponse extends AppConfigFields {
  id: string;
  custom_api_url: string | null;
  verification_key: string;
  data_classification: 'public';
  created_at: number;
  updated_at: number;
}

/** The spec's defaults for a new app: email login on, everything else opt-in. */
export const defaultAppConfig: AppConfigFields = {
  name: 'My app',
  legal_name: null,
  logo_url: null,
  icon_url: null,
  accent_color: null,
  theme: 'light',
  show_wallet_login_first: false,
  allowed_domains: [],
  allowed_native_app_ids: [],
  allowed_native_app_url_schemes: [],
  terms_and_conditions_url: null,
  privacy_policy_url: null,
  require_users_accept_terms: null,
  allowlist_enabled: false,
  allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
  email_auth: true,
  sms_auth: false,
  whatsapp_enabled: false,
  wallet_auth: false,
  solana_wallet_auth: false,
  google_oauth: false,
  twitter_oauth: false,
  twitter_oauth_on_mobile_enabled: false,
  discord_oauth: false,
  github_oauth: false,
  spotify_oauth: false,
  instagram_oauth: false,
  tiktok_oauth: false,
  line_oauth: false,
  twitch_oauth: false,
  linkedin_oauth: false,
  apple_oauth: false,
  farcaster_auth: false,
  farcaster_link_wallets_enabled: false,
  passkey_auth: false,
  passkeys_for_signup_enabled: false,
  telegram_auth: false,
  telegram_oauth: false,
  guest_auth: false,
  custom_jwt_auth: false,
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
};
