import { createHash } from 'node:crypto';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeCode } from '../../src/codes/verification-codes.ts';
import { hmacHex } from '../../src/crypto/hash.ts';
import type { ApiError } from '../../src/http/api-error.ts';
import { rateLimitBudgets } from '../../src/http/rate-limit.ts';

/** The answer once an identifier has used up its wrong guesses. */
const locked = {
  status: 429,
  body: { code: 'too_many_requests', error: 'Too many incorrect codes. Try again in a few minutes.' },
};

/** A six-digit code other than `code`. */
const otherThan = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/**
 * One-time codes (spec document 1 §5): single use, at most 5 wrong guesses per identifier per window even
 * across resends and when the guesses race, resends that do not invalidate the owner's code,
 * stored only as an HMAC, bound to one identifier of one app, and rate-limited per IP.
 */
describe.each(dialects)('verification codes (%s)', (dialect) => {
  let t: TestServer;

  const authenticate = (client: TestClient, email: string, code: string) =>
    client.post<AuthBody>('/api/v1/passwordless/authenticate', { email, code });
  const sendCode = async (client: TestClient, email: string) => {
    const init = await client.post('/api/v1/passwordless/init', { email });
    expect(init.status).toBe(200);
    return client.lastCode(email);
  };

  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  it('a code cannot be replayed', async () => {
    const { client } = await t.createApp();
    const code = await sendCode(client, 'replay@example.com');
    expect((await authenticate(client, 'replay@example.com', code)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const replay = await authenticate(client, 'replay@example.com', code);
      expect(replay).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    }
  });

  it('concurrent submissions of one valid code: exactly one logs in', async () => {
    const { client } = await t.createApp();
    const code = await sendCode(client, 'race@example.com');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => authenticate(client, 'race@example.com', code)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The others presented a spent code: wrong guesses, until the identifier's cap refuses them.
    for (const r of results.filter((r) => r.status !== 200)) {
      expect([401, 429]).toContain(r.status);
      expect(r.body).toMatchObject({ code: r.status === 401 ? 'invalid_credentials' : 'too_many_requests' });
    }
    // Exactly one session came of it.
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('app_id', '=', client.appId)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('concurrent wrong guesses all count: after 5 of them every check is refused', async () => {
    const { client } = await t.createApp();
    const code = await sendCode(client, 'guess@example.com');
    const three = await Promise.all(
      [1, 2, 3].map((i) => authenticate(client, 'guess@example.com', otherThan(code, i))),
    );
    for (const r of three) expect(r).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    // No lost update: three racing wrong guesses are three failures of the identifier.
    const row = await t.ctx.db
      .selectFrom('verification_attempts')
      .select('failures')
      .where('app_id', '=', client.appId)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(3);

    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        authenticate(client, 'guess@example.com', otherThan(code, 10 + i)),
      ),
    );
    // Two more were checked (and failed); the other 18 were refused unchecked.
    expect(burst.filter((r) => r.status === 401)).toHaveLength(2);
    for (const r of burst.filter((r) => r.status !== 401)) expect(r).toMatchObject(locked);
    expect(await authenticate(client, 'guess@example.com', code)).toMatchObject(locked);
  });

  it('racing guesses: at most 5 are ever compared against a code', async () => {
    // Called on the service, all at once. Each guess must be counted before the next is judged: if
    // the cap were read before the guesses were counted, racing guesses would all read "fewer than 5
    // failures" and all be judged (30 chances, not 5). Judged wrong is invalid_credentials; refused
    // unjudged is too_many_requests.
    const { app, client } = await t.createApp();
    const email = 'burst@example.com';
    const code = await sendCode(client, email);
    const guesses = Array.from({ length: 30 }, (_, i) => otherThan(code, i + 1));
    const outcomes = await Promise.allSettled(
      guesses.map((guess) => consumeCode(t.ctx, app, 'email', email, guess)),
    );
    const codes = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as ApiError).code : 'passed'));
    expect(codes.filter((c) => c === 'invalid_credentials')).toHaveLength(5);
    expect(codes.filter((c) => c === 'too_many_requests')).toHaveLength(25);
    // Five failures burnt the code and lock the identifier: the right one no longer works.
    expect(await authenticate(client, email, code)).toMatchObject(locked);
  });

  it('the right code still works as the fifth attempt, after four wrong ones', async () => {
    const { client } = await t.createApp();
    const code = await sendCode(client, 'fifth@example.com');
    for (let i = 1; i <= 4; i++) {
      expect((await authenticate(client, 'fifth@example.com', otherThan(code, i))).status).toBe(401);
    }
    expect((await authenticate(client, 'fifth@example.com', code)).status).toBe(200);
  });

  it('wrong guesses count per identifier across resends: 5 in all, not 5 per code', async () => {
    const { client } = await t.createApp();
    const email = 'resender@example.com';
    const first = await sendCode(client, email);
    for (let i = 1; i <= 4; i++) {
      expect(await authenticate(client, email, otherThan(first, i))).toMatchObject({ status: 401 });
    }
    // A fresh code does not buy fresh guesses: the fifth failure locks the identifier…
    const second = await sendCode(client, email);
    const wrong = [first, second].includes(otherThan(second, 7))
      ? otherThan(second, 8)
      : otherThan(second, 7);
    expect(await authenticate(client, email, wrong)).toMatchObject({ status: 401 });
    const third = await sendCode(client, email);
    for (const code of [first, second, third])
      expect(await authenticate(client, email, code)).toMatchObject(locked);
    // …until the window (a code's lifetime, from the first failure) has passed.
    t.advance(10 * 60);
    expect(await authenticate(client, email, await sendCode(client, email))).toMatchObject({ status: 200 });
  });

  it("a stranger's resends do not invalidate the code the owner already has", async () => {
    const { client } = await t.createApp();
    const email = 'owner@example.com';
    const owners = await sendCode(client, email);
    await sendCode(client, email); // a stranger presses "resend" twice
    await sendCode(client, email);
    expect(await authenticate(client, email, owners)).toMatchObject({ status: 200 });
  });

  it('the newest 3 live codes are accepted, older ones not; a right one spends them all', async () => {
    const { client } = await t.createApp();
    const email = 'many@example.com';
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await sendCode(client, email));
    const [oldest, ...newest] = codes as [string, string, string, string];
    const rows = await t.ctx.db
      .selectFrom('verification_codes')
      .select('code_hash')
      .where('app_id', '=', client.appId)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(3);
    if (!newest.includes(oldest)) {
      expect(await authenticate(client, email, oldest)).toMatchObject({ status: 401 });
    }
    expect(await authenticate(client, email, newest[0]!)).toMatchObject({ status: 200 });
    // Single use, for the lot: the other codes of that identifier went with it.
    for (const code of newest) {
      expect(await authenticate(client, email, code)).toMatchObject({ status: 401 });
    }
  });

  it('a stored code with 3 newer live codes is refused, the same code issued last is taken', async () => {
    const { client } = await t.createApp();
    const email = 'ranked@example.com';
    const issued = [];
    for (let i = 0; i < 3; i++) issued.push(await sendCode(client, email));
    // A fourth code stored beside them (as two racing sends can leave), first older, then newest.
    let planted = '000000';
    while (issued.includes(planted)) planted = otherThan(planted);
    const hash = hmacHex(t.ctx.codeKey, `${client.appId}\nemail\n${email}\n${planted}`);
    const plant = async (seq: number) => {
      await t.ctx.db.deleteFrom('verification_codes').where('code_hash', '=', hash).execute();
      const now = t.ctx.now();
      await t.ctx.db
        .insertInto('verification_codes')
        .values({
          app_id: client.appId,
          channel: 'email',
          identifier: email,
          code_hash: hash,
          created_at: now,
          expires_at: now + 600,
          seq,
        })
        .execute();
    };
    await plant(0);
    expect(await authenticate(client, email, planted)).toMatchObject({ status: 401 });
    await plant(100);
    expect(await authenticate(client, email, planted)).toMatchObject({ status: 200 });
    for (const code of issued) expect(await authenticate(client, email, code)).toMatchObject({ status: 401 });
  });

  it("the test account's fixed code has the same cap", async () => {
    const { app, client } = await t.createApp({ test_credentials_enabled: true });
    const email = app.settings.test_email;
    const fixed = app.settings.test_otp_code;
    expect(await authenticate(client, email, fixed)).toMatchObject({ status: 200 });
    for (let i = 1; i <= 5; i++) {
      expect(await authenticate(client, email, otherThan(fixed, i))).toMatchObject({ status: 401 });
    }
    expect(await authenticate(client, email, fixed)).toMatchObject(locked);
    // The phone number is another identifier, with its own budget.
    const phone = await client.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: app.settings.test_phone_number,
      code: otherThan(fixed),
    });
    expect(phone.status).not.toBe(429);
    t.advance(10 * 60);
    expect(await authenticate(client, email, fixed)).toMatchObject({ status: 200 });
  });

  it('codes are stored only as an HMAC, never as the code or its bare hash', async () => {
    const { client } = await t.createApp();
    const code = await sendCode(client, 'stored@example.com');
    const rows = await t.ctx.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('app_id', '=', client.appId)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    for (const value of Object.values(row)) expect(String(value)).not.toContain(code);
    // No row of the table holds a bare six-digit value equal to any code sent so far.
    const sent = (t.latchkey.devOutbox?.list(client.appId) ?? [])
      .map((m) => m.text.match(/\b(\d{6})\b/)?.[1])
      .filter((c): c is string => c !== undefined);
    const all = await t.ctx.db.selectFrom('verification_codes').selectAll().execute();
    for (const r of all) {
      for (const value of Object.values(r)) {
        for (const c of sent) expect(String(value)).not.toContain(c);
      }
    }
  });

  it('the code for email A does not work for email B', async () => {
    const { client } = await t.createApp();
    const codeA = await sendCode(client, 'alice@example.com');
    // B without any code of its own.
    expect(await authenticate(client, 'bob@example.com', codeA)).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
    const codeB = await sendCode(client, 'bob@example.com');
    if (codeA !== codeB) {
      expect((await authenticate(client, 'bob@example.com', codeA)).status).toBe(401);
    }
    // Both codes still work for their own address (one wrong try is not a burn).
    expect((await authenticate(client, 'alice@example.com', codeA)).status).toBe(200);
    expect((await authenticate(client, 'bob@example.com', codeB)).status).toBe(200);
  });

  it('a code issued on app A does not work on app B', async () => {
    const { client: a } = await t.createApp();
    const { client: b } = await t.createApp();
    const email = 'shared@example.com';
    const codeA = await sendCode(a, email);
    expect(await authenticate(b, email, codeA)).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
    const codeB = await sendCode(b, email);
    if (codeA !== codeB) expect((await authenticate(b, email, codeA)).status).toBe(401);
    expect((await authenticate(a, email, codeA)).status).toBe(200);
  });

  it('an SMS code does not log in by email and vice versa', async () => {
    const { client } = await t.createApp({ sms_auth: true });
    const init = await client.post('/api/v1/passwordless_sms/init', { phoneNumber: '+14155550123' });
    expect(init.status).toBe(200);
    const smsCode = client.lastCode('+14155550123');
    await sendCode(client, 'mixed@example.com');
    const emailCode = client.lastCode('mixed@example.com');
    if (smsCode !== emailCode) {
      expect((await authenticate(client, 'mixed@example.com', smsCode)).status).toBe(401);
    }
    expect(
      (
        await client.post('/api/v1/passwordless_sms/authenticate', {
          phoneNumber: '+14155550123',
          code: smsCode,
        })
      ).status,
    ).toBe(200);
  });

  describe('with rate limits on', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startTestServer(dialect, { settings: { rateLimitsEnabled: true } });
    });
    afterAll(() => limited.close());

    it('the per-IP verify budget answers 429 too_many_requests', async () => {
      const { client } = await limited.createApp();
      // Spread over many addresses so no single code's attempt cap is what stops them.
      const results = [];
      for (let batch = 0; batch < 7; batch++) {
        results.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              authenticate(client, `ip${batch}-${i}@example.com`, '000000'),
            ),
          )),
        );
      }
      const limitedOnes = results.filter((r) => r.status === 429);
      expect(results.filter((r) => r.status === 401)).toHaveLength(60);
      expect(limitedOnes).toHaveLength(10);
      for (const r of limitedOnes) {
        expect(r.body).toMatchObject({ code: 'too_many_requests', error: expect.any(String) });
      }
      // A right code from the same IP is refused too while the budget is spent.
      const { client: other } = await limited.createApp();
      await other.post('/api/v1/passwordless/init', { email: 'late@example.com' });
      const late = await authenticate(other, 'late@example.com', other.lastCode('late@example.com'));
      expect(late).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    });

    it('sending codes to one address is limited too', async () => {
      const { client } = await limited.createApp();
      const budget = rateLimitBudgets.sendCodeIdentifier.points;
      const statuses = [];
      for (let i = 0; i <= budget; i++) {
        statuses.push((await client.post('/api/v1/passwordless/init', { email: 'bomb@example.com' })).status);
      }
      expect(statuses).toEqual([...Array(budget).fill(200), 429]);
    });
  });

  describe('with rate limits on, a fresh budget', () => {
    let fresh: TestServer;
    beforeAll(async () => {
      fresh = await startTestServer(dialect, { settings: { rateLimitsEnabled: true } });
    });
    afterAll(() => fresh.close());

    it("within the send budget a stranger's resends cannot push out the owner's code", async () => {
      const { client } = await fresh.createApp();
      const email = 'pushed@example.com';
      const owners = await sendCode(client, email);
      const stranger = [];
      for (let i = 0; i < 5; i++) {
        stranger.push((await client.post('/api/v1/passwordless/init', { email })).status);
      }
      expect(stranger).toContain(429);
      expect(await authenticate(client, email, owners)).toMatchObject({ status: 200 });
    });
  });
});
