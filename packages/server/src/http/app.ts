import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { adminRoutes } from '../admin/routes.ts';
import { analyticsRoutes } from '../analytics/routes.ts';
import { publicAppRoutes } from '../apps/public-routes.ts';
import { serverAppRoutes } from '../apps/server-routes.ts';
import type { ServerContext } from '../context.ts';
import { customJwtRoutes } from '../custom-jwt/routes.ts';
import type { DevOutbox } from '../delivery/dev-outbox.ts';
import { emailRoutes } from '../email/routes.ts';
import { embeddedWalletRoutes } from '../embedded-wallets/routes.ts';
import { guestRoutes } from '../guest/routes.ts';
import { cookieSessionResponses } from '../sessions/cookie-session-responses.ts';
import { sessionRoutes } from '../sessions/routes.ts';
import { siweRoutes } from '../siwe/routes.ts';
import { siwsRoutes } from '../siws/routes.ts';
import { smsRoutes } from '../sms/routes.ts';
import { userRoutes } from '../users/routes.ts';
import { walletFrameRoutes } from '../wallet-frame/routes.ts';
import { ApiError } from './api-error.ts';
import { cors } from './cors.ts';
import type { AppEnv } from './env.ts';
import { requireApp } from './middleware.ts';

/** Builds the HTTP application: every route, CORS, body limit and the JSON error contract. */
export function buildHttpApp(
  ctx: ServerContext,
  options: { adminKeyHash: string | null; devOutbox: DevOutbox | null },
) {
  const root = new Hono();
  root.use('*', cors(ctx, { publicPaths: /^\/api\/v1\/apps\/[a-z0-9]{25}(\/jwks\.json)?$/ }));
  root.use(
    '*',
    bodyLimit({
      maxSize: ctx.settings.bodyLimitBytes,
      onError: () => {
        throw new ApiError('payload_too_large');
      },
    }),
  );

  root.get('/', (c) => c.json({ name: 'latchkey', status: 'ok' }));
  root.get('/health', (c) => c.json({ status: 'ok' }));
  root.route('/api/v1/apps', publicAppRoutes(ctx));
  if (options.adminKeyHash) root.route('/admin/v1', adminRoutes(ctx, options.adminKeyHash));
  root.route('/', walletFrameRoutes(ctx));

  const client = new Hono<AppEnv>();
  client.use('*', requireApp(ctx), cookieSessionResponses(ctx));
  client.route('/apps', serverAppRoutes(ctx, options.devOutbox));
  client.route('/sessions', sessionRoutes(ctx));
  client.route('/users', userRoutes(ctx));
  client.route('/analytics_events', analyticsRoutes(ctx));
  client.route('/passwordless', emailRoutes(ctx));
  client.route('/passwordless_sms', smsRoutes(ctx));
  client.route('/guest', guestRoutes(ctx));
  client.route('/custom_jwt_account', customJwtRoutes(ctx));
  client.route('/siwe', siweRoutes(ctx));
  client.route('/siws', siwsRoutes(ctx));
  client.route('/embedded_wallets', embeddedWalletRoutes(ctx));
  root.route('/api/v1', client);

  root.notFound((c) =>
    c.json(new ApiError('not_found', `No route for ${c.req.method} ${c.req.path}.`).toBody(), 404),
  );
  root.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException) {
      const code = error.status === 413 ? 'payload_too_large' : 'invalid_request';
      return c.json(new ApiError(code, error.message || undefined).toBody(), error.status);
    }
    ctx.log.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: String(error),
      stack: (error as Error).stack,
    });
    return c.json(new ApiError('internal_error').toBody(), 500);
  });
  return root;
}
