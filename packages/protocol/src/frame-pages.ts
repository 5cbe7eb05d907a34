/**
 * The wallet frame's pages on the Latchkey server's origin (WIRE.md §6): the hidden signing frame and
 * the key-export frame. The server serves them; core and react point iframes at them.
 */
export const framePages = {
  frame: '/apps/:app_id/embedded-wallets',
  export: '/apps/:app_id/embedded-wallets/export',
} as const;

/** A frame page's path for an app (not through `routePath`, which the frame proxy would then share). */
export const framePagePath = (page: keyof typeof framePages, appId: string): string =>
  framePages[page].replace(':app_id', encodeURIComponent(appId));

/**
 * The query of the signing frame's page, set by the host: the client analytics id, the client id, and
 * how long (seconds) the frame keeps a wallet's rebuilt keys after its last use (the app's
 * `walletKeyIdleSeconds`; the frame's default when absent, 0 for none).
 */
export const frameQuery = {
  analyticsId: 'caid',
  clientId: 'client_id',
  keyIdleSeconds: 'key_idle_seconds',
} as const;
