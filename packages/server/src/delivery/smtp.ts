import nodemailer from 'nodemailer';
import type { Delivery } from './delivery.ts';

/** Email through any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com). */
export function smtpDelivery(options: { url: string; from: string }): Delivery & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close: () => transport.close(),
  };
}
