import { type AnswerBody, channel, isOurs, type PrimaryAnswer, type WorkerRequest } from './messages.ts';

type Request = WorkerRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'channel' | 'id'>
    : never
  : never;

let next = 1;
const pending = new Map<number, { resolve(answer: AnswerBody): void; timer: NodeJS.Timeout }>();
let listening = false;

/**
 * A worker's question to the primary over the cluster's IPC channel, resolved with its answer. The
 * primary answers in microseconds; five seconds of silence means it is gone (the worker is
 * stopping), and the caller's request fails rather than hangs.
 */
export function askPrimary(request: Request): Promise<AnswerBody & { ok: true }> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      if (!isOurs(message) || !('id' in message)) return;
      const { id, ...answer } = message as PrimaryAnswer;
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      clearTimeout(waiting.timer);
      waiting.resolve(answer as AnswerBody);
    });
  }
  const id = next++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error(`${request.type}: no answer from the primary process`));
    }, 5_000);
    pending.set(id, {
      timer,
      resolve: (answer) => (answer.ok ? resolve(answer) : reject(new Error(answer.error))),
    });
    process.send!({ channel, id, ...request } satisfies WorkerRequest);
  });
}
