import type { ServerSettings } from '../settings.ts';

/**
 * The origin this server is reached at: the configured public URL, never the request's Host
 * header, which any client can set (`Host: evil.test` with `Origin: http://evil.test` must not pass
 * for this server's own origin). The wallet frame is served from it and calls the API there.
 */
export function serverOrigin(settings: Pick<ServerSettings, 'publicUrl'>): string {
  if (!settings.publicUrl) throw new Error('The server has no public URL: set LATCHKEY_PUBLIC_URL');
  return settings.publicUrl;
}
