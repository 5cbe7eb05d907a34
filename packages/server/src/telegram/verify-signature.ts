import { ed25519 } from '@noble/curves/ed25519.js';
import { dataCheckString, type SignedFields } from './data-check-string.ts';

const base64url = /^[A-Za-z0-9_-]{86}(==)?$/;

/**
 * Mini App, third party (core.telegram.org/bots/webapps#validating-data-for-third-party-use): for
 * an app that does not hold the bot token, `signature` is Telegram's Ed25519 signature (base64url)
 * of `"<bot_id>:WebAppData\n"` and the data-check-string of every field but `hash` and `signature`.
 * Answers the data-check-string it verified, or null.
 */
export function verifyWebAppSignature(
  fields: SignedFields,
  botId: string,
  publicKeyHex: string,
): string | null {
  const signature = fields.signature;
  if (signature === undefined || !base64url.test(signature)) return null;
  const text = dataCheckString(fields, ['hash', 'signature']);
  const message = new TextEncoder().encode(`${botId}:WebAppData\n${text}`);
  try {
    const valid = ed25519.verify(
      new Uint8Array(Buffer.from(signature.replace(/=+$/, ''), 'base64url')),
      message,
      new Uint8Array(Buffer.from(publicKeyHex, 'hex')),
    );
    return valid ? text : null;
  } catch {
    // A point that does not decode: not a signature by that key.
    return null;
  }
}
