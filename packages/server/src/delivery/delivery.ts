/** A message carrying a one-time code to a user. */
export interface OutgoingMessage {
  appId: string;
  channel: 'email' | 'sms' | 'whatsapp';
  /** An email address, or an E.164 phone number. */
  to: string;
  subject?: string;
  text: string;
}

/** Delivers messages: SMTP, Twilio, or the development outbox. */
export interface Delivery {
  send(message: OutgoingMessage): Promise<void>;
  /** Releases connections (SMTP pools) on shutdown. */
  close?(): void;
}

/** Routes email to one sender and SMS / WhatsApp to another. */
export function routeDelivery(email: Delivery, phone: Delivery): Delivery {
  return {
    send: (m) => (m.channel === 'email' ? email.send(m) : phone.send(m)),
    close() {
      email.close?.();
      phone.close?.();
    },
  };
}
