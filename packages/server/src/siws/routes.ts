import { Hono } from 'hono';
import { z } from 'zod';
import { loginWithIdentity } from '../accounts/login.ts';
import type { AppRecord } from '../apps/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString, loginMode, readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { requireUser } from '../http/middleware.ts';
import { startSession } from '../sessions/session-service.ts';
import { toWireUser } from '../users/user-record.ts';
import { parseSolanaAddress } from '../wallets/addresses.ts';
import { walletInitHandler } from '../wallets/init-route.ts';
import { walletTransferBody, walletTransferHandler } from '../wallets/transfer-route.ts';
import {
  clientLabel,
  linkWallet,
  unlinkWallet,
  walletIdentity,
  walletLoginMode,
} from '../wallets/wallet-accounts.ts';
import { verifySiws } from './verify-siws.ts';

const address = boundedString(100);
const linkBody = z.object({
  message: boundedString(4096),
  signature: boundedString(200),
  walletClientType: clientLabel,
  connectorType: clientLabel,
  message_type: z.enum(['plain', 'transaction', 'offchain-message']).optional(),
});
const authenticateBody = linkBody.extend({ mode: loginMode });
const unlinkBody = z.object({ address });

function assertSiwsEnabled(app: AppRecord): void {
  if (!app.config.solana_wallet_auth)
    throw new ApiError('disallowed_login_method', 'Solana wallet login is not enabled for this app.');
}

/**
 * Only `plain` messages are verified. `transaction` (a signed memo transaction, for wallets that
 * cannot sign messages, e.g. Ledger) and `offchain-message` are not supported yet.
 */
function assertPlain(messageType: string | undefined): void {
  if (messageType !== undefined && messageType !== 'plain')
    throw new ApiError('invalid_data', `message_type '${messageType}' is not supported.`);
}

/**
 * `/api/v1/siws/*`: Sign-In with Solana for login, linking, unlinking and taking over a wallet
 * another user owns (WIRE.md §3.3).
 */
export function siwsRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, ctx.settings.trustProxy);

  routes.post(
    '/init',
    walletInitHandler(ctx, { assertEnabled: assertSiwsEnabled, parseAddress: parseSolanaAddress }),
  );

  routes.post('/authenticate', async (c) => {
    const body = await readBody(c, authenticateBody);
    const app = c.get('app');
    assertSiwsEnabled(app);
    assertPlain(body.message_type);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    const wallet = await verifySiws(ctx, app, body);
    const identity = walletIdentity(wallet, {
      chainId: null,
      walletClientType: body.walletClientType,
      connectorType: body.connectorType,
    });
    const { user, isNewUser } = await loginWithIdentity(ctx, app, identity, {
      mode: walletLoginMode(app, body.mode),
    });
    return c.json(await startSession(ctx, app, user, isNewUser));
  });

  routes.post('/link', requireUser(ctx), async (c) => {
    const body = await readBody(c, linkBody);
    const app = c.get('app');
    assertSiwsEnabled(app);
    assertPlain(body.message_type);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    const wallet = await verifySiws(ctx, app, body);
    const identity = walletIdentity(wallet, {
      chainId: null,
      walletClientType: body.walletClientType,
      connectorType: body.connectorType,
    });
    const user = await linkWallet(ctx, app, c.get('auth').userId, identity);
    return c.json(toWireUser(user));
  });

  routes.post('/unlink', requireUser(ctx), async (c) => {
    const body = await readBody(c, unlinkBody);
    const app = c.get('app');
    const user = await unlinkWallet(ctx, app, c.get('auth').userId, parseSolanaAddress(body.address));
    return c.json(toWireUser(user));
  });

  routes.post(
    '/transfer',
    requireUser(ctx),
    walletTransferHandler(ctx, {
      assertEnabled: assertSiwsEnabled,
      parseAddress: parseSolanaAddress,
      body: walletTransferBody,
    }),
  );

  return routes;
}
