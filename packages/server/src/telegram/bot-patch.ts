import type { AppRecord } from '../app-config/app-record.ts';
import { botIdOf, botTokenField } from './bot-token.ts';

export interface TelegramBotOptions {
  /** The token @BotFather gave (`<bot id>:<secret>`). */
  botToken: string;
  /** The bot's username, shown by the login widget; kept when not given. */
  botName?: string | undefined;
  /** Mini App users are logged in without a tap (`seamless_auth_enabled`); kept when not given. */
  seamless?: boolean | undefined;
}

/**
 * The app patch that turns Telegram login on with a bot: its token (the setting seals it), and the
 * public config `telegram_auth`, `telegram_auth_config` (the bot id from the token, the bot name,
 * linking as it was or on, the seamless switch) and `telegram_seamless_auth_enabled`. What
 * `latchkey apps telegram` applies.
 */
export function telegramBotPatch(app: AppRecord, options: TelegramBotOptions): Record<string, unknown> {
  const botId = botIdOf(options.botToken);
  if (!botId) throw new Error('Invalid bot token: expected <bot id>:<secret>, as @BotFather gives it');
  const current = app.config.telegram_auth_config;
  const seamless = options.seamless ?? current?.seamless_auth_enabled ?? false;
  return {
    [botTokenField]: options.botToken,
    telegram_auth: true,
    telegram_auth_config: {
      bot_id: botId,
      bot_name: options.botName ?? current?.bot_name ?? '',
      link_enabled: current?.link_enabled ?? true,
      seamless_auth_enabled: seamless,
    },
    telegram_seamless_auth_enabled: seamless,
  };
}
