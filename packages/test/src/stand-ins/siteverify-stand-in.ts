import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyCall {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface SiteverifyStandIn {
  url: string;
  calls: SiteverifyCall[];
  /** Tokens the stand-in accepts, for the given secret. */
  accept(secret: string, token: string): void;
  /** Answer the next request with this HTTP status (a provider outage). */
  failNext(status: number): void;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Speaks the `siteverify` protocol Turnstile and hCaptcha share: a form POST of `secret`,
 * `response`, `remoteip`, answered with `{success, "error-codes"}`.
 */
export async function startSiteverifyStandIn(): Promise<SiteverifyStandIn> {
  const valid = new Set<string>();
  const calls: SiteverifyCall[] = [];
  let failure: number | null = null;
  const server = createServer(async (req, res) => {
    const form = await readForm(req);
    const call = {
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
    };
    calls.push(call);
    if (failure !== null) {
      res.writeHead(failure).end('unavailable');
      failure = null;
      return;
    }
    const ok = req.method === 'POST' && valid.has(`${call.secret}\n${call.response}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? { success: true, 'error-codes': [] }
          : { success: false, 'error-codes': ['invalid-input-response'] },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    calls,
    accept: (secret, token) => valid.add(`${secret}\n${token}`),
    failNext: (status) => {
      failure = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
