import type { OutgoingMessage } from '../delivery/delivery.ts';
import type { DevOutboxStore, OutboxMessage } from '../delivery/dev-outbox.ts';
import { channel, isOurs, type PrimaryAnswer, type WorkerRequest } from './messages.ts';

type Request = WorkerRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'channel' | 'id'>
    : never
  : never;

/**
 * The dev outbox of a worker: messages are kept by the primary process, so a code sent through one
 * worker can be read through any other (the load balancer picks the worker per connection). Each
 * call waits for the primary's answer: when `send` resolves, every worker's read sees the message.
 */
export class WorkerDevOutbox implements DevOutboxStore {
  #next = 1;
  readonly #pending = new Map<number, { resolve(answer: PrimaryAnswer): void; timer: NodeJS.Timeout }>();

  constructor() {
    process.on('message', (message: unknown) => {
      if (!isOurs(message) || !('id' in message)) return;
      const answer = message as PrimaryAnswer;
      const pending = this.#pending.get(answer.id);
      if (!pending) return;
      this.#pending.delete(answer.id);
      clearTimeout(pending.timer);
      pending.resolve(answer);
    });
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.#ask({ type: 'outbox.send', message });
  }

  async read(appId: string, to?: string): Promise<OutboxMessage[]> {
    const answer = await this.#ask({ type: 'outbox.read', appId, ...(to === undefined ? {} : { to }) });
    return answer.messages ?? [];
  }

  #ask(request: Request): Promise<PrimaryAnswer & { ok: true }> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      // The primary answers in microseconds; silence means it is gone (the worker is stopping).
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error('dev outbox: no answer from the primary process'));
      }, 5_000);
      this.#pending.set(id, {
        timer,
        resolve: (answer) => (answer.ok ? resolve(answer) : reject(new Error(answer.error))),
      });
      process.send!({ channel, id, ...request } satisfies WorkerRequest);
    });
  }
}
