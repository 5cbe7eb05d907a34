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
      if (response.ok) return;
      const error = (await response.json().catch(() => ({}))) as { code?: number };
      if (error.code !== undefined && regionNotSupported.has(error.code)) {
        throw new ApiError('not_supported', 'SMS authentication from this region is not available');
      }
      if (response.status >= 400 && response.status < 500) {
        throw new ApiError('invalid_data', 'The code could not be sent to this phone number.');
      }
      throw new ApiError('internal_error', 'The message service is unavailable. Try again later.', {
        status: 502,
      });
    },
  };
}
