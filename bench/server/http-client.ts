import { Agent, type IncomingHttpHeaders, request } from 'node:http';

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  /** The response headers (Better Auth's session arrives as a `set-cookie`). */
  headers: IncomingHttpHeaders;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: unknown;
}

export interface HttpClient {
  request<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    options?: RequestOptions,
  ): Promise<JsonResponse<T>>;
  close(): void;
}

/**
 * A keep-alive JSON client for the load loops: one socket per concurrent loop, no retries, and
 * only loopback targets (the bench never leaves 127.0.0.1).
 *
 * @example
 * const http = createHttpClient('http://127.0.0.1:8787', { connections: 16 });
 * const { status, body } = await http.request('GET', '/health');
 */
export function createHttpClient(baseUrl: string, options: { connections: number }): HttpClient {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1')
    throw new Error(`The bench only targets http://127.0.0.1, not ${baseUrl}`);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections + 4 });
  return {
    request<T>(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}) {
      const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
      const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      return new Promise<JsonResponse<T>>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path, method, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = { nonJson: text.slice(0, 200) };
            }
            resolve({ status: res.statusCode ?? 0, body: body as T, headers: res.headers });
          });
        });
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
