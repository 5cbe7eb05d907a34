import { frameRoutes, mfaApi, sessionEvents } from '@latchkey/protocol';
import { CookieJar, dialects, startTestServer, type TestServer, testOrigin } from '@latchkey/test/server';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maxStreamsPerSession } from '../../src/embedded-wallets/session-events.ts';
import { enrollTotp, login, mfaApp, mfaHeader, post, totpCode } from '../fixtures/mfa.ts';

const path = frameRoutes.frameSessionEvents.path;

/** An open stream's events as they arrive; `next` waits up to `ms` for one (null once the stream ends). */
class EventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';
  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.getReader();
  }

  async next(ms = 3000): Promise<{ event: string; data: unknown } | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        return { event, data: data === undefined ? null : JSON.parse(data) };
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), left);
      });
      const chunk = await Promise.race([this.#reader.read(), timeout]).finally(() => clearTimeout(timer));
      if (chunk.done) return null;
      this.#buffer += this.#decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Events until `event` arrives (heartbeats before it are skipped); the stream must then end. */
  async until(event: string, ms = 3000): Promise<{ event: string; data: unknown }> {
    const deadline = Date.now() + ms;
    for (;;) {
      const next = await this.next(Math.max(1, deadline - Date.now()));
      if (next === null) throw new Error(`stream ended before ${event}`);
      if (next.event === event) return next;
    }
  }

  cancel(): Promise<void> {
    return this.#reader.cancel().catch(() => undefined);
  }
}

describe.each(dialects)('frame session events (%s)', (dialect) => {
  let t: TestServer;
  const open: EventReader[] = [];
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.cancel()));
  });
  afterAll(() => t.close());

  function request(
    appId: string,
    token: string | null,
    origin = testOrigin,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...extra,
      'privy-app-id': appId,
      origin,
      'content-type': 'application/json',
    };
    if (token) headers.authorization = `Bearer ${token}`;
    return t.fetch(path, { method: 'POST', headers, body: '{}' });
  }

  async function stream(appId: string, token: string): Promise<EventReader> {
    const res = await request(appId, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = new EventReader(res.body!);
    open.push(reader);
    return reader;
  }

  async function loggedIn(label: string) {
    const made = await t.createApp();
    const login = await made.client.loginWithEmail(`${label}@example.com`);
    expect(login.status).toBe(200);
    const sessionId = decodeJwt(login.body.token).sid as string;
    return { ...made, login: login.body, sessionId };
  }

  it('opens with live and the session id, then heartbeats while the session is live', async () => {
    const { app, login, sessionId } = await loggedIn('live');
    const events = await stream(app.id, login.token);
    expect(await events.next()).toEqual({ event: sessionEvents.live, data: { session_id: sessionId } });
    // Heartbeats every sessionEvents.heartbeatMs: two more within ~1 s (functional bound, 3 s).
    expect(await events.next()).toEqual({ event: sessionEvents.live, data: { session_id: sessionId } });
    expect(await events.next()).toEqual({ event: sessionEvents.live, data: { session_id: sessionId } });
  });

  it('ends within about 1 s of a logout', async () => {
    const { app, client, login, sessionId } = await loggedIn('logout');
    const events = await stream(app.id, login.token);
    await events.next();
    const out = await client.post('/api/v1/sessions/logout', { refresh_token: login.refresh_token });
    expect(out.status).toBe(200);
    expect(await events.until(sessionEvents.ended, 2000)).toEqual({
      event: sessionEvents.ended,
      data: { session_id: sessionId },
    });
    expect(await events.next()).toBeNull();
  });

  it('ends on a revocation made elsewhere (another replica: only the database says so)', async () => {
    const { app, login, sessionId } = await loggedIn('revoked');
    const events = await stream(app.id, login.token);
    await events.next();
    await t.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: t.ctx.now() })
      .where('id', '=', sessionId)
      .execute();
    await events.until(sessionEvents.ended, 2000);
    expect(await events.next()).toBeNull();
  });

  it("ends when the app's backend deletes the user", async () => {
    const { app, secret, login } = await loggedIn('deleted');
    const events = await stream(app.id, login.token);
    await events.next();
    const res = await t.fetch(`/api/v1/users/${login.user.id}`, {
      method: 'DELETE',
      headers: {
        authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
        'privy-app-id': app.id,
      },
    });
    expect(res.status).toBe(200);
    await events.until(sessionEvents.ended, 2000);
    expect(await events.next()).toBeNull();
  });

  it('ends when the session expires; closes without ended when only the access token expires', async () => {
    const { app, login } = await loggedIn('expiry');
    const { settings } = t.ctx;
    // Past the token's expiry, well within the session's: closed, and no `ended` (the frame reopens).
    const token = await stream(app.id, login.token);
    await token.next();
    t.advance(settings.accessTokenTtlSeconds + 1);
    try {
      for (let event = await token.next(2000); event !== null; event = await token.next(2000))
        expect(event.event).toBe(sessionEvents.live);
      // A fresh token opens a stream again; past the session's end it says `ended`.
      const refreshed = await loggedIn('expiry-2');
      const session = await stream(refreshed.app.id, refreshed.login.token);
      await session.next();
      t.advance(settings.sessionTtlSeconds);
      await session.until(sessionEvents.ended, 2000);
      expect(await session.next()).toBeNull();
    } finally {
      t.advance(-settings.accessTokenTtlSeconds - 1 - settings.sessionTtlSeconds);
    }
  });

  it("refuses, before streaming, a bad token, another app's token, no token and a foreign origin", async () => {
    const { app, login } = await loggedIn('refused');
    const other = await t.createApp();
    const cases: [string, Response][] = [
      ['bad token', await request(app.id, 'not-a-token')],
      ['no token', await request(app.id, null)],
      ["another app's token", await request(other.app.id, login.token)],
      ['foreign origin', await request(app.id, login.token, 'https://evil.test')],
    ];
    for (const [name, res] of cases) {
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.headers.get('content-type'), name).toMatch(/^application\/json/);
      expect(await res.json(), name).toHaveProperty('code');
    }
  });

  it("with cookie sessions: the frame's own origin streams; the app's page, or no Origin, is refused", async () => {
    const { app, client } = await t.createApp({ cookie_sessions: true });
    const email = 'stream-cookie@example.com';
    await client.post('/api/v1/passwordless/init', { email });
    const login = await client.post('/api/v1/passwordless/authenticate', {
      email,
      code: client.lastCode(email),
    });
    expect(login.status).toBe(200);
    const jar = new CookieJar();
    jar.store(login.headers);
    const send = (origin: string | null) =>
      t.fetch(path, {
        method: 'POST',
        body: '{}',
        headers: {
          'privy-app-id': app.id,
          'content-type': 'application/json',
          cookie: jar.header(path),
          ...(origin ? { origin } : {}),
        },
      });
    const frame = await send(t.origin);
    expect(frame.status).toBe(200);
    const events = new EventReader(frame.body!);
    open.push(events);
    expect((await events.next())?.event).toBe(sessionEvents.live);
    // A same-origin GET would carry no Origin: why the route is a POST.
    for (const [origin, code] of [
      [testOrigin, 'invalid_origin'],
      [null, 'missing_origin'],
    ] as const) {
      const res = await send(origin);
      expect(res.status, String(origin)).toBeGreaterThanOrEqual(400);
      expect(await res.json(), String(origin)).toMatchObject({ code });
    }
  });

  it('a user with an MFA factor needs a valid MFA token, as for the session check', async () => {
    const { client, app } = await t.createApp(mfaApp);
    const user = await login(client, 'stream-mfa');
    const { secret } = await enrollTotp(client, user.token, () => t.ctx.now());
    const refused = await request(app.id, user.token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'missing_or_invalid_mfa' });
    t.advance(30);
    const verified = await post<{ token: string }>(
      client,
      mfaApi.mfaTotpVerify.path,
      { code: totpCode(secret, t.ctx.now()) },
      user.token,
    );
    expect(verified.status).toBe(200);
    const res = await request(app.id, user.token, testOrigin, mfaHeader(verified.body.token));
    expect(res.status).toBe(200);
    const events = new EventReader(res.body!);
    open.push(events);
    expect((await events.next())?.event).toBe(sessionEvents.live);
  });

  it('caps open streams per session (429), and a closed one frees its place', async () => {
    const { app, client, login } = await loggedIn('limits');
    const streams: EventReader[] = [];
    for (let i = 0; i < maxStreamsPerSession; i++) streams.push(await stream(app.id, login.token));
    const refused = await request(app.id, login.token);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests' });
    // The cap is per session: the same user's other session (another device) still opens one.
    const again2 = await client.loginWithEmail('limits@example.com');
    expect((await (await stream(app.id, again2.body.token)).next())?.event).toBe(sessionEvents.live);
    await streams[0]!.cancel();
    const again = await stream(app.id, login.token);
    expect((await again.next())?.event).toBe(sessionEvents.live);
  });
});

