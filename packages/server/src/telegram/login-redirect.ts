import type { Context } from 'hono';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';
import { isAllowedOrigin } from '../http/origin.ts';
import { telegramSettings } from './settings.ts';
import { assertTelegramEnabled } from './verify-telegram.ts';

const refuse = (detail: string) => new ApiError('invalid_data', `Invalid return_to: ${detail}`);

/**
 * Where Telegram may send the browser back: an http(s) page on one of the app's `allowed_domains`.
 * An app that lists none has nothing to check a top-level navigation against (it carries no
 * Origin), so it cannot use the redirect login: the server is never an open redirect.
 */
export function acceptReturnTo(app: AppRecord, returnTo: string | undefined): URL {
  if (!returnTo) throw refuse('Required');
  if (returnTo.length > 2048) throw refuse('too long.');
  let url: URL;
  try {
    url = new URL(returnTo);
  } catch {
    throw refuse('must be an absolute URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('must be an http(s) URL.');
  if (url.username || url.password) throw refuse('must not carry credentials.');
  if (app.config.allowed_domains.length === 0)
    throw refuse('the app lists no allowed domains, so no page may receive a Telegram login.');
  if (!isAllowedOrigin(app, url.origin))
    throw refuse(`${url.origin} is not one of the app's allowed domains.`);
  return url;
}

/**
 * `GET /api/v1/apps/:app_id/telegram/login?return_to=URL`: the redirect login (no popup). Sends the
 * browser to Telegram's login page for the app's bot; Telegram comes back to `return_to` with the
 * widget's result (`id, first_name, last_name, username, photo_url, auth_date, hash`), which the
 * page posts to `/api/v1/telegram/authenticate`.
 */
export function telegramLoginRedirect(ctx: ServerContext) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const app = await ctx.apps.load(c.req.param('app_id') ?? '');
    if (!app) throw new ApiError('missing_or_invalid_privy_app_id', 'App not found.', { status: 404 });
    const returnTo = acceptReturnTo(app, c.req.query('return_to'));
    assertTelegramEnabled(app, 'login');
    const botId = app.config.telegram_auth_config?.bot_id;
    if (!botId)
      throw new ApiError(
        'disallowed_login_method',
        'Telegram login is not configured for this app (no bot).',
      );
    const target = new URL('/auth', telegramSettings(ctx.settings).oauthOrigin);
    target.search = new URLSearchParams({
      bot_id: botId,
      origin: returnTo.origin,
      request_access: 'write',
      return_to: returnTo.href,
    }).toString();
    return c.redirect(target.href, 302);
  };
}
