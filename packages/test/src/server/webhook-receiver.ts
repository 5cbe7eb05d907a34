import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One webhook as the receiver got it. */
export interface ReceivedWebhook {
  /** `webhook-id` (the event id). */
  id: string;
  type: string;
  body: Record<string, unknown>;
  raw: string;
  headers: IncomingHttpHeaders;
  /** Both header spellings verified by the `standardwebhooks` library with the endpoint's secret. */
  verified: boolean;
}

/** How the receiver answers a request: a status, a body, after a delay (ms), or never. */
export interface ReceiverAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
}

export interface WebhookReceiver {
  url: string;
  /** Verified deliveries, in arrival order. */
  received: ReceivedWebhook[];
  /** Every verified request, whatever it was answered. */
  all: ReceivedWebhook[];
  /** Every request, verified or not. */
  requests: number;
  /** The secret deliveries are verified with (the endpoint's, shown once at creation). */
  secret: string | null;
  /** How the next requests are answered (default 200 `ok`). */
  answer: (webhook: ReceivedWebhook) => ReceiverAnswer;
  /** Resolves once `predicate` holds for what was received, or rejects after `timeoutMs`. */
  waitFor(
    predicate: (received: ReceivedWebhook[]) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/**
 * A webhook receiver on 127.0.0.1 for tests and benchmarks. It checks every delivery the way an
 * app's backend would, with the `standardwebhooks` library (not Latchkey's code): the
 * `webhook-*` headers, and the `svix-*` ones under the same check.
 */
export async function startWebhookReceiver(
  options: { secret?: string; answer?: WebhookReceiver['answer'] } = {},
): Promise<WebhookReceiver> {
  const sockets = new Set<import('node:net').Socket>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    all: [],
    requests: 0,
    secret: options.secret ?? null,
    answer: options.answer ?? (() => ({ status: 200, body: 'ok' })),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.received)) {
        if (Date.now() > deadline)
          throw new Error(
            `webhook receiver: condition not met in ${timeoutMs} ms; received ${JSON.stringify(
              receiver.received.map((r) => r.type),
            )}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
      return receiver.received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (request, response) => {
    receiver.requests++;
    const raw = await read(request);
    const header = (name: string) => String(request.headers[name] ?? '');
    let verified = false;
    let body: Record<string, unknown> = {};
    try {
      const webhook = new Webhook(receiver.secret ?? '');
      body = webhook.verify(raw, {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      }) as Record<string, unknown>;
      webhook.verify(raw, {
        'webhook-id': header('svix-id'),
        'webhook-timestamp': header('svix-timestamp'),
        'webhook-signature': header('svix-signature'),
      });
      verified = true;
    } catch {}
    const webhook: ReceivedWebhook = {
      id: header('webhook-id'),
      type: String(body.type ?? ''),
      body,
      raw,
      headers: request.headers,
      verified,
    };
    if (!verified) {
      response.writeHead(400).end('signature check failed');
      return;
    }
    receiver.all.push(webhook);
    const answer = receiver.answer(webhook);
    if (answer.hang) return;
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    // Recorded when answered: what a 2xx acknowledged, the server may consider delivered.
    if (answer.status >= 200 && answer.status < 300) receiver.received.push(webhook);
    response.writeHead(answer.status, answer.headers).end(answer.body ?? '');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
