import { Hono } from 'hono';
import { z } from 'zod';
import type { VerifiedIdentity } from '../accounts/account-record.ts';
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
import { acceptPhone, normalisePhone, type PhoneNumber } from './phone-number.ts';

const phone = boundedString(64);
const initBody = z.object({ phoneNumber: phone, token: boundedString(4096).optional() });
const authenticateBody = z.object({ phoneNumber: phone, code: codeInput, mode: loginMode });
const linkBody = z.object({ phoneNumber: phone, code: codeInput });
// snake_case here, camelCase elsewhere: exactly as the incumbent's clients send it (WIRE.md §3.2).
const updateBody = z.object({ old_phone_number: phone, new_phone_number: phone, code: codeInput });
const unlinkBody = z.object({ phoneNumber: phone });
const transferBody = z.object({ phoneNumber: phone, nonce: transferNonceInput });

const identity = (p: PhoneNumber): VerifiedIdentity => ({
  type: 'phone',
  identifier: p.e164,
  details: { display: p.display },
});

/**
 * `/api/v1/passwordless_sms/*`: SMS (or WhatsApp) codes for login, linking and updating, and
 * taking over a number another user owns.
 */
export function smsRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, ctx.settings.trustProxy);

  routes.post('/init', async (c) => {
    const body = await readBody(c, initBody);
    const app = c.get('app');
    const number = acceptPhone(app, body.phoneNumber);
    const via = app.config.whatsapp_enabled ? 'whatsapp' : 'sms';
    await assertCaptcha(ctx, app, body.token, ip(c));
    await sendCode(ctx, app, { channel: 'sms', identifier: number.e164, via, ip: ip(c) });
    return c.json({ success: true });
  });

  routes.post('/authenticate', async (c) => {
    const body = await readBody(c, authenticateBody);
    const app = c.get('app');
    const number = acceptPhone(app, body.phoneNumber);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    await consumeCode(ctx, app, 'sms', number.e164, body.code);
    const { user, isNewUser } = await loginWithIdentity(ctx, app, identity(number), { mode: body.mode });
    return c.json(await startSession(ctx, app, user, isNewUser));
  });

  routes.post('/link', requireUser(ctx), async (c) => {
    const body = await readBody(c, linkBody);
    const app = c.get('app');
    const number = acceptPhone(app, body.phoneNumber);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    await consumeCode(ctx, app, 'sms', number.e164, body.code);
    const user = await linkIdentity(ctx, app, c.get('auth').userId, identity(number), { transferable: true });
    return c.json(toWireUser(user));
  });

  routes.post('/update', requireUser(ctx), async (c) => {
    const body = await readBody(c, updateBody);
    const app = c.get('app');
    const next = acceptPhone(app, body.new_phone_number);
    // Validate every input before the code is spent: a typo in the old number must not burn it.
    const old = normalisePhone(body.old_phone_number).e164;
    await ctx.rateLimits.consume('verifyIp', ip(c));
    await consumeCode(ctx, app, 'sms', next.e164, body.code);
    return c.json(
      toWireUser(await updateAccount(ctx, app, c.get('auth').userId, 'phone', old, identity(next))),
    );
  });

  routes.post('/unlink', requireUser(ctx), async (c) => {
    const body = await readBody(c, unlinkBody);
    const app = c.get('app');
    const number = normalisePhone(body.phoneNumber).e164;
    return c.json(toWireUser(await unlinkAccount(ctx, app, c.get('auth').userId, 'phone', number)));
  });

  routes.post('/transfer', requireUser(ctx), async (c) => {
    const body = await readBody(c, transferBody);
    const app = c.get('app');
    const number = acceptPhone(app, body.phoneNumber);
    await ctx.rateLimits.consume('verifyIp', ip(c));
    const user = await transferAccount(ctx, app, c.get('auth').userId, body.nonce, identity(number));
    return c.json(toWireUser(user));
  });

  return routes;
}