describe.each(dialects)('frame session events on a listening server (%s)', (dialect) => {
  it('a client that goes away (a closed tab) frees its place at once', async () => {
    const t = await startTestServer(dialect, { listen: true });
    const aborts: AbortController[] = [];
    try {
      const { app, client } = await t.createApp();
      const login = await client.loginWithEmail('gone@example.com');
      const open = (abort: AbortController) =>
        fetch(`${t.url}${path}`, {
          method: 'POST',
          body: '{}',
          signal: abort.signal,
          headers: {
            'privy-app-id': app.id,
            origin: testOrigin,
            authorization: `Bearer ${login.body.token}`,
            'content-type': 'application/json',
          },
        });
      for (let i = 0; i < maxStreamsPerSession; i++) {
        const abort = new AbortController();
        aborts.push(abort);
        const res = await open(abort);
        expect(res.status).toBe(200);
      }
      const refused = await open(new AbortController());
      expect(refused.status).toBe(429);
      await refused.body?.cancel();
      aborts.shift()!.abort();
      // The server hears of the closed connection and drops the stream (functional bound: 3 s).
      let status = 0;
      for (const deadline = Date.now() + 3000; Date.now() < deadline && status !== 200; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const abort = new AbortController();
        const res = await open(abort);
        status = res.status;
        if (status === 200) aborts.push(abort);
        else await res.body?.cancel();
      }
      expect(status).toBe(200);
    } finally {
      for (const abort of aborts) abort.abort();
      await t.close();
    }
  });

  it('a shutdown ends open streams at once instead of waiting out the grace period', async () => {
    const t = await startTestServer(dialect, { listen: true });
    let closed = false;
    try {
      const { app, client } = await t.createApp();
      const login = await client.loginWithEmail('shutdown@example.com');
      const res = await fetch(`${t.url}${path}`, {
        method: 'POST',
        body: '{}',
        headers: {
          'privy-app-id': app.id,
          origin: testOrigin,
          authorization: `Bearer ${login.body.token}`,
          'content-type': 'application/json',
        },
      });
      expect(res.status).toBe(200);
      const events = new EventReader(res.body!);
      expect((await events.next())?.event).toBe(sessionEvents.live);
      const started = Date.now();
      await t.close();
      closed = true;
      // The grace period is 10 s; a stream left open would hold close() that long.
      expect(Date.now() - started).toBeLessThan(5000);
      // The stream ends (no `ended`: the session is still live, elsewhere).
      for (let event = await events.next(); event !== null; event = await events.next())
        expect(event.event).toBe(sessionEvents.live);
    } finally {
      if (!closed) await t.close();
    }
  });
});
