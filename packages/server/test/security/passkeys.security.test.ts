import { passkeyApi } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testOrigin,
} from '@latchkey/test/server';
import { type SoftwareAuthenticator, softwareAuthenticator } from '@latchkey/test/webauthn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBudgets } from '../../src/http/rate-limit.ts';

/**
 * Passkeys against an attacker who replays and races requests, runs script on another page, holds a
 * user's tokens, or brings a cloned or forged authenticator: every ceremony is bound to its app, its
 * kind, its page (origin and RP ID), its user and one use, and every signature to the stored key.
 */

const {
  passkeyRegisterInit,
  passkeyRegister,
  passkeyAuthenticateInit,
  passkeyAuthenticate,
  passkeyLinkInit,
  passkeyLink,
} = Object.fromEntries(Object.entries(passkeyApi).map(([name, r]) => [name, r.path])) as Record<
  keyof typeof passkeyApi,
  string
>;
const passkeysOn = { passkey_auth: true, passkeys_for_signup_enabled: true, email_auth: true };

type Options = { challenge: string } & Record<string, unknown>;
type Tamper = Parameters<SoftwareAuthenticator['assert']>[2];

describe.each(dialects)('passkeys security (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let victim: SoftwareAuthenticator;
  let victimId: string;

  const options = async (path: string, body: Record<string, unknown> = {}, token?: string) => {
    const res = await client.post<{ options: Options }>(path, body, token ? { token } : {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.options;
  };
  const loginOptions = () => options(passkeyAuthenticateInit);
  const authenticate = (assertion: unknown, challenge: string, on: TestClient = client) =>
    on.post<AuthBody>(passkeyAuthenticate, { authenticator_response: assertion, challenge });
  const expectRefused = (res: { status: number; body: { code?: string } }, code = 'invalid_credentials') => {
    expect(res.body.code, JSON.stringify(res.body)).toBe(code);
    expect(res.status).toBe(code === 'invalid_credentials' ? 401 : 400);
  };
  /** A login by the victim's authenticator, tampered as given. */
  async function login(tamper: Tamper = {}) {
    const opts = await loginOptions();
    return authenticate(victim.assert(opts as never, testOrigin, tamper), opts.challenge);
  }

  beforeAll(async () => {
    t = await startTestServer(dialect);
    ({ client } = await t.createApp(passkeysOn));
    victim = softwareAuthenticator();
    const opts = await options(passkeyRegisterInit);
    const res = await client.post(passkeyRegister, {
      authenticator_response: victim.register(opts as never, testOrigin),
    });
    expect(res.status).toBe(200);
    victimId = (res.body as unknown as AuthBody).user.id;
  });
  afterAll(() => t.close());

  it('logs the victim in with their own passkey (the control case)', async () => {
    const res = await login();
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(victimId);
  });

  it('refuses an assertion made for another RP ID', async () => {
    expectRefused(await login({ rpId: 'evil.test' }));
  });

  it('refuses an assertion made on another origin, even under the same RP ID', async () => {
    expectRefused(await login({ origin: 'https://evil.test' }));
    expectRefused(await login({ origin: 'http://sub.app.test' }));
  });

  it('refuses a registration made on another origin or for another RP ID', async () => {
    for (const tamper of [{ origin: 'https://evil.test' }, { rpId: 'evil.test' }]) {
      const opts = await options(passkeyRegisterInit);
      const res = await client.post(passkeyRegister, {
        authenticator_response: softwareAuthenticator().register(opts as never, testOrigin, tamper),
      });
      expectRefused(res);
    }
  });

  it('refuses a replayed assertion, and a fresh signature over a spent challenge', async () => {
    const opts = await loginOptions();
    const assertion = victim.assert(opts as never, testOrigin);
    expect((await authenticate(assertion, opts.challenge)).status).toBe(200);
    expectRefused(await authenticate(assertion, opts.challenge));
    // The genuine authenticator signing the spent challenge again (a higher counter) is refused too.
    expectRefused(await authenticate(victim.assert(opts as never, testOrigin), opts.challenge));
  });

  it('lets exactly one of two racing uses of one assertion in', async () => {
    const opts = await loginOptions();
    const assertion = victim.assert(opts as never, testOrigin);
    const results = await Promise.all([
      authenticate(assertion, opts.challenge),
      authenticate(assertion, opts.challenge),
      authenticate(assertion, opts.challenge),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses a challenge no /init issued, or one past its 5 minutes', async () => {
    const opts = await loginOptions();
    const forged = { ...opts, challenge: Buffer.from('made up by the attacker').toString('base64url') };
    expectRefused(await authenticate(victim.assert(forged as never, testOrigin), forged.challenge));
    const late = await loginOptions();
    t.advance(5 * 60 + 1);
    try {
      expectRefused(await authenticate(victim.assert(late as never, testOrigin), late.challenge));
    } finally {
      t.advance(-(5 * 60 + 1));
    }
  });

  it('refuses a body whose challenge is not the one the client data signed', async () => {
    const first = await loginOptions();
    const second = await loginOptions();
    expectRefused(await authenticate(victim.assert(first as never, testOrigin), second.challenge));
  });

  it('refuses a challenge issued to another app', async () => {
    const other = await t.createApp(passkeysOn);
    const theirs = await other.client.post<{ options: Options }>(passkeyAuthenticateInit, {});
    const assertion = victim.assert(theirs.body.options as never, testOrigin);
    expectRefused(await authenticate(assertion, theirs.body.options.challenge));
  });

  it('refuses a challenge issued for another ceremony', async () => {
    // A sign-up challenge used to log in.
    const signUp = await options(passkeyRegisterInit);
    expectRefused(await authenticate(victim.assert(signUp as never, testOrigin), signUp.challenge));
    // A login challenge used to sign up.
    const loginOpts = await loginOptions();
    const registration = softwareAuthenticator().register(
      { ...signUp, challenge: loginOpts.challenge } as never,
      testOrigin,
    );
    expectRefused(await client.post(passkeyRegister, { authenticator_response: registration }));
    // A sign-up challenge used to link, and another user's link challenge.
    const alice = (await client.loginWithEmail('alice-sec@example.com')).body.token;
    const bob = (await client.loginWithEmail('bob-sec@example.com')).body.token;
    const fresh = await options(passkeyRegisterInit);
    const linkWithSignUp = softwareAuthenticator().register(fresh as never, testOrigin);
    expectRefused(
      await client.post(passkeyLink, { authenticator_response: linkWithSignUp }, { token: alice }),
    );
    const bobs = await options(passkeyLinkInit, {}, bob);
    const stolen = softwareAuthenticator().register(bobs as never, testOrigin);
    expectRefused(await client.post(passkeyLink, { authenticator_response: stolen }, { token: alice }));
    // A link challenge used to sign up.
    const alices = await options(passkeyLinkInit, {}, alice);
    const signUpWithLink = softwareAuthenticator().register(alices as never, testOrigin);
    expectRefused(await client.post(passkeyRegister, { authenticator_response: signUpWithLink }));
  });

  it('refuses a challenge issued for another page of the same app', async () => {
    const other = 'https://other.example';
    const { client: app, app: record } = await t.createApp(passkeysOn);
    await t.updateApp(record.id, { allowed_domains: [testOrigin, other] });
    const forOther = await app.post<{ options: Options }>(passkeyRegisterInit, { relying_party: other });
    // Run on the default page with the other page's challenge.
    const registration = softwareAuthenticator().register(
      { ...(forOther.body.options as object), rp: { name: 'x', id: 'app.test' } } as never,
      testOrigin,
    );
    expectRefused(await app.post(passkeyRegister, { authenticator_response: registration }));
  });

  it('refuses a cloned authenticator whose counter goes back, and keeps refusing the stale one', async () => {
    const clone = victim.clone(victim.credentials[0]!.id);
    // The genuine one moves on…
    expect((await login()).status).toBe(200);
    // …the clone signs with the counter it was copied at: not above the stored one.
    const opts = await loginOptions();
    expectRefused(await authenticate(clone.assert(opts as never, testOrigin), opts.challenge));
    const stale = await loginOptions();
    expectRefused(
      await authenticate(
        victim.assert(stale as never, testOrigin, { counter: victim.credentials[0]!.counter - 1 }),
        stale.challenge,
      ),
    );
  });

  it('accepts an authenticator that keeps its counter at 0 (synced passkeys do)', async () => {
    const { client: app } = await t.createApp(passkeysOn);
    const synced = softwareAuthenticator();
    const reg = await app.post<{ options: Options }>(passkeyRegisterInit, {});
    expect(
      (
        await app.post(passkeyRegister, {
          authenticator_response: synced.register(reg.body.options as never, testOrigin),
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < 2; i++) {
      const opts = (await app.post<{ options: Options }>(passkeyAuthenticateInit, {})).body.options;
      const res = await authenticate(
        synced.assert(opts as never, testOrigin, { counter: 0 }),
        opts.challenge,
        app,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // Once a counter was seen, 0 is going back.
    const up = (await app.post<{ options: Options }>(passkeyAuthenticateInit, {})).body.options;
    expect(
      (await authenticate(synced.assert(up as never, testOrigin, { counter: 7 }), up.challenge, app)).status,
    ).toBe(200);
    const zero = (await app.post<{ options: Options }>(passkeyAuthenticateInit, {})).body.options;
    expectRefused(
      await authenticate(synced.assert(zero as never, testOrigin, { counter: 0 }), zero.challenge, app),
    );
  });

  it("refuses a credential of another user: the victim's id signed by the attacker's key", async () => {
    const attacker = softwareAuthenticator();
    const opts = await options(passkeyRegisterInit);
    attacker.register(opts as never, testOrigin);
    const loginOpts = await loginOptions();
    const signed = attacker.assert(loginOpts as never, testOrigin);
    const claimed = { ...signed, id: victim.credentials[0]!.id, raw_id: victim.credentials[0]!.id };
    expectRefused(await authenticate(claimed, loginOpts.challenge));
  });

  it("refuses a sign-up that registers the victim's credential id with the attacker's key", async () => {
    const opts = await options(passkeyRegisterInit);
    const forged = softwareAuthenticator().register(opts as never, testOrigin, {
      credentialId: victim.credentials[0]!.id,
    });
    const res = await client.post<AuthBody>(passkeyRegister, { authenticator_response: forged });
    expectRefused(res, 'linked_to_another_user');
    expect(res.body.token).toBeUndefined();
    // The victim's key was not replaced: their passkey still logs them in.
    expect((await login()).status).toBe(200);
  });

  it('lets racing links take a user to 5 passkeys and no further', async () => {
    const token = (await client.loginWithEmail('racer@example.com')).body.token;
    const link = async () => {
      const opts = await options(passkeyLinkInit, {}, token);
      return softwareAuthenticator().register(opts as never, testOrigin);
    };
    for (let i = 0; i < 4; i++) {
      const res = await client.post(passkeyLink, { authenticator_response: await link() }, { token });
      expect(res.status).toBe(200);
    }
    const racing = await Promise.all([link(), link(), link()]);
    const results = await Promise.all(
      racing.map((registration) =>
        client.post(passkeyLink, { authenticator_response: registration }, { token }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((r) => r.status === 400))
      expect(r.body.code).toBe('cannot_link_more_of_type');
    const me = await client.request<{ user: { linked_accounts: { type: string }[] } }>('/api/v1/users/me', {
      token,
    });
    expect(me.body.user.linked_accounts.filter((a) => a.type === 'passkey')).toHaveLength(5);
  });

  it('refuses a signature over other data', async () => {
    expectRefused(await login({ signOver: new Uint8Array(64).fill(7) }));
  });

  it('refuses an assertion or registration without user verification', async () => {
    expectRefused(await login({ userVerified: false }));
    expectRefused(await login({ userVerified: false, userPresent: false }));
    const opts = await options(passkeyRegisterInit);
    const res = await client.post(passkeyRegister, {
      authenticator_response: softwareAuthenticator().register(opts as never, testOrigin, {
        userVerified: false,
      }),
    });
    expectRefused(res);
  });

  it('refuses a client data type of the other ceremony', async () => {
    expectRefused(await login({ type: 'webauthn.create' }));
  });

  it('refuses a user handle the passkey was not made with', async () => {
    expectRefused(await login({ userHandle: Buffer.from('someone else').toString('base64url') }));
    // Leaving the handle out is allowed (the credential id names the passkey).
    expect((await login({ userHandle: undefined })).status).toBe(200);
  });

  it('does not let a failed attempt burn the challenge', async () => {
    const opts = await loginOptions();
    expectRefused(
      await authenticate(
        victim.assert(opts as never, testOrigin, { signOver: new Uint8Array(8) }),
        opts.challenge,
      ),
    );
    expect((await authenticate(victim.assert(opts as never, testOrigin), opts.challenge)).status).toBe(200);
  });

  it('keeps challenges only as hashes, and never a public key or counter in a log', async () => {
    const opts = await loginOptions();
    const rows = await t.ctx.db.selectFrom('passkey_challenges').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.challenge_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(opts.challenge);
    }
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(victim.credentials[0]!.publicKey);
    expect(logs).not.toContain(opts.challenge);
  });

  describe('with rate limits on', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startTestServer(dialect, { settings: { rateLimitsEnabled: true } });
    });
    afterAll(() => limited.close());

    it('spends the per-IP login budget on challenges and answers alike, then 429 too_many_requests', async () => {
      const { client: app } = await limited.createApp(passkeysOn);
      const budget = rateLimitBudgets.verifyIp.points;
      const inits = await Promise.all(
        Array.from({ length: budget - 1 }, () => app.post(passkeyAuthenticateInit, {})),
      );
      expect(inits.every((r) => r.status === 200)).toBe(true);
      // The last point goes to a (refused) answer; then every passkey route of the IP is limited.
      const { options } = inits[0]!.body as { options: Options };
      const answer = await authenticate(victim.assert(options as never, testOrigin), options.challenge, app);
      expect(answer.status).toBe(401);
      for (const path of [passkeyAuthenticateInit, passkeyRegisterInit]) {
        const res = await app.post(path, {});
        expect(res.status, path).toBe(429);
        expect(res.body.code).toBe('too_many_requests');
      }
      // A genuine answer to a live challenge is limited too.
      const { options: live } = inits[1]!.body as { options: Options };
      const late = await authenticate(victim.assert(live as never, testOrigin), live.challenge, app);
      expect(late.status).toBe(429);
      expect(late.body.code).toBe('too_many_requests');
    });
  });
});
