import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { dataCheckString, type SignedFields } from './data-check-string.ts';

const hexHash = /^[0-9a-f]{64}$/;

/** `hash` equals hex(HMAC-SHA-256(secret, text)), compared in constant time. */
function hashMatches(secret: Uint8Array, text: string, hash: string | undefined): boolean {
  if (hash === undefined || !hexHash.test(hash)) return false;
  const expected = createHmac('sha256', secret).update(text, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}

/**
 * Login widget (core.telegram.org/widgets/login#checking-authorization): the secret key is
 * SHA-256 of the bot token, the data-check-string is every field but `hash`. Answers the
 * data-check-string it verified, or null.
 */
export function verifyWidgetHash(fields: SignedFields, botToken: Uint8Array): string | null {
  const secret = createHash('sha256').update(botToken).digest();
  const text = dataCheckString(fields, ['hash']);
  return hashMatches(secret, text, fields.hash) ? text : null;
}

/**
 * Mini App, first party (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * the secret key is HMAC-SHA-256 of the bot token keyed with "WebAppData", the data-check-string
 * every received field but `hash`. Telegram's text keeps `signature` in; one library drops it, so
 * a hash over the string without it is accepted too (both are keyed by the bot token). Answers
 * the data-check-string it verified, or null.
 */
export function verifyWebAppHash(fields: SignedFields, botToken: Uint8Array): string | null {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const candidates = [dataCheckString(fields, ['hash'])];
  if (fields.signature !== undefined) candidates.push(dataCheckString(fields, ['hash', 'signature']));
  return candidates.find((text) => hashMatches(secret, text, fields.hash)) ?? null;
}
