import { farcasterV2Api } from '@latchkey/protocol';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { loginWithIdentity } from '../login/login.ts';
import { loginResponse } from '../sessions/session-service.ts';
import { v2AuthenticateBody, v2InitBody } from './bodies.ts';
import { assertFarcasterEnabled, verifyMiniAppSignIn } from './sign-in.ts';
import { issueV2Nonce } from './v2-nonces.ts';

/**
 * The v2 (Mini App) login (WIRE.md §3.6): no channel, the Mini App host signs the SIWF message
 * itself (`sdk.actions.signIn({nonce})`) with a nonce the app asked for here.
 */
export function miniAppRoutes(ctx: ServerContext): Route[] {
  const ip = (c: Context<AppEnv>) => clientIp(c, ctx.settings.trustProxy);
  return [
    route(farcasterV2Api.farcasterV2Init, {
      auth: 'app',
      body: v2InitBody,
      handler: async (c) => {
        const app = c.get('app');
        assertFarcasterEnabled(app);
        await ctx.rateLimits.consume('verifyIp', ip(c));
        const { nonce, expiresAt } = await issueV2Nonce(ctx, app.id);
        return c.json({ nonce, expires_at: new Date(expiresAt * 1000).toISOString() });
      },
    }),
    route(farcasterV2Api.farcasterV2Authenticate, {
      auth: 'app',
      body: v2AuthenticateBody,
      handler: async (c, body) => {
        const app = c.get('app');
        assertFarcasterEnabled(app);
        await ctx.rateLimits.consume('verifyIp', ip(c));
        const identity = await verifyMiniAppSignIn(ctx, app, body);
        const login = await loginWithIdentity(ctx, app, identity, { mode: body.mode });
        return c.json(await loginResponse(ctx, app, login));
      },
    }),
  ];
}
