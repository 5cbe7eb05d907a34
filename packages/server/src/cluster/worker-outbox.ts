import type { OutgoingMessage } from '../delivery/delivery.ts';
import type { DevOutboxStore, OutboxMessage } from '../delivery/dev-outbox.ts';
import { askPrimary } from './ask-primary.ts';

/**
 * The dev outbox of a worker: messages are kept by the primary process, so a code sent through one
 * worker can be read through any other (the cluster picks the worker per connection). Each call
 * waits for the primary's answer: when `send` resolves, every worker's read sees the message.
 */
export class WorkerDevOutbox implements DevOutboxStore {
  async send(message: OutgoingMessage): Promise<void> {
    await askPrimary({ type: 'outbox.send', message });
  }

  async read(appId: string, to?: string): Promise<OutboxMessage[]> {
    const answer = await askPrimary({ type: 'outbox.read', appId, ...(to === undefined ? {} : { to }) });
    return answer.messages ?? [];
  }
}
