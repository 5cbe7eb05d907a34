import { randomUUID } from 'node:crypto';

/** The header a request id arrives and leaves in (load balancers and tracing proxies set it). */
export const requestIdHeader = 'x-request-id';

/**
 * A caller's id is kept only when short and plain (letters, digits, `._:-`, at most 64): it goes
 * into every log line of the request, so it must not carry newlines, quotes, or a payload.
 */
const wellFormed = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the caller's when well-formed, else a fresh UUID. */
export function requestId(received: string | undefined): string {
  return received && wellFormed.test(received) ? received : randomUUID();
}
