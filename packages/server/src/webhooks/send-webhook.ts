import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ipLiteralOf } from './webhook-url.ts';

/** What one try got: the receiver's status, or why there was none. */
export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  /** The first KiB of the answer. */
  excerpt: string | null;
  error: string | null;
}

/** Answers are read up to this much (the log keeps the first KiB); the rest is not waited for. */
const maxResponseBytes = 64 * 1024;
const excerptChars = 1024;

export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
  readonly address: string;
  constructor(address: string) {
    super(
      'refused: the address is private, loopback, link-local or reserved (LATCHKEY_WEBHOOK_ALLOW_PRIVATE)',
    );
    this.address = address;
  }
}

/**
 * Resolves the host and refuses it when any of its addresses is private (unless allowed). It is the
 * lookup of the very connection that sends (pinned): a name cannot resolve to a public address when
 * checked and to a private one when connected (DNS rebinding).
 */
function checkedLookup(refused: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((a) => refused(a.address));
      if (bad || addresses.length === 0)
        return callback(new RefusedAddressError(bad?.address ?? hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

export interface Sender {
  send(url: string, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<SendResult>;
  close(): void;
}

/**
 * Sends webhook POSTs: no redirect is followed (a 3xx is a failed try), every try has a deadline,
 * the answer is read only up to a cap, and the connection goes only to an address the policy
 * allows. Keep-alive agents of its own, so a socket opened under one policy serves no other.
 */
export function createSender(options: { refused: (address: string) => boolean; timeoutMs: number }): Sender {
  const lookup = checkedLookup(options.refused);
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64, lookup }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64, lookup }),
  };
  return {
    send(target, headers, body, signal) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const failed = (error: string): SendResult => ({
        statusCode: null,
        latencyMs: elapsed(),
        excerpt: null,
        error,
      });
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        return Promise.resolve(failed('invalid URL'));
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return Promise.resolve(failed('invalid URL'));
      // An IP literal is connected to without a lookup: check it here.
      const ip = ipLiteralOf(url);
      if (ip && options.refused(ip)) return Promise.resolve(failed(new RefusedAddressError(ip).message));
      const client = url.protocol === 'https:' ? https : http;
      return new Promise<SendResult>((resolve) => {
        let settled = false;
        const finish = (result: SendResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(result);
        };
        const request = client.request(url, {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: url.protocol === 'https:' ? agents.https : agents.http,
        });
        const timer = setTimeout(() => {
          request.destroy();
          finish(failed(`timeout after ${options.timeoutMs} ms`));
        }, options.timeoutMs);
        const onAbort = () => {
          request.destroy();
          finish(failed('aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        request.on('error', (error: NodeJS.ErrnoException) => {
          finish(
            failed(
              error instanceof RefusedAddressError
                ? error.message
                : `connection failed: ${error.code ?? error.name}`,
            ),
          );
        });
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            const text = Buffer.concat(chunks).toString('utf8');
            finish({
              statusCode: response.statusCode ?? null,
              latencyMs: elapsed(),
              // NUL cannot be stored in PostgreSQL text; the rest is the receiver's own words.
              excerpt: text.slice(0, excerptChars).replaceAll('\u0000', '') || null,
              error: null,
            });
          };
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= maxResponseBytes) chunks.push(chunk);
            else {
              done();
              response.destroy();
            }
          });
          response.on('end', done);
          response.on('error', done);
        });
        request.end(body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
