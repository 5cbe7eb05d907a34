import { Hono } from 'hono';
import { z } from 'zod';
import { linkIdentity } from '../accounts/link.ts';
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
import { parseEthereumAddress } from '../wallets/addresses.ts';
import { walletInitHandler } from '../wallets/init-route.ts';
import { walletTransferBody, walletTransferHandler } from '../wallets/transfer-route.ts';
import {
  clientLabel,
  linkWallet,
  smartWalletType,
  unlinkWallet,
  walletIdentity,
  walletLoginMode,
} from '../wallets/wallet-accounts.ts';
import { smartWalletSignIn, verifySiwe } from './verify-siwe.ts';

const address = boundedString(100);
const message = boundedString(4096);
// EIP-6492 signatures wrap the factory call: allow room beyond a 65-byte ECDSA signature.
const signature = boundedString(32 * 1024);
const linkBody = z.object({
  message,
  signature,
  chainId: boundedString(100).optional(),
  walletClientType: clientLabel,
  connectorType: clientLabel,
});
const authenticateBody = linkBody.extend({ mode: loginMode });
const smartWalletBody = z.object({
  message,
  signature,
  smart_wallet_type: smartWalletType,
  smart_wallet_version: boundedString(100).nullable().optional(),
});
const unlinkBody = z.object({ address });
// The wallet's chain as CAIP-2 (`eip155:1`); a bare number is read as an eip155 id.
const caip2ChainId = boundedString(100)
  .regex(/^(eip155:)?[0-9]{1,20}$/, "must be a chain id such as 'eip155:1'")
  .transform((id) => (id.startsWith('eip155:') ? id : `eip155:${id}`));
const transferBody = walletTransferBody.extend({ chainId: caip2ChainId.optional() });

function assertSiweEnabled(app: AppRecord): void {
  if (!app.config.wallet_auth)
    throw new ApiError('disallowed_login_method', 'Ethereum wallet login is not enabled for this app.');
}

/**
 * `/api/v1/siwe/*`: Sign-In with Ethereum for login, linking, unlinking and taking over a wallet
 * another user owns (WIRE.md §3.3).
 */
export function siweRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, ctx.settings.trustProxy);

  routes.post(
    '/init',
    walletInitHandler(ctx, { assertEnabled: assertSiweEnabled, parseAddress: parseEthereumAddress }),
  );

  routes.post('/authenticate', async (c) => {
    const body = await readBody(c, authenticateBody);
    const app = c.get('app');
    assertSiweEnabled(app);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    const { address: wallet, chainId } = await verifySiwe(ctx, app, body);
    const identity = walletIdentity(wallet, {
      chainId: `eip155:${chainId}`,
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
    assertSiweEnabled(app);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    const { address: wallet, chainId } = await verifySiwe(ctx, app, body);
    const identity = walletIdentity(wallet, {
      chainId: `eip155:${chainId}`,
      walletClientType: body.walletClientType,
      connectorType: body.connectorType,
    });
    const user = await linkWallet(ctx, app, c.get('auth').userId, identity);
    return c.json(toWireUser(user));
  });

  // A smart wallet proves itself with a SIWE message it signs (EIP-1271, or EIP-6492 before it is
  // deployed), on the fixed privy.io domain or the app's own. Not gated on wallet_auth: smart
  // wallets belong to the embedded-wallet flow, not to external-wallet login.
  routes.post('/link_smart_wallet', requireUser(ctx), async (c) => {
    const body = await readBody(c, smartWalletBody);
    const app = c.get('app');
    await ctx.rateLimits.consume('verifyIp', ip(c));
    const { address: wallet } = await verifySiwe(ctx, app, body, { alsoAllow: smartWalletSignIn });
    const details: Record<string, unknown> = {
      address: wallet.display,
      smart_wallet_type: body.smart_wallet_type,
    };
    if (body.smart_wallet_version) details.smart_wallet_version = body.smart_wallet_version;
    // One smart wallet per user: the default one-per-type rule.
    const user = await linkIdentity(ctx, app, c.get('auth').userId, {
      type: 'smart_wallet',
      identifier: wallet.identifier,
      details,
    });
    return c.json(toWireUser(user));
  });

  routes.post('/unlink', requireUser(ctx), async (c) => {
    const body = await readBody(c, unlinkBody);
    const app = c.get('app');
    const user = await unlinkWallet(ctx, app, c.get('auth').userId, parseEthereumAddress(body.address));
    return c.json(toWireUser(user));
  });

  routes.post(
    '/transfer',
    requireUser(ctx),
    walletTransferHandler(ctx, {
      assertEnabled: assertSiweEnabled,
      parseAddress: parseEthereumAddress,
      body: transferBody,
    }),
  );

  return routes;
}
