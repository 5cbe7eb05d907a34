/**
 * The tables of the Telegram feature, created by its migration `0017_telegram` (migrations.ts) and
 * merged into `Database` here. Telegram accounts themselves are linked accounts (`type =
 * 'telegram'`, identifier = the Telegram user id); the bot token is an app setting (bot-token.ts).
 */
declare module '../storage/schema.ts' {
  interface Database {
    telegram_proofs: TelegramProofsTable;
  }
}

/**
 * Every accepted widget result and Mini App initData, until it would be too old anyway: a proof
 * is accepted once, and a replay finds its row.
 */
export interface TelegramProofsTable {
  /** SHA-256 (hex) of the kind, the bot and the data-check-string its signature covered. */
  proof_hash: string;
  app_id: string;
  /** `auth_date` plus the largest accepted age: after that the proof is refused as stale. */
  expires_at: number;
}
