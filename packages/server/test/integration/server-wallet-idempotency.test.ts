import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `privy-idempotency-key` under races (REFERENCES §1.7): however many copies of a request arrive at
 * once, one runs; the others get 409 while it runs, then its stored response; a different request
 * under the key is refused; a failed run keeps nothing; an expired key runs again.
 */
describe.each(dialects)('idempotency keys (%s)', (dialect) => {
  let t: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    const { app, secret } = await t.createApp();
    headers = {
      authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
      'privy-app-id': app.id,
      'content-type': 'application/json',
    };
  });
  afterAll(() => t.close());

  const create = async (key: string, body: unknown = { chain_type: 'ethereum' }) => {
    const res = await t.fetch('/v1/wallets', {
      method: 'POST',
      headers: { ...headers, 'privy-idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { id?: string; code?: string } };
  };
  const walletCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('server_wallets')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('runs one of 20 concurrent copies; the rest get 409 or its response, never a second wallet', async () => {
    const before = await walletCount();
    const key = crypto.randomUUID();
    const replies = await Promise.all(Array.from({ length: 20 }, () => create(key)));
    const created = replies.filter((reply) => reply.status === 200);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((reply) => reply.body.id)).size).toBe(1);
    for (const reply of replies.filter((r) => r.status !== 200)) expect(reply.status).toBe(409);
    expect(await walletCount()).toBe(before + 1);
    // Once it finished, every copy gets the stored response.
    expect((await create(key)).body.id).toBe(created[0]!.body.id);
  });

  it('refuses another request under a used key, and keeps nothing of a failed run', async () => {
    const key = crypto.randomUUID();
    const first = await create(key);
    expect(await create(key, { chain_type: 'solana' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_data' },
    });
    expect((await create(key)).body.id).toBe(first.body.id);

    const failing = crypto.randomUUID();
    expect((await create(failing, { chain_type: 'ethereum', owner_id: 'no-such-quorum' })).status).toBe(400);
    // The failure was not stored: the key takes a good request afterwards.
    expect((await create(failing)).status).toBe(200);
  });

  it('runs again once the key expired after 24 hours', async () => {
    const key = crypto.randomUUID();
    const first = await create(key);
    await t.ctx.db
      .updateTable('idempotency_keys')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const again = await create(key);
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it('bounds the key', async () => {
    expect(await create('k'.repeat(257))).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect((await create('k'.repeat(256))).status).toBe(200);
  });
});
