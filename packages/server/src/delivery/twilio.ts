import { ApiError } from '../http/api-error.ts';
import type { Delivery } from './delivery.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender number (E.164); WhatsApp messages use `whatsapp:` + this number. */
  from: string;
  /** Twilio's API origin; a local stand-in in tests. */
  apiUrl?: string;
}

/** Twilio error codes that mean the number cannot be messaged from here. */
const regionNotSupported = new Set([21408, 21612]);
/** Twilio error codes about the recipient number itself: the user typed a number we cannot reach. */
const badRecipient = new Set([21211, 21214, 21217, 21614, 63024]);
/** The recipient replied STOP: Twilio refuses to message them. */
const unsubscribed = 21610;

/**
 * SMS and WhatsApp through Twilio's Messages API
 * (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, Basic auth).
 */
export function twilioDelivery(options: TwilioOptions): Delivery {
  const base = (options.apiUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      const whatsapp = message.channel === 'whatsapp';
      const body = new URLSearchParams({
        To: whatsapp ? `whatsapp:${message.to}` : message.to,
        From: whatsapp ? `whatsapp:${options.from}` : options.from,
        Body: message.text,
      });
      const response = await fetch(
        `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(10_000),
        },
      );
      if (response.ok) {
        await response.body?.cancel(); // release the connection; the message resource is not needed
        return;
      }
      const error = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
      if (error.code !== undefined && regionNotSupported.has(error.code)) {
        throw new ApiError('not_supported', 'SMS authentication from this region is not available');
      }
      if (error.code === unsubscribed) {
        throw new ApiError('user_unsubscribed', 'This phone number has unsubscribed from messages.');
      }
      // Only recipient errors are the user's to fix. Anything else (a bad From number, our
      // credentials, 429, 5xx) is ours: it goes up as a plain error that sendCode logs and
      // answers with a 502.
      if (response.status === 400 && error.code !== undefined && badRecipient.has(error.code)) {
        throw new ApiError('invalid_data', 'The code could not be sent to this phone number.');
      }
      throw new Error(
        `Twilio answered ${response.status}${error.code === undefined ? '' : ` (error ${error.code}: ${error.message ?? ''})`}`,
      );
    },
  };
}
