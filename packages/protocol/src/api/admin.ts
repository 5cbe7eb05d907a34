import type { AllowlistConfig, AppConfigFields, EmbeddedWalletConfig } from '../app-config.ts';
import type { FundingConfig } from '../funding-config.ts';
import type { OAuthProvider } from '../oauth-providers.ts';
import type { User } from '../user.ts';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '../webhooks.ts';
import type { AllowlistEntry, AllowlistEntryRequest, DevOutboxMessage } from './apps.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';
import type { UsersPage } from './users-api.ts';

/*
 * The admin API (`/admin/v1`, the admin key as `Authorization: Bearer`, or the dashboard's session
 * cookie): apps and their settings, webhook endpoints, and what the dashboard shows of an app's
 * users, allowlist and development outbox.
 */

/** A provider's OAuth client: the id and secret it issued, and scopes in place of the defaults. */
export interface OAuthClientCredentials {
  client_id?: string;
  /** Sealed at rest; shown by the admin API only as `set`. */
  client_secret?: string;
  scopes?: string[];
}

/** Sign in with Apple: the Services ID and the key its client secret is signed with (ES256). */
export interface AppleClientCredentials {
  /** The Services ID. */
  client_id?: string;
  team_id?: string;
  key_id?: string;
  /** The `.p8` key, PKCS#8 PEM; sealed at rest, shown only as `set`. */
  private_key?: string;
  scopes?: string[];
}

/** A custom OpenID provider (`custom:{name}`): discovered from its issuer. */
export interface CustomOidcCredentials extends OAuthClientCredentials {
  issuer?: string;
}

export type OAuthCredentialsEntry = OAuthClientCredentials | AppleClientCredentials | CustomOidcCredentials;

/** `oauth_credentials`: per provider id (`google`, …, `custom:{name}`); null: none. */
export type OAuthCredentials = Partial<
  Record<OAuthProvider | `custom:${string}`, OAuthCredentialsEntry | null>
>;

/** `environment`: a development app has a user limit (`max_accounts_reached`); production has none. */
export const appEnvironments = ['development', 'production'] as const;
export type AppEnvironment = (typeof appEnvironments)[number];

/** An app's server-side settings: never in the public app response (the admin API shows secrets as `set`). */
export interface AppServerSettings {
  environment: AppEnvironment;
  user_limit: number | null;
  custom_jwt_jwks_url: string | null;
  custom_jwt_verification_key: string | null;
  custom_jwt_issuer: string | null;
  custom_jwt_audience: string | null;
  custom_jwt_user_id_claim: string;
  test_credentials_enabled: boolean;
  test_email: string;
  test_phone_number: string;
  test_otp_code: string;
  /** The captcha provider's secret key, sealed under the master key (never stored in plaintext). */
  captcha_secret_key: string | null;
  /**
   * HttpOnly cookie sessions, for same-site deployments (server on `auth.example.com`, app on
   * `example.com`): the tokens travel in cookies host-page script cannot read, never in bodies, and
   * the public config's `custom_api_url` tells the clients so (WIRE.md §1.1, §5.4).
   */
  cookie_sessions: boolean;
  /**
   * A parent domain of the server's public host (`example.com`) for the access, identity and
   * session cookies, so that the app's own backend receives `privy-token`; null: host-only. The
   * refresh cookie is always host-only.
   */
  cookie_domain: string | null;
  /** The app's OAuth clients at its providers: client ids, sealed secrets, Apple's key, custom issuers. */
  oauth_credentials: OAuthCredentials;
  /** Answer OAuth logins and links with the provider's tokens (`oauth_tokens`). */
  return_oauth_tokens: boolean;
}

/**
 * A change to an app: any public config field and any server setting, each optional. The nested
 * objects the server merges (`allowlist_config`, `embedded_wallet_config`) take some of their
 * fields; `smart_wallet_config` keeps fields this server does not read; `oauth_credentials` sets
 * some fields of a provider, and `null` removes one.
 */
export type AppPatchRequest = Partial<
  Omit<
    AppConfigFields,
    'allowlist_config' | 'embedded_wallet_config' | 'smart_wallet_config' | 'funding_config'
  >
> &
  Partial<Omit<AppServerSettings, 'oauth_credentials'>> & {
    allowlist_config?: Partial<AllowlistConfig>;
    embedded_wallet_config?: Partial<EmbeddedWalletConfig>;
    smart_wallet_config?: { enabled: boolean; [field: string]: unknown };
    funding_config?: Partial<FundingConfig> | null;
    oauth_credentials?: Record<string, OAuthCredentialsEntry | null>;
  };

/** A new app: its name, and any other field of a patch. */
export type AppCreateRequest = AppPatchRequest & { name: string };

/** An app as the admin sees it: public config and server settings (secrets as `set`), never the secret. */
export type AdminApp = AppConfigFields & {
  id: string;
  settings: Record<string, unknown>;
  /** The server features' secret settings: each field, its label and whether it is set, never its value. */
  secret_settings: { field: string; label: string; set: boolean }[];
  created_at: number;
  updated_at: number;
};

export interface AdminAppCreated {
  id: string;
  /** The app secret: shown once. */
  secret: string;
  app: AdminApp;
}

/** A webhook endpoint to add; omitted or null `event_types`: every event type. */
export interface WebhookEndpointRequest {
  url: string;
  event_types?: WebhookEventType[] | null;
  enabled?: boolean;
}

