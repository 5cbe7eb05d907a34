import { adminApi, adminWebhooksApi } from './api/admin.ts';
import { analyticsApi } from './api/analytics.ts';
import { appApi, appServerApi } from './api/apps.ts';
import { customJwtApi } from './api/custom-jwt.ts';
import { emailApi } from './api/email.ts';
import { guestApi } from './api/guest.ts';
import { oauthApi, oauthCallbackApi } from './api/oauth.ts';
import { routePath } from './api/route.ts';
import { dashboardPageApi, serviceApi, walletFramePageApi } from './api/service.ts';
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
  root: serviceApi.root.path,
  health: serviceApi.health.path,
  /** Readiness: 200 when the database answers and its migrations are current, else 503. */
  ready: serviceApi.ready.path,
  /** Prometheus metrics (only when enabled: `LATCHKEY_METRICS` / `LATCHKEY_METRICS_TOKEN`). */
  metrics: serviceApi.metrics.path,
  /** The OpenAPI 3.1 document of this API. */
  openApi: serviceApi.openApi.path,
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
  walletFrame: walletFramePageApi.walletFrame.path,
  walletFrameExport: walletFramePageApi.walletFrameExport.path,
  walletFrameScript: walletFramePageApi.walletFrameScript.path,
  walletFrameExportScript: walletFramePageApi.walletFrameExportScript.path,
  /** The admin API (`Authorization: Bearer <admin key>`). */
  adminApps: adminApi.adminAppsList.path,
  adminApp: adminApi.adminAppGet.path,
  adminRotateSigningKey: adminApi.adminRotateSigningKey.path,
  /** An app's webhook endpoints, their secrets and delivery logs (protocol webhooks.ts). */
  adminWebhooks: adminWebhooksApi.adminWebhooksList.path,
  adminWebhook: adminWebhooksApi.adminWebhookGet.path,
  adminWebhookRotateSecret: adminWebhooksApi.adminWebhookRotateSecret.path,
  adminWebhookDeliveries: adminWebhooksApi.adminWebhookDeliveries.path,
  adminWebhookResend: adminWebhooksApi.adminWebhookResend.path,
  /** The dashboard's login (admin key in the body → session cookie) and logout. */
  adminSession: adminApi.adminSessionCreate.path,
  /** An app's users as the dashboard sees them: search, one user, delete. */
  adminUsers: adminApi.adminUsers.path,
  adminUser: adminApi.adminUserGet.path,
  /** An app's allowlist as the dashboard manages it (list, add, remove). */
  adminAllowlist: adminApi.adminAllowlistList.path,
  /** The development outbox of an app (development mode only). */
  adminDevOutbox: adminApi.adminDevOutbox.path,
  /** The developer dashboard (apps/dashboard), served by the server. */
  dashboard: dashboardPageApi.dashboard.path,
  dashboardFiles: dashboardPageApi.dashboardFiles.path,
} as const;

// `LoginMode` was first exported from here; it is defined with the other login lists.
export type { LoginMode } from './login-methods.ts';
