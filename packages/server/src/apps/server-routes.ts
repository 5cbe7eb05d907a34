import { Hono } from 'hono';
import { z } from 'zod';
import { addAllowlistEntry, listAllowlist, removeAllowlistEntry } from '../accounts/allowlist.ts';
import type { ServerContext } from '../context.ts';
import type { DevOutbox } from '../delivery/dev-outbox.ts';
import { normaliseEmail } from '../email/email-address.ts';
import { ApiError } from '../http/api-error.ts';
import { readBody } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { requireServerCaller } from '../http/middleware.ts';
import { normalisePhone } from '../sms/phone-number.ts';

const entryBody = z.object({ type: z.enum(['email', 'phone', 'wallet']), value: z.string().min(1).max(320) });

function normaliseEntry(type: 'email' | 'phone' | 'wallet', value: string): string {
  if (type === 'email')
    return value.trim().startsWith('@') ? value.trim().toLowerCase() : normaliseEmail(value, 'value');
  if (type === 'phone') return normalisePhone(value).e164;
  return value.trim().toLowerCase();
}

/**
 * Server-to-server app routes under `/api/v1/apps/:app_id` (WIRE.md §7.2), authenticated with the
 * app secret: allowlist, test credentials, and the development outbox.
 */
export function serverAppRoutes(ctx: ServerContext, devOutbox: DevOutbox | null) {
  const routes = new Hono<AppEnv>();
  routes.use('/:app_id/*', requireServerCaller(), async (c, next) => {
    if (c.req.param('app_id') !== c.get('app').id) throw new ApiError('missing_or_invalid_privy_app_id');
    await next();
  });

  routes.get('/:app_id/allowlist', async (c) => c.json(await listAllowlist(ctx, c.get('app').id)));
  routes.post('/:app_id/allowlist', async (c) => {
    const { type, value } = await readBody(c, entryBody);
    return c.json(await addAllowlistEntry(ctx, c.get('app').id, type, normaliseEntry(type, value)));
  });
  routes.delete('/:app_id/allowlist', async (c) => {
    const { type, value } = await readBody(c, entryBody);
    await removeAllowlistEntry(ctx, c.get('app').id, type, normaliseEntry(type, value));
    return c.json({ message: 'Allowlist entry deleted.' });
  });

  routes.get('/:app_id/test_credentials', async (c) => {
    const s = c.get('app').settings;
    if (!s.test_credentials_enabled) return c.json({ data: [] });
    return c.json({
      data: [{ email: s.test_email, phone_number: s.test_phone_number, otp_code: s.test_otp_code }],
    });
  });

  routes.get('/:app_id/dev_outbox', async (c) => {
    if (!devOutbox)
      throw new ApiError(
        'feature_not_enabled',
        'The development outbox is off: it exists in development mode only, for channels without a provider.',
      );
    const to = c.req.query('to');
    const messages = devOutbox.list(c.get('app').id, to?.slice(0, 320));
    return c.json({
      data: messages.map((m) => ({
        channel: m.channel,
        to: m.to,
        subject: m.subject ?? null,
        text: m.text,
        sent_at: m.sentAt,
      })),
    });
  });
  return routes;
}
