import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error.ts';

/**
 * Hono's body limit, refusing a body over `maxSize` bytes with `payload_too_large`, without its
 * cost on the common request. Hono's middleware first asks `c.req.raw.body`: under
 * @hono/node-server that turns the adapter's lightweight request into a full web `Request` (undici
 * header conversion, a web stream over the socket) on every request, GETs included, and the route
 * then reads its body through that stream. Here a request the adapter brought (`env.incoming`) that
 * has no body (GET, HEAD: the adapter gives them none) or declares its length (Content-Length, no
 * Transfer-Encoding) is decided from its headers alone, as Hono decides it, and its body is later
 * read straight from the socket. Chunked bodies, and requests not from the adapter (`app.request`
 * in tests, embedders), go through Hono's middleware unchanged, which counts the bytes as they come.
 * Node's HTTP parser never delivers more bytes than a declared Content-Length.
 */
export function bodyLimit(maxSize: number): MiddlewareHandler {
  const onError = (): never => {
    throw new ApiError('payload_too_large');
  };
  const counting = honoBodyLimit({ maxSize, onError });
  return async (c, next) => {
    const fromAdapter = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    const headers = c.req.raw.headers;
    if (fromAdapter && !headers.has('transfer-encoding')) {
      const method = c.req.method;
      if (method === 'GET' || method === 'HEAD') return next();
      const length = headers.get('content-length');
      if (length !== null) return Number.parseInt(length || '0', 10) > maxSize ? onError() : next();
    }
    return counting(c, next);
  };
}
