import { adminApi, adminWebhooksApi } from '../api/admin.ts';
import { analyticsApi } from '../api/analytics.ts';
import { appApi, appServerApi } from '../api/apps.ts';
import { customJwtApi } from '../api/custom-jwt.ts';
import { emailApi } from '../api/email.ts';
import { frameRoutes } from '../api/embedded-wallets.ts';
import { guestApi } from '../api/guest.ts';
import { mfaApi, mfaAuthApi } from '../api/mfa.ts';
import { oauthApi, oauthCallbackApi } from '../api/oauth.ts';
import { passkeyApi } from '../api/passkeys.ts';
import type { HttpMethod, RouteTable } from '../api/route.ts';
import { dashboardPageApi, serviceApi, walletFramePageApi } from '../api/service.ts';
import { sessionApi } from '../api/sessions.ts';
import { siweApi } from '../api/siwe.ts';
import { siwsApi } from '../api/siws.ts';
import { smsApi } from '../api/sms.ts';
import { transferApi } from '../api/transfer.ts';
import { usersApi } from '../api/users-api.ts';

/**
 * Who may call an operation, as the server's guards decide (its `RouteAuth`; the OpenAPI test
 * checks the two agree): `public` anyone; `app` a caller the app (`privy-app-id`) admits;
 * `user` that and a user's access token; `frame` the same from the wallet frame; `server` the app
 * secret (HTTP Basic); `admin` the admin key; `metrics` the metrics token when one is set.
 */
export type OperationAuth = 'public' | 'app' | 'user' | 'frame' | 'server' | 'admin' | 'metrics';

/** One operation of the reference: the contract's method and path, with its area, summary and auth. */
export interface Operation {
  /** The contract's route name (`emailInit`): the operation id. */
  name: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  auth: OperationAuth;
}

/** The areas of the API, one OpenAPI tag each, in reading order. */
export const tags = {
  health: { name: 'Health', description: 'Liveness, readiness, metrics and this document.' },
  apps: { name: 'Apps', description: "An app's public configuration and token keys (WIRE.md §3.1, §5.1)." },
  sessions: { name: 'Sessions', description: 'Refresh, log out, the current user (WIRE.md §3.1).' },
  email: { name: 'Email', description: 'Login and account linking with an email code (WIRE.md §3.2).' },
  sms: { name: 'SMS', description: 'Login and account linking with an SMS code (WIRE.md §3.3).' },
  siwe: { name: 'Sign in with Ethereum', description: 'EVM wallet login and linking (WIRE.md §3.4).' },
  siws: { name: 'Sign in with Solana', description: 'Solana wallet login and linking (WIRE.md §3.4).' },
  oauth: { name: 'OAuth', description: 'Social login through OAuth / OIDC providers (WIRE.md §3.5).' },
  passkeys: { name: 'Passkeys', description: 'WebAuthn login and linking (WIRE.md §3.6).' },
  guest: { name: 'Guest', description: 'Guest accounts (WIRE.md §3.1).' },
  customJwt: { name: 'Custom JWT', description: "Login with the app's own identity provider's JWT." },
  transfer: { name: 'Account transfer', description: 'Moving an account linked to another user.' },
  mfa: { name: 'MFA', description: 'Enrolment and verification of second factors (WIRE.md §3.7).' },
  embeddedWallets: { name: 'Embedded wallets', description: "The wallet frame's API (WIRE.md §6)." },
  analytics: { name: 'Analytics', description: 'Client analytics events.' },
  appServer: {
    name: 'App server API',
    description:
      'Server-to-server, HTTP Basic with the app id and secret (WIRE.md §7.2). Also under `/v1/…` (the spelling `@privy-io/node` calls).',
  },
  users: { name: 'Users API', description: 'Server-to-server user management (WIRE.md §7.2).' },
  walletFrame: {
    name: 'Wallet frame pages',
    description: "The wallet frame's pages and scripts (HTML, JavaScript).",
  },
  admin: { name: 'Admin', description: 'Apps and their keys, with the admin key (`Authorization: Bearer`).' },
  webhooks: {
    name: 'Webhooks',
    description: "An app's webhook endpoints and their delivery logs (admin key).",
  },
  dashboard: {
    name: 'Dashboard',
    description: 'The developer dashboard (HTML, scripts, styles), talking only to the admin API.',
  },
} as const;

type Tag = keyof typeof tags;

/** Auth per route name, where a table's routes differ from its default. */
type AuthOverrides = Record<string, OperationAuth>;