const adminAppTable = {
  adminAppsList: { method: 'GET', path: '/admin/v1/apps' },
  adminAppsCreate: { method: 'POST', path: '/admin/v1/apps' },
  adminAppGet: { method: 'GET', path: '/admin/v1/apps/:id' },
  adminAppUpdate: { method: 'PATCH', path: '/admin/v1/apps/:id' },
  adminRotateSigningKey: { method: 'POST', path: '/admin/v1/apps/:id/signing_keys/rotate' },
  adminSessionCreate: { method: 'POST', path: '/admin/v1/session' },
  adminSessionDelete: { method: 'DELETE', path: '/admin/v1/session' },
  adminUsers: { method: 'GET', path: '/admin/v1/apps/:id/users' },
  adminUserGet: { method: 'GET', path: '/admin/v1/apps/:id/users/:user_id' },
  adminUserDelete: { method: 'DELETE', path: '/admin/v1/apps/:id/users/:user_id' },
  adminAllowlistList: { method: 'GET', path: '/admin/v1/apps/:id/allowlist' },
  adminAllowlistAdd: { method: 'POST', path: '/admin/v1/apps/:id/allowlist' },
  adminAllowlistRemove: { method: 'DELETE', path: '/admin/v1/apps/:id/allowlist' },
  adminDevOutbox: { method: 'GET', path: '/admin/v1/apps/:id/dev_outbox' },
} as const;

/**
 * Apps, the dashboard's session (the admin key in the body, a cookie back), and an app's users,
 * allowlist and development outbox (`?to=`) as the dashboard shows them (`adminUsers` takes
 * `?search=`, `?cursor=`, `?limit=`).
 */
export const adminApi: TypedRoutes<
  typeof adminAppTable,
  {
    /** `development`: the server runs in development mode (the dashboard says what that allows). */
    adminAppsList: { request: undefined; response: { data: AdminApp[]; development: boolean } };
    adminAppsCreate: { request: AppCreateRequest; response: AdminAppCreated };
    adminAppGet: { request: undefined; response: AdminApp };
    adminAppUpdate: { request: AppPatchRequest; response: AdminApp };
    adminRotateSigningKey: { request: undefined; response: { kid: string } };
    adminSessionCreate: {
      /** The admin key, or the one-time login link `latchkey dev` prints (its `#login=` token). */
      request: { admin_key: string } | { login_link: string };
      response: { expires_at: number };
    };
    adminSessionDelete: { request: undefined; response: { deleted: true } };
    adminUsers: { request: undefined; response: UsersPage };
    adminUserGet: { request: undefined; response: User };
    adminUserDelete: { request: undefined; response: { deleted: true } };
    adminAllowlistList: { request: undefined; response: { data: AllowlistEntry[] } };
    adminAllowlistAdd: { request: AllowlistEntryRequest; response: AllowlistEntry };
    adminAllowlistRemove: { request: AllowlistEntryRequest; response: { deleted: true } };
    adminDevOutbox: { request: undefined; response: { data: DevOutboxMessage[] } };
  }
> = adminAppTable;

const adminWebhookTable = {
  adminWebhooksList: { method: 'GET', path: '/admin/v1/apps/:id/webhooks' },
  adminWebhooksCreate: { method: 'POST', path: '/admin/v1/apps/:id/webhooks' },
  adminWebhookGet: { method: 'GET', path: '/admin/v1/apps/:id/webhooks/:webhook_id' },
  adminWebhookUpdate: { method: 'PATCH', path: '/admin/v1/apps/:id/webhooks/:webhook_id' },
  adminWebhookDelete: { method: 'DELETE', path: '/admin/v1/apps/:id/webhooks/:webhook_id' },
  adminWebhookRotateSecret: { method: 'POST', path: '/admin/v1/apps/:id/webhooks/:webhook_id/rotate_secret' },
  adminWebhookDeliveries: { method: 'GET', path: '/admin/v1/apps/:id/webhooks/:webhook_id/deliveries' },
  adminWebhookResend: {
    method: 'POST',
    path: '/admin/v1/apps/:id/webhooks/:webhook_id/deliveries/:delivery_id/resend',
  },
} as const;

/** An app's webhook endpoints (WIRE.md §7.6): the secret shown on create and rotation only; the delivery log (`?limit=`, `?status=`). */
export const adminWebhooksApi: TypedRoutes<
  typeof adminWebhookTable,
  {
    adminWebhooksList: { request: undefined; response: { data: WebhookEndpoint[] } };
    adminWebhooksCreate: { request: WebhookEndpointRequest; response: WebhookEndpointWithSecret };
    adminWebhookGet: { request: undefined; response: WebhookEndpoint };
    adminWebhookUpdate: { request: Partial<WebhookEndpointRequest>; response: WebhookEndpoint };
    adminWebhookDelete: { request: undefined; response: { id: string; deleted: true } };
    adminWebhookRotateSecret: { request: undefined; response: WebhookEndpointWithSecret };
    adminWebhookDeliveries: { request: undefined; response: { data: WebhookDelivery[] } };
    adminWebhookResend: { request: undefined; response: { id: string; status: 'pending' } };
  }
> = adminWebhookTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const adminReference: ReferenceArea = {
  name: 'Admin',
  description: 'Apps and their keys, with the admin key (`Authorization: Bearer`).',
  tables: [[adminApi, 'admin', { adminSessionCreate: 'public' }]],
};

/** The API reference's area of these routes (OpenAPI tag). */
export const adminWebhooksReference: ReferenceArea = {
  name: 'Webhooks',
  description: "An app's webhook endpoints and their delivery logs (admin key).",
  tables: [[adminWebhooksApi, 'admin']],
};
