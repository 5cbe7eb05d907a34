import type { ServerSettings } from '../settings.ts';

/**
 * Telegram login's server-wide settings. A deployment sets them through the environment; a test
 * (or an embedding program) passes `settings.telegram` to `createLatchkey`, which the augmentation
 * below adds to the server's settings from this folder.
 */
export interface TelegramSettings {
  /**
   * Telegram's login origin (`LATCHKEY_TELEGRAM_OAUTH_ORIGIN`): where the login widget script opens
   * its popup and the redirect login sends the browser. Tests point it at a local stand-in.
   */
  oauthOrigin: string;
  /**
   * Telegram's Ed25519 public key (hex, 32 bytes) for third-party Mini App validation
   * (`LATCHKEY_TELEGRAM_PUBLIC_KEY`): the production key by default; Telegram's test environment
   * has its own, and tests sign with a key of their own.
   */
  publicKey: string;
  /** How old an `auth_date` may be (`LATCHKEY_TELEGRAM_MAX_AUTH_AGE`, seconds). */
  maxAuthAgeSeconds: number;
}

declare module '../settings.ts' {
  interface ServerSettings {
    /** Telegram login (telegram/settings.ts); when absent, read from `LATCHKEY_TELEGRAM_*`. */
    telegram?: Partial<TelegramSettings>;
  }
}

/** Telegram's published keys for third-party validation (core.telegram.org/bots/webapps, docs/telegram.md). */
export const telegramPublicKeys = {
  production: 'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d',
  test: '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec',
} as const;

export const defaultTelegramSettings: TelegramSettings = {
  oauthOrigin: 'https://oauth.telegram.org',
  publicKey: telegramPublicKeys.production,
  // Telegram only says to check `auth_date`; a day is the common choice (docs/telegram.md).
  maxAuthAgeSeconds: 86_400,
};

/** How far ahead of the server's clock an `auth_date` may be (clock skew between the two). */
export const futureSkewSeconds = 60;

/** The settings from `LATCHKEY_TELEGRAM_*`; unset ones keep their defaults. Throws on a malformed value. */
export function telegramSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<TelegramSettings> {
  const settings: Partial<TelegramSettings> = {};
  if (env.LATCHKEY_TELEGRAM_OAUTH_ORIGIN) settings.oauthOrigin = env.LATCHKEY_TELEGRAM_OAUTH_ORIGIN;
  if (env.LATCHKEY_TELEGRAM_PUBLIC_KEY) settings.publicKey = env.LATCHKEY_TELEGRAM_PUBLIC_KEY;
  if (env.LATCHKEY_TELEGRAM_MAX_AUTH_AGE)
    settings.maxAuthAgeSeconds = Number(env.LATCHKEY_TELEGRAM_MAX_AUTH_AGE);
  return settings;
}

/**
 * The settings in force: the server's `telegram` settings, else the environment's, over the
 * defaults; checked, so a typo fails the first Telegram request loudly rather than weakening it.
 */
export function telegramSettings(
  settings: Pick<ServerSettings, 'telegram'>,
  env: NodeJS.ProcessEnv = process.env,
): TelegramSettings {
  const resolved = { ...defaultTelegramSettings, ...(settings.telegram ?? telegramSettingsFromEnv(env)) };
  let origin: URL;
  try {
    origin = new URL(resolved.oauthOrigin);
  } catch {
    throw new Error('LATCHKEY_TELEGRAM_OAUTH_ORIGIN must be an origin such as https://oauth.telegram.org');
  }
  if (!/^https?:$/.test(origin.protocol) || origin.origin !== resolved.oauthOrigin.replace(/\/$/, ''))
    throw new Error('LATCHKEY_TELEGRAM_OAUTH_ORIGIN must be an origin such as https://oauth.telegram.org');
  if (!/^[0-9a-f]{64}$/i.test(resolved.publicKey))
    throw new Error('LATCHKEY_TELEGRAM_PUBLIC_KEY must be a 32-byte Ed25519 public key in hex');
  if (!Number.isInteger(resolved.maxAuthAgeSeconds) || resolved.maxAuthAgeSeconds <= 0)
    throw new Error('LATCHKEY_TELEGRAM_MAX_AUTH_AGE must be a whole number of seconds');
  return { ...resolved, oauthOrigin: origin.origin };
}
