import type { Context } from 'hono';
import type { ServerSettings } from '../settings.ts';

/**
 * The origin this server is reached at: `publicUrl` when set (behind a proxy that rewrites Host),
 * else the request URL's scheme and Host. A browser cannot forge the Host it connects to, so a
 * page elsewhere cannot make its own origin look like this one. The wallet frame is served here,
 * so the frame's requests carry it as their Origin.
 */
export function serverOrigin(c: Context, settings: Pick<ServerSettings, 'publicUrl'>): string {
  return settings.publicUrl ?? new URL(c.req.url).origin;
}
