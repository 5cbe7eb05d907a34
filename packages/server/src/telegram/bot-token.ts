import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import type { AppSettingsDeclaration } from '../app-config/feature-settings.ts';
import { openAppSettingSecret } from '../apps/app-service.ts';
import type { ServerContext } from '../context.ts';

/** The app setting that holds the bot token: sealed at rest, shown only as `set`. */
export const botTokenField = 'telegram_bot_token';

/** A bot token as @BotFather gives it: `<bot id>:<secret>`. */
const botTokenShape = /^([1-9][0-9]{0,19}):[A-Za-z0-9_-]{30,100}$/;

/**
 * The Telegram feature's server-side app setting: the bot token its widget results and Mini App
 * data are checked with (admin API, dashboard, `latchkey apps telegram`).
 */
export const telegramAppSettings: AppSettingsDeclaration = {
  fields: {
    [botTokenField]: z
      .string()
      .max(200)
      .regex(botTokenShape, 'must be a bot token as @BotFather gives it (<bot id>:<secret>)')
      .nullable(),
  },
  defaults: { [botTokenField]: null },
  secrets: [{ field: botTokenField, label: 'Telegram bot token' }],
};

/** The bot id of a well-formed bot token (its part before the colon), or null. */
export function botIdOf(token: Uint8Array | string): string | null {
  const text = typeof token === 'string' ? token : new TextDecoder().decode(token);
  return botTokenShape.exec(text)?.[1] ?? null;
}

/** The app's bot token (bytes), or null when it has none. */
export function loadBotToken(ctx: ServerContext, app: AppRecord): Uint8Array | null {
  const token = openAppSettingSecret(ctx, app, botTokenField);
  return token === null ? null : new TextEncoder().encode(token);
}
