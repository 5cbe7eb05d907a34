/**
 * The server's route paths (WIRE.md §3; the wallet frame's own API is `frameApi`). Path parameters
 * are written `:name`.
 */
export const routes = {
  root: '/',
  health: '/health',
  app: '/api/v1/apps/:app_id',
  appJwks: '/api/v1/apps/:app_id/jwks.json',
  appAllowlist: '/api/v1/apps/:app_id/allowlist',
  appTestCredentials: '/api/v1/apps/:app_id/test_credentials',
  appDevOutbox: '/api/v1/apps/:app_id/dev_outbox',
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
  siweInit: '/api/v1/siwe/init',
  siweAuthenticate: '/api/v1/siwe/authenticate',
  siweLink: '/api/v1/siwe/link',
  siweLinkSmartWallet: '/api/v1/siwe/link_smart_wallet',
  siweUnlink: '/api/v1/siwe/unlink',
  siweTransfer: '/api/v1/siwe/transfer',
  siwsInit: '/api/v1/siws/init',
  siwsAuthenticate: '/api/v1/siws/authenticate',
  siwsLink: '/api/v1/siws/link',
  siwsUnlink: '/api/v1/siws/unlink',
  siwsTransfer: '/api/v1/siws/transfer',
  guestAuthenticate: '/api/v1/guest/authenticate',
  customJwtAuthenticate: '/api/v1/custom_jwt_account/authenticate',
  customJwtLink: '/api/v1/custom_jwt_account/link',
  /** The wallet frame's pages and scripts (WIRE §6), served on the server's own origin. */
  walletFrame: '/apps/:app_id/embedded-wallets',
  walletFrameExport: '/apps/:app_id/embedded-wallets/export',
  walletFrameScript: '/embedded-wallets/frame.js',
  walletFrameExportScript: '/embedded-wallets/export.js',
  /** The admin API (`Authorization: Bearer <admin key>`). */
  adminApps: '/admin/v1/apps',
  adminApp: '/admin/v1/apps/:id',
  adminRotateSigningKey: '/admin/v1/apps/:id/signing_keys/rotate',
} as const;

/** Fill `:name` parameters of a route path. */
export function routePath(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** `mode` accepted by every login route. */
export type LoginMode = 'login-or-sign-up' | 'no-signup';
