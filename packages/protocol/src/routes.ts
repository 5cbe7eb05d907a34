import { analyticsApi } from './api/analytics.ts';
import { appApi } from './api/apps.ts';
import { customJwtApi } from './api/custom-jwt.ts';
import { emailApi } from './api/email.ts';
import { guestApi } from './api/guest.ts';
import { routePath } from './api/route.ts';
import { sessionApi } from './api/sessions.ts';
import { smsApi } from './api/sms.ts';
import { transferApi } from './api/transfer.ts';

export { routePath };

/**
 * Client route paths (WIRE.md §3), by the route names of `api` (api/index.ts), where each route is
 * defined with its method and body types (the server's mounted paths still read these). Path parameters are written `:name`.
 */
export const routes = {
  app: appApi.app.path,
  appJwks: appApi.appJwks.path,
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
  siweTransfer: transferApi.siweTransfer.path,
  siwsTransfer: transferApi.siwsTransfer.path,
  guestAuthenticate: guestApi.guestAuthenticate.path,
  customJwtAuthenticate: customJwtApi.customJwtAuthenticate.path,
  customJwtLink: customJwtApi.customJwtLink.path,
} as const;

// `LoginMode` was first exported from here; it is defined with the other login lists.
export type { LoginMode } from './login-methods.ts';
