import { routePath } from './api/route.ts';

/**
 * The wallet frame's pages on the Latchkey server's origin (WIRE.md §6): the hidden signing frame and
 * the key-export frame. The server serves them; core and react point iframes at them.
 */
export const framePages = {
  frame: '/apps/:app_id/embedded-wallets',
  export: '/apps/:app_id/embedded-wallets/export',
} as const;

/** A frame page's path for an app. */
export const framePagePath = (page: keyof typeof framePages, appId: string): string =>
  routePath(framePages[page], { app_id: appId });
