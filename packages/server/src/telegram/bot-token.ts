import type { ServerContext } from '../context.ts';

/** The AAD binding an app's sealed bot token to that app. */
const botTokenContext = (appId: string) => `telegram-bot-token:${appId}`;

/** A bot token as BotFather gives it: `<bot id>:<secret>`. */
const botTokenShape = /^([1-9][0-9]{0,19}):[A-Za-z0-9_-]{30,100}$/;

/** The bot id of a well-formed bot token (its part before the colon), or null. */
export function botIdOf(token: Uint8Array): string | null {
  return botTokenShape.exec(new TextDecoder().decode(token))?.[1] ?? null;
}

/** Stores the app's bot token sealed under the master key. */
export async function saveBotToken(ctx: ServerContext, appId: string, token: Uint8Array): Promise<void> {
  const sealed = ctx.secretBox.seal(token, botTokenContext(appId));
  const now = ctx.now();
  await ctx.db
    .insertInto('telegram_bot_tokens')
    .values({ app_id: appId, sealed_token: sealed, updated_at: now })
    .onConflict((oc) => oc.column('app_id').doUpdateSet({ sealed_token: sealed, updated_at: now }))
    .execute();
}

/** The app's bot token (bytes), or null when it has none. */
export async function loadBotToken(ctx: ServerContext, appId: string): Promise<Uint8Array | null> {
  const row = await ctx.db
    .selectFrom('telegram_bot_tokens')
    .select('sealed_token')
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return row ? ctx.secretBox.open(row.sealed_token, botTokenContext(appId)) : null;
}

/** Whether the app holds a bot token: what its settings show (`set`), never the token. */
export async function hasBotToken(ctx: ServerContext, appId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('telegram_bot_tokens')
    .select('app_id')
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return row !== undefined;
}
