import { routes, walletFramePageApi } from '@latchkey/protocol';
import type { Context } from 'hono';
import { currentDpopNonce } from '../embedded-wallets/dpop.ts';
import { type Feature, route } from '../feature.ts';
import { ok } from '../hostile-fixtures.ts';
import { serverOrigin } from '../http/server-origin.ts';
import { frameAncestors, frameContentSecurityPolicy } from './content-security-policy.ts';
import {
  type BundleName,
  BundlesUnavailableError,
  FrameBundleStore,
  type FrameBundles,
} from './frame-bundles.ts';
import { exportStyle, renderFramePage, renderMessagePage } from './frame-page.ts';

const appIdPattern = /^[a-z0-9]{25}$/;

/** Headers of every frame page: no caching (the config is per app and current), no referrer, no sniffing. */
const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

/** Failure pages load nothing and may be shown anywhere; they say what is wrong and nothing else. */
const messagePolicy = "default-src 'none'; base-uri 'none'; form-action 'none'";

/**
 * The wallet frame pages (WIRE §6): `/apps/:app_id/embedded-wallets` (hidden frame) and
 * `/apps/:app_id/embedded-wallets/export` (key export), on this server's origin so that their storage
 * and their calls to the frame API are out of the host page's reach; and their two scripts.
 */
export const walletFrameFeature: Feature = {
  name: 'wallet-frame',
  routes: ({ ctx }) => {
    const store = new FrameBundleStore();

    /** The bundles, or the 503 that says they cannot be had (as a page, or as text for a script URL). */
    const bundles = async (c: Context, as: 'page' | 'script'): Promise<FrameBundles | Response> => {
      try {
        return await store.load();
      } catch (error) {
        if (!(error instanceof BundlesUnavailableError)) throw error;
        ctx.log.error('wallet frame unavailable', { error: error.message });
        if (as === 'script') return c.text(error.message, 503, { 'cache-control': 'no-store' });
        return c.html(renderMessagePage(error.message), 503, {
          ...pageHeaders,
          'content-security-policy': messagePolicy,
        });
      }
    };

    const page = (kind: BundleName) => async (c: Context) => {
      const appId = c.req.param('app_id') ?? '';
      const app = appIdPattern.test(appId) ? await ctx.apps.load(appId) : null;
      if (!app) {
        return c.html(renderMessagePage('App not found.'), 404, {
          ...pageHeaders,
          'content-security-policy': messagePolicy,
        });
      }
      const loaded = await bundles(c, 'page');
      if (loaded instanceof Response) return loaded;
      const allowedOrigins = app.config.allowed_domains;
      const html = renderFramePage({
        kind,
        config: {
          appId: app.id,
          apiUrl: serverOrigin(ctx.settings),
          allowedOrigins,
          ...(kind === 'frame' ? { dpopNonce: currentDpopNonce(ctx) } : {}),
        },
        bundle: loaded[kind],
      });
      return c.html(html, 200, {
        ...pageHeaders,
        'content-security-policy': frameContentSecurityPolicy({
          frameAncestors: frameAncestors(allowedOrigins),
          style: kind === 'export' ? exportStyle : null,
        }),
      });
    };

    const script = (kind: BundleName) => async (c: Context) => {
      const loaded = await bundles(c, 'script');
      if (loaded instanceof Response) return loaded;
      const bundle = loaded[kind];
      // Pages name the script with its content hash, so that URL can be cached for good; any other
      // URL must be revalidated.
      const current = c.req.query('v') === bundle.version;
      return c.body(bundle.code, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      });
    };

    return [
      route(walletFramePageApi.walletFrame, {
        auth: 'public',
        handler: page('frame'),
      }),
      route(walletFramePageApi.walletFrameExport, {
        auth: 'public',
        handler: page('export'),
      }),
      route(walletFramePageApi.walletFrameScript, {
        auth: 'public',
        handler: script('frame'),
      }),
      route(walletFramePageApi.walletFrameExportScript, {
        auth: 'public',
        handler: script('export'),
      }),
    ];
  },
  // HTML and script, hostile app ids too: wallet-frame-pages.test.ts.
  fixtures: Object.fromEntries(
    [
      routes.walletFrame,
      routes.walletFrameExport,
      routes.walletFrameScript,
      routes.walletFrameExportScript,
    ].map((path) => [`GET ${path}`, { valid: ok, coveredBy: 'wallet-frame-pages.test.ts' }]),
  ),
};
