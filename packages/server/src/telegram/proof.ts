import type { TelegramAuthResult, TelegramWebAppData } from '@latchkey/protocol';
import { z } from 'zod';
import type { VerifiedIdentity } from '../accounts/account-record.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import type { SignedFields } from './data-check-string.ts';

/**
 * A whole number as Telegram sends it: a JSON number from the widget's callback, or the decimal
 * text of a query string, which the incumbent's server coerces and its clients may send. The
 * contract types it as a number; the text passes as it came (the data-check-string uses the decimal
 * text either way, and the claim reads it with `Number`).
 */
const decimal = z.custom<number>(
  (value) =>
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
    (typeof value === 'string' && /^(0|[1-9][0-9]{0,15})$/.test(value)),
  'must be a whole number',
);

/** The login widget's result (WIRE.md §3.6); the fields the data-check-string is made of. */
export const telegramAuthResult = z.object({
  id: decimal,
  auth_date: decimal,
  first_name: boundedString(256),
  hash: boundedString(128).optional(),
  last_name: boundedString(256).optional(),
  photo_url: boundedString(2048).optional(),
  username: boundedString(64).optional(),
});

/** A Mini App's `initData`, parsed with each value decoded once; `user` is JSON text. */
export const telegramWebAppData = z.object({
  auth_date: decimal,
  hash: boundedString(128),
  user: boundedString(4096),
  chat_instance: boundedString(64).optional(),
  chat_type: boundedString(64).optional(),
  query_id: boundedString(256).optional(),
  signature: boundedString(256).optional(),
  start_param: boundedString(512).optional(),
});

/** The `user` of `initData` (core.telegram.org/bots/webapps#webappuser), the fields an account keeps. */
const webAppUser = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: boundedString(256).optional(),
  last_name: boundedString(256).optional(),
  username: boundedString(64).optional(),
  photo_url: boundedString(2048).optional(),
});

/** The proof fields of the Telegram routes' bodies. */
export const telegramProof = {
  telegram_auth_result: telegramAuthResult.optional(),
  telegram_web_app_data: telegramWebAppData.optional(),
};

export interface TelegramProofBody {
  telegram_auth_result?: z.output<typeof telegramAuthResult> | undefined;
  telegram_web_app_data?: z.output<typeof telegramWebAppData> | undefined;
}

/** A proof read from a body: what it claims, not yet checked against the bot's key. */
export interface ClaimedTelegramLogin {
  /** `widget`: the login widget's result; `web_app`: a Mini App's initData. */
  kind: 'widget' | 'web_app';
  fields: SignedFields;
  authDate: number;
  identity: VerifiedIdentity & { type: 'telegram' };
}

const signedFields = (
  data: TelegramAuthResult | TelegramWebAppData | Record<string, unknown>,
): SignedFields =>
  Object.fromEntries(
    Object.entries(data)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

/** The account fields of spec document 1 §3 (WIRE.md §4.2), those the proof carries. */
function telegramIdentity(user: {
  id: number | string;
  first_name?: string | undefined;
  last_name?: string | undefined;
  username?: string | undefined;
  photo_url?: string | undefined;
}): ClaimedTelegramLogin['identity'] {
  const details: Record<string, string> = {};
  for (const field of ['first_name', 'last_name', 'username', 'photo_url'] as const) {
    const value = user[field];
    if (value !== undefined) details[field] = value;
  }
  return { type: 'telegram', identifier: String(user.id), details };
}

/**
 * Reads the one proof a body carries (checks that cost nothing): exactly one of the widget's
 * result and a Mini App's initData, a widget result with its hash, a Mini App user that parses.
 */
export function claimTelegramLogin(body: TelegramProofBody): ClaimedTelegramLogin {
  const { telegram_auth_result: widget, telegram_web_app_data: webApp } = body;
  if (widget && webApp)
    throw new ApiError(
      'invalid_data',
      'Send either telegram_auth_result or telegram_web_app_data, not both.',
    );
  if (widget) {
    if (widget.hash === undefined)
      throw new ApiError('invalid_data', 'Invalid telegram_auth_result.hash: Required');
    if (Number(widget.id) === 0) throw new ApiError('invalid_data', 'Invalid telegram_auth_result.id');
    return {
      kind: 'widget',
      fields: signedFields(widget),
      authDate: Number(widget.auth_date),
      identity: telegramIdentity(widget),
    };
  }
  if (webApp) {
    let user: unknown;
    try {
      user = JSON.parse(webApp.user);
    } catch {
      throw new ApiError('invalid_data', 'Invalid telegram_web_app_data.user: not JSON');
    }
    const parsed = webAppUser.safeParse(user);
    if (!parsed.success)
      throw new ApiError('invalid_data', 'Invalid telegram_web_app_data.user: no Telegram user id');
    return {
      kind: 'web_app',
      fields: signedFields(webApp),
      authDate: Number(webApp.auth_date),
      identity: telegramIdentity(parsed.data),
    };
  }
  throw new ApiError('invalid_data', 'Invalid telegram_auth_result: Required (or telegram_web_app_data)');
}
