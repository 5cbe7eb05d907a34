import { analyticsApi } from './api/analytics.ts';
import { appApi, appServerApi } from './api/apps.ts';
import { customJwtApi } from './api/custom-jwt.ts';
import { emailApi } from './api/email.ts';
import { guestApi } from './api/guest.ts';
import { oauthApi, oauthCallbackApi } from './api/oauth.ts';
import { routePath } from './api/route.ts';
import { sessionApi } from './api/sessions.ts';
import { siweApi } from './api/siwe.ts';
import { siwsApi } from './api/siws.ts';
import { smsApi } from './api/sms.ts';
import { transferApi } from './api/transfer.ts';

export { routePath };

/**
 * Client route paths (WIRE.md §3), by the route names of `api` (api/index.ts), where each route is
 * defined with its method and body types (the server's mounted paths still read these). Path parameters are written `:name`.
 */
export const routes = {
  root: '/',
  health: '/health',
  /** Readiness: 200 when the database answers and its migrations are current, else 503. */
  ready: '/ready',
  /** Prometheus metrics (only when enabled: `LATCHKEY_METRICS` / `LATCHKEY_METRICS_TOKEN`). */
  metrics: '/metrics',
  /** The OpenAPI 3.1 document of this API. */
  openApi: '/openapi.json',
  app: appApi.app.path,
  appJwks: appApi.appJwks.path,
  appAllowlist: appServerApi.appAllowlist.path,
  appTestCredentials: appServerApi.appTestCredentials.path,
  appDevOutbox: appServerApi.appDevOutbox.path,
  appUsersWallet: appServerApi.appUsersWallet.path,
  sessions: sessionApi.sessions.path,
  logout: sessionApi.logout.path,
  me: sessionApi.me.path,
  acceptTerms: sessionApi.acceptTerms.path,
  analyticsEvents: analyticsApi.analyticsEvents.path,
  emailInit: emailApi.emailInit.path,
  emailAuthenticate: emailApi.emailAuthenticate.path,
  emailLink: emailApi.emailLink.path,
  emailUpdate: emailApi.emailUpdate.path,
  emailUnlink: emailApi.emailUnlink.path,
  emailTransfer: transferApi.emailTransfer.path,
  smsInit: smsApi.smsInit.path,
  smsAuthenticate: smsApi.smsAuthenticate.path,
  smsLink: smsApi.smsLink.path,
  smsUpdate: smsApi.smsUpdate.path,
  smsUnlink: smsApi.smsUnlink.path,
  smsTransfer: transferApi.smsTransfer.path,
  siweInit: siweApi.siweInit.path,
  siweAuthenticate: siweApi.siweAuthenticate.path,
  siweLink: siweApi.siweLink.path,
  siweLinkSmartWallet: siweApi.siweLinkSmartWallet.path,
  siweUnlink: siweApi.siweUnlink.path,
  siweTransfer: transferApi.siweTransfer.path,
  siwsInit: siwsApi.siwsInit.path,
  siwsAuthenticate: siwsApi.siwsAuthenticate.path,
  siwsLink: siwsApi.siwsLink.path,
  siwsUnlink: siwsApi.siwsUnlink.path,
  siwsTransfer: transferApi.siwsTransfer.path,
  guestAuthenticate: guestApi.guestAuthenticate.path,
  customJwtAuthenticate: customJwtApi.customJwtAuthenticate.path,
  customJwtLink: customJwtApi.customJwtLink.path,
  oauthInit: oauthApi.oauthInit.path,
  oauthAuthenticate: oauthApi.oauthAuthenticate.path,
  oauthLink: oauthApi.oauthLink.path,
  oauthUnlink: oauthApi.oauthUnlink.path,
  oauthTransfer: transferApi.oauthTransfer.path,
  /** The server's provider callback (GET, and POST for `form_post`): `{public URL}` + this is the redirect URI. */
  oauthCallback: oauthCallbackApi.oauthCallback.path,
  /** The wallet frame's pages and scripts (WIRE §6), served on the server's own origin. */
  walletFrame: '/apps/:app_id/embedded-wallets',
  walletFrameExport: '/apps/:app_id/embedded-wallets/export',
  walletFrameScript: '/embedded-wallets/frame.js',
  walletFrameExportScript: '/embedded-wallets/export.js',
  /** The admin API (`Authorization: Bearer <admin key>`). */
  adminApps: '/admin/v1/apps',
  adminApp: '/admin/v1/apps/:id',
  adminRotateSigningKey: '/admin/v1/apps/:id/signing_keys/rotate',
  /** An app's webhook endpoints, their secrets and delivery logs (protocol webhooks.ts). */
  adminWebhooks: '/admin/v1/apps/:id/webhooks',
  adminWebhook: '/admin/v1/apps/:id/webhooks/:webhook_id',
  adminWebhookRotateSecret: '/admin/v1/apps/:id/webhooks/:webhook_id/rotate_secret',
  adminWebhookDeliveries: '/admin/v1/apps/:id/webhooks/:webhook_id/deliveries',
  adminWebhookResend: '/admin/v1/apps/:id/webhooks/:webhook_id/deliveries/:delivery_id/resend',
  /** The dashboard's login (admin key in the body → session cookie) and logout. */
  adminSession: '/admin/v1/session',
  /** An app's users as the dashboard sees them: search, one user, delete. */
  adminUsers: '/admin/v1/apps/:id/users',
  adminUser: '/admin/v1/apps/:id/users/:user_id',
  /** An app's allowlist as the dashboard manages it (list, add, remove). */
  adminAllowlist: '/admin/v1/apps/:id/allowlist',
  /** The development outbox of an app (development mode only). */
  adminDevOutbox: '/admin/v1/apps/:id/dev_outbox',
  /** The developer dashboard (apps/dashboard), served by the server. */
  dashboard: '/dashboard',
  dashboardFiles: '/dashboard/*',
} as const;

// `LoginMode` was first exported from here; it is defined with the other login lists.
export type { LoginMode } from './login-methods.ts';
