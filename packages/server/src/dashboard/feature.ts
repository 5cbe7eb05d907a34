import { dashboardPageApi, routes } from '@latchkey/protocol';
import type { Context } from 'hono';
import { type Feature, route } from '../feature.ts';
import { ok } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { DashboardFiles, DashboardUnavailableError } from './dashboard-files.ts';

/**
 * The dashboard loads only its own files and talks only to this server's admin API; it is never
 * framed (clickjacking a settings page), and its key field never leaves for another origin.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // The appearance preview shows the app's logo, wherever it is hosted.
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * `/dashboard`: the developer dashboard (apps/dashboard), a static single-page app built into the
 * server package and served from the server's own origin, so its calls to `/admin/v1` are
 * same-origin and its session cookie SameSite=Strict.
 */
export const dashboardFeature: Feature = {
  name: 'dashboard',
  routes: ({ ctx }) => {
    const files = new DashboardFiles();
    const serve = async (c: Context, path: string) => {
      let file: Awaited<ReturnType<DashboardFiles['read']>>;
      try {
        file = await files.read(path);
      } catch (error) {
        if (!(error instanceof DashboardUnavailableError)) throw error;
        ctx.log.error('dashboard unavailable', { error: error.message });
        return c.text(error.message, 503, { 'cache-control': 'no-store' });
      }
      if (!file) throw new ApiError('not_found', 'No such dashboard file.');
      const page = path === '';
      return c.body(new Uint8Array(file.body), 200, {
        'content-type': file.contentType,
        // Assets are named by their content hash; the page must always be current.
        'cache-control': page ? 'no-store' : 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        ...(page ? { 'content-security-policy': contentSecurityPolicy, 'x-frame-options': 'DENY' } : {}),
      });
    };
    return [
      route(dashboardPageApi.dashboard, {
        auth: 'public',
        handler: (c) => c.redirect(`${routes.dashboard}/`, 302),
      }),
      route(dashboardPageApi.dashboardFiles, {
        auth: 'public',
        handler: (c) => serve(c, c.req.path.slice(`${routes.dashboard}/`.length)),
      }),
    ];
  },
  // HTML and scripts, not JSON: dashboard-serving.test.ts covers hostile paths.
  fixtures: {
    [`GET ${routes.dashboard}`]: { valid: { status: 302 }, coveredBy: 'dashboard-serving.test.ts' },
    [`GET ${routes.dashboardFiles}`]: { valid: ok, coveredBy: 'dashboard-serving.test.ts' },
  },
};