/** The contract's tables: each with its area, the auth most of its routes take, and the exceptions. */
const tables: [RouteTable, Tag, OperationAuth, AuthOverrides?][] = [
  [serviceApi, 'health', 'public', { metrics: 'metrics' }],
  [appApi, 'apps', 'public'],
  [sessionApi, 'sessions', 'app', { me: 'user', acceptTerms: 'user' }],
  [emailApi, 'email', 'user', { emailInit: 'app', emailAuthenticate: 'app' }],
  [smsApi, 'sms', 'user', { smsInit: 'app', smsAuthenticate: 'app' }],
  [siweApi, 'siwe', 'user', { siweInit: 'app', siweAuthenticate: 'app' }],
  [siwsApi, 'siws', 'user', { siwsInit: 'app', siwsAuthenticate: 'app' }],
  [oauthApi, 'oauth', 'user', { oauthInit: 'app', oauthAuthenticate: 'app' }],
  [oauthCallbackApi, 'oauth', 'public'],
  [passkeyApi, 'passkeys', 'app', { passkeyLinkInit: 'user', passkeyLink: 'user', passkeyUnlink: 'user' }],
  [guestApi, 'guest', 'app'],
  [customJwtApi, 'customJwt', 'app', { customJwtLink: 'user' }],
  [transferApi, 'transfer', 'user'],
  [mfaApi, 'mfa', 'frame', { mfaSmsInit: 'user', mfaPasskeyInit: 'user' }],
  [mfaAuthApi, 'mfa', 'frame', { mfaAuthPasskeyInit: 'user' }],
  [frameRoutes, 'embeddedWallets', 'frame'],
  [analyticsApi, 'analytics', 'app'],
  [appServerApi, 'appServer', 'server'],
  [usersApi, 'users', 'server'],
  [walletFramePageApi, 'walletFrame', 'public'],
  [adminApi, 'admin', 'admin', { adminSessionCreate: 'public' }],
  [adminWebhooksApi, 'webhooks', 'admin'],
  [dashboardPageApi, 'dashboard', 'public'],
];

/** Summaries that say more than the route's name does. */
const summaries: Record<string, string> = {
  root: 'Name and status of the server',
  health: 'Liveness: the process answers',
  ready: 'Readiness: the database answers and migrations are current',
  metrics: 'Prometheus metrics (when enabled)',
  openApi: 'This OpenAPI document',
  walletFrame: "The wallet frame's page",
  walletFrameExport: 'The key export page',
  walletFrameScript: "The wallet frame's script",
  walletFrameExportScript: "The export page's script",
  adminAppsList: 'List apps',
  adminAppsCreate: 'Create an app (its secret is shown once)',
  adminAppGet: 'Get an app and its configuration',
  adminAppUpdate: "Change an app's configuration",
  adminRotateSigningKey: "Rotate an app's token signing key",
  adminWebhooksList: "List an app's webhook endpoints",
  adminWebhooksCreate: 'Add a webhook endpoint (its secret is shown once)',
  adminWebhookGet: 'Get a webhook endpoint',
  adminWebhookUpdate: 'Change a webhook endpoint',
  adminWebhookDelete: 'Delete a webhook endpoint',
  adminWebhookRotateSecret: "Rotate an endpoint's signing secret",
  adminWebhookDeliveries: "An endpoint's delivery log",
  adminWebhookResend: 'Send a delivery again',
  adminSessionCreate: 'Log in to the dashboard: the admin key in the body, a session cookie back',
  adminSessionDelete: 'Log out of the dashboard',
  adminUsers: "Search or page through an app's users",
  adminUserGet: 'Get a user of an app',
  adminUserDelete: 'Delete a user of an app',
  adminAllowlistList: "List an app's allowlist entries",
  adminAllowlistAdd: 'Add an allowlist entry',
  adminAllowlistRemove: 'Remove an allowlist entry',
  adminDevOutbox: 'The messages the development outbox kept (development only)',
  dashboard: 'The developer dashboard',
  dashboardFiles: "The dashboard's scripts and styles",
  app: "An app's public configuration",
  appJwks: "The app's token verification keys (JWKS)",
  sessions: 'Refresh the session (rotates the refresh token)',
  logout: 'Log out (revokes the session)',
  me: 'The current user, with a fresh identity token',
  emailInit: 'Send an email login code',
  emailAuthenticate: 'Log in (or sign up) with an email code',
  smsInit: 'Send an SMS login code',
  smsAuthenticate: 'Log in (or sign up) with an SMS code',
  siweInit: 'A nonce for a Sign-In with Ethereum message',
  siweAuthenticate: 'Log in with a signed SIWE message',
  siwsInit: 'A nonce for a Sign-In with Solana message',
  siwsAuthenticate: 'Log in with a signed SIWS message',
  oauthInit: "Start an OAuth login: the provider's authorization URL",
  oauthAuthenticate: 'Finish an OAuth login with the returned code',
  oauthCallback: "The providers' redirect URI",
  guestAuthenticate: 'Log in as a guest',
  customJwtAuthenticate: "Log in with the app's own JWT",
  appUsersWallet: 'Pregenerate embedded wallets for a user',
  usersList: "List the app's users",
  usersImport: 'Import a user',
  userGet: 'Get a user',
  userDelete: 'Delete a user',
};

/** `emailInit` → `Email init`: the default summary. */
function fromName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every operation the server serves: the contract's tables (`servedRoutes`), each with its area and auth. */
export function operations(): Operation[] {
  return tables.flatMap(([table, tag, auth, overrides]) =>
    Object.entries(table).map(([name, route]) => ({
      name,
      method: route.method,
      path: route.path,
      tag: tags[tag].name,
      summary: summaries[name] ?? fromName(name),
      auth: overrides?.[name] ?? auth,
    })),
  );
}
