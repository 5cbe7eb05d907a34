/** Client route paths (WIRE.md §3). Path parameters are written `:name`. */
export const routes = {
  app: '/api/v1/apps/:app_id',
  appJwks: '/api/v1/apps/:app_id/jwks.json',
  sessions: '/api/v1/sessions',
  logout: '/api/v1/sessions/logout',
  me: '/api/v1/users/me',
  acceptTerms: '/api/v1/users/me/accept_terms',
  analyticsEvents: '/api/v1/analytics_events',
  emailInit: '/api/v1/passwordless/init',
  emailAuthenticate: '/api/v1/passwordless/authenticate',
  emailLink: '/api/v1/passwordless/link',
  emailUpdate: '/api/v1/passwordless/update',
  emailUnlink: '/api/v1/passwordless/unlink',
  emailTransfer: '/api/v1/passwordless/transfer',
  smsInit: '/api/v1/passwordless_sms/init',
  smsAuthenticate: '/api/v1/passwordless_sms/authenticate',
  smsLink: '/api/v1/passwordless_sms/link',
  smsUpdate: '/api/v1/passwordless_sms/update',
  smsUnlink: '/api/v1/passwordless_sms/unlink',
  smsTransfer: '/api/v1/passwordless_sms/transfer',
  siweTransfer: '/api/v1/siwe/transfer',
  siwsTransfer: '/api/v1/siws/transfer',
  guestAuthenticate: '/api/v1/guest/authenticate',
  customJwtAuthenticate: '/api/v1/custom_jwt_account/authenticate',
  customJwtLink: '/api/v1/custom_jwt_account/link',
} as const;

/** Fill `:name` parameters of a route path. */
export function routePath(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** `mode` accepted by every login route. */
export type LoginMode = 'login-or-sign-up' | 'no-signup';
