import nodemailer from 'nodemailer';
import type { Delivery } from './delivery.ts';

/** Email through any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com). */
export function smtpDelivery(options: { url: string; from: string }): Delivery & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        // An address object, not a string: nodemailer parses a string as an address list, so
        // 'a,victim@example.com' or 'x<victim@example.com' would be delivered to the victim.
        to: { name: '', address: message.to },
        subject: message.subject,
        text: message.text,
      });
    },
    close: () => transport.close(),
  };
}
