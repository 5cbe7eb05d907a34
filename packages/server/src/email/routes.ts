import { Hono } from 'hono';
import { z } from 'zod';
import { linkIdentity, unlinkAccount, updateAccount } from '../accounts/link.ts';
import { loginWithIdentity } from '../accounts/login.ts';
import { transferAccount } from '../accounts/transfer.ts';
import { transferNonceInput } from '../accounts/transfer-nonces.ts';
import { assertCaptcha } from '../captcha/assert-captcha.ts';
import { codeInput, sendCode } from '../codes/send-code.ts';
import { consumeCode } from '../codes/verification-codes.ts';
import type { ServerContext } from '../context.ts';
import { boundedString, loginMode, readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { requireUser } from '../http/middleware.ts';
import { startSession } from '../sessions/session-service.ts';
import { toWireUser } from '../users/user-record.ts';
import { acceptEmail, normaliseEmail } from './email-address.ts';

const email = boundedString(320);
const initBody = z.object({ email, token: boundedString(4096).optional() });
const authenticateBody = z.object({ email, code: codeInput, mode: loginMode });
const linkBody = z.object({ email, code: codeInput });
const updateBody = z.object({ oldAddress: email, newAddress: email, code: codeInput });
const unlinkBody = z.object({ address: email });
const transferBody = z.object({ email, nonce: transferNonceInput });

/**
 * `/api/v1/passwordless/*`: email codes for login, linking and updating, and taking over an
 * email another user owns (WIRE.md §3.2).
 */
export function emailRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, ctx.settings.trustProxy);

  routes.post('/init', async (c) => {
    const body = await readBody(c, initBody);
    const app = c.get('app');
    const identifier = acceptEmail(app, body.email);
    await assertCaptcha(ctx, app, body.token, ip(c));
    await sendCode(ctx, app, { channel: 'email', identifier, via: 'email', ip: ip(c) });
    return c.json({ success: true });
  });

  routes.post('/authenticate', async (c) => {
    const body = await readBody(c, authenticateBody);
    const app = c.get('app');
    const address = acceptEmail(app, body.email);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    await consumeCode(ctx, app, 'email', address, body.code);
    const { user, isNewUser } = await loginWithIdentity(
      ctx,
      app,
      { type: 'email', identifier: address },
      { mode: body.mode },
    );
    return c.json(await startSession(ctx, app, user, isNewUser));
  });

  routes.post('/link', requireUser(ctx), async (c) => {
    const body = await readBody(c, linkBody);
    const app = c.get('app');
    const address = acceptEmail(app, body.email);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    await consumeCode(ctx, app, 'email', address, body.code);
    const user = await linkIdentity(
      ctx,
      app,
      c.get('auth').userId,
      { type: 'email', identifier: address },
      { transferable: true },
    );
    return c.json(toWireUser(user));
  });

  routes.post('/update', requireUser(ctx), async (c) => {
    const body = await readBody(c, updateBody);
    const app = c.get('app');
    const next = acceptEmail(app, body.newAddress, 'newAddress');
    // Validate every input before the code is spent: a typo in oldAddress must not burn it.
    const old = normaliseEmail(body.oldAddress, 'oldAddress');
    await ctx.rateLimits.consume('verifyIp', ip(c));
    await consumeCode(ctx, app, 'email', next, body.code);
    const user = await updateAccount(ctx, app, c.get('auth').userId, 'email', old, {
      type: 'email',
      identifier: next,
    });
    return c.json(toWireUser(user));
  });

  routes.post('/unlink', requireUser(ctx), async (c) => {
    const body = await readBody(c, unlinkBody);
    const app = c.get('app');
    const user = await unlinkAccount(
      ctx,
      app,
      c.get('auth').userId,
      'email',
      normaliseEmail(body.address, 'address'),
    );
    return c.json(toWireUser(user));
  });

  routes.post('/transfer', requireUser(ctx), async (c) => {
    const body = await readBody(c, transferBody);
    const app = c.get('app');
    const address = acceptEmail(app, body.email);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    const user = await transferAccount(ctx, app, c.get('auth').userId, body.nonce, {
      type: 'email',
      identifier: address,
    });
    return c.json(toWireUser(user));
  });

  return routes;
}
