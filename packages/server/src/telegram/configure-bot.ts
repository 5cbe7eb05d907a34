import type { AppRecord } from '../app-config/app-record.ts';
import { updateApp } from '../apps/app-service.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { botIdOf, saveBotToken } from './bot-token.ts';

export interface TelegramBotOptions {
  /** The token BotFather gave (`<bot id>:<secret>`), as bytes: it is a secret. */
  botToken: Uint8Array;
  /** The bot's username, shown by the login widget; kept when not given. */
  botName?: string | undefined;
  /** Mini App users are logged in without a tap (`seamless_auth_enabled`); kept when not given. */
  seamless?: boolean | undefined;
}

/**
 * Turns Telegram login on for an app with its bot: the token sealed at rest, and the public config
 * (`telegram_auth`, `telegram_auth_config` with the bot id taken from the token, the bot name,
 * linking on, the seamless switch). What `latchkey apps telegram` does.
 */
export async function configureTelegramBot(
  ctx: ServerContext,
  app: AppRecord,
  options: TelegramBotOptions,
): Promise<AppRecord> {
  const botId = botIdOf(options.botToken);
  if (!botId)
    throw new ApiError(
      'invalid_data',
      'Invalid bot token: expected <bot id>:<secret> as BotFather gives it.',
    );
  const current = app.config.telegram_auth_config;
  const seamless = options.seamless ?? current?.seamless_auth_enabled ?? false;
  await saveBotToken(ctx, app.id, options.botToken);
  return updateApp(ctx, app.id, {
    telegram_auth: true,
    telegram_auth_config: {
      bot_id: botId,
      bot_name: options.botName ?? current?.bot_name ?? '',
      link_enabled: current?.link_enabled ?? true,
      seamless_auth_enabled: seamless,
    },
    telegram_seamless_auth_enabled: seamless,
  });
}
