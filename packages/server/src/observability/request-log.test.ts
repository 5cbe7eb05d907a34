import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ServerContext } from '../context.ts';
import type { AppEnv } from '../http/env.ts';
import { Metrics } from '../metrics/metrics.ts';
import { requestLog } from './request-log.ts';

/** The context `requestLog` reads: the metrics, the access-log setting and a logger that keeps its lines. */
function logContext() {
  const lines: Record<string, unknown>[] = [];
  const ctx = {
    metrics: new Metrics(),
    settings: { accessLog: true },
    log: { info: (message: string, fields?: object) => lines.push({ message, ...fields }), error() {} },
  } as unknown as ServerContext;
  return { ctx, lines };
}

describe('requestLog', () => {
  it('adds the request id to the finished answer itself, not to a rebuilt copy of it', async () => {
    const { ctx, lines } = logContext();
    const app = new Hono<AppEnv>();
    app.use('*', requestLog(ctx));
    let answered: Response | undefined;
    app.get('/thing', (c) => {
      answered = c.json({ ok: true }, 201, { 'x-other': 'kept' });
      return answered;
    });
    const res = await app.request('/thing', { headers: { 'x-request-id': 'caller-1' } });
    // Rebuilding it would make the Node adapter write its body through a web stream.
    expect(res).toBe(answered);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('caller-1');
    expect(res.headers.get('x-other')).toBe('kept');
    expect(await res.json()).toEqual({ ok: true });
    expect(lines).toEqual([
      {
        message: 'request',
        request_id: 'caller-1',
        method: 'GET',
        route: '/thing',
        status: 201,
        duration_ms: expect.any(Number),
      },
    ]);
  });

  it('gives errors and unmatched paths the id too', async () => {
    const { ctx } = logContext();
    const app = new Hono<AppEnv>();
    app.use('*', requestLog(ctx));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    app.onError((_error, c) => c.json({ code: 'internal_error' }, 500));
    const failed = await app.request('/boom');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await app.request('/nothing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
