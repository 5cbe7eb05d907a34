import type { Logger } from '../logger.ts';
import type { Delivery, OutgoingMessage } from './delivery.ts';

export interface OutboxMessage extends OutgoingMessage {
  sentAt: number;
}

/**
 * Where the development outbox keeps messages: this process's memory (`DevOutbox`), or, in a
 * worker of `latchkey serve --workers N`, the primary process's (cluster/worker-outbox.ts), so a
 * code sent through one worker is read through any other.
 */
export interface DevOutboxStore extends Delivery {
  /** The app's messages, newest first; only those to `to` when given. */
  read(appId: string, to?: string): Promise<OutboxMessage[]>;
}

/**
 * The development outbox: with no SMTP or Twilio configured, messages are printed and kept in
 * memory (the newest 100 per app), readable with the app secret at GET /api/v1/apps/:id/dev_outbox.
 */
export class DevOutbox implements DevOutboxStore {
  readonly #messages = new Map<string, OutboxMessage[]>();
  readonly #show: (message: OutgoingMessage) => void;

  /**
   * `show`: how a message is shown as it is sent; by default a JSON log line (`dev outbox`), and
   * `latchkey dev` prints one human line instead (dev-outbox-line.ts).
   */
  constructor(log: Logger, show?: (message: OutgoingMessage) => void) {
    this.#show =
      show ??
      ((message) =>
        log.info('dev outbox', {
          app_id: message.appId,
          channel: message.channel,
          to: message.to,
          text: message.text,
        }));
  }

  async send(message: OutgoingMessage): Promise<void> {
    const list = this.#messages.get(message.appId) ?? [];
    list.push({ ...message, sentAt: Math.floor(Date.now() / 1000) });
    if (list.length > 100) list.shift();
    this.#messages.set(message.appId, list);
    this.#show(message);
  }

  async read(appId: string, to?: string): Promise<OutboxMessage[]> {
    return this.list(appId, to);
  }

  list(appId: string, to?: string): OutboxMessage[] {
    const all = this.#messages.get(appId) ?? [];
    return (to ? all.filter((m) => m.to === to) : all).slice().reverse();
  }
}

/** The outbox's messages for one app as the API shows them (the app's route and the admin's). */
export async function devOutboxView(outbox: DevOutboxStore, appId: string, to: string | undefined) {
  return (await outbox.read(appId, to?.slice(0, 320))).map((m) => ({
    channel: m.channel,
    to: m.to,
    subject: m.subject ?? null,
    text: m.text,
    sent_at: m.sentAt,
  }));
}
