import {
  type AuthBody,
  dialects,
  dumpDatabase,
  startTestServer,
  type TestServer,
  testAdminKey,
  testOrigin,
} from '@latchkey/test/server';
import {
  followOAuthFlow,
  type IdTokenTampering,
  type OAuthStandIns,
  type StandInAccount,
  startOAuthStandIns,
} from '@latchkey/test/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAt, clientPkce, redeem } from '../fixtures/oauth-flow.ts';

let unique = 0;
const person = (): StandInAccount => {
  const n = ++unique;
  return { sub: `${5000 + n}`, username: `sec${n}`, name: `Sec ${n}`, email: `sec${n}@example.com` };
};

/**
 * The OAuth flow against an attacker who replays and races codes, tampers with the state or the
 * PKCE verifier, steers `redirect_to`, replays the provider's callback, or runs a provider whose
 * ID tokens lie; and the app's provider secrets stay sealed and unlogged.
 */
describe.each(dialects)('OAuth security (%s)', (dialect) => {
  let t: TestServer;
  let standIns: OAuthStandIns;
  let patch: Record<string, unknown>;

  beforeAll(async () => {
    standIns = await startOAuthStandIns();
    t = await startTestServer(dialect, {
      listen: true,
      settings: { oauthEndpoints: standIns.oauthEndpoints },
    });
    standIns.allowCallback(t.url);
    patch = await standIns.appPatch();
  });
  afterAll(async () => {
    await t.close();
    await standIns.close();
  });

  describe('the Latchkey authorization code', () => {
    it('is single use: a replay is invalid_credentials', async () => {
      const { client } = await t.createApp(patch);
      const returned = await authorizeAt(client, standIns, 'google', person());
      expect((await redeem(client, returned)).status).toBe(200);
      const replay = await redeem(client, returned);
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ code: 'invalid_credentials' });
    });

    it('of two racing redemptions, exactly one logs in', async () => {
      const { client } = await t.createApp(patch);
      const returned = await authorizeAt(client, standIns, 'github', person());
      const results = await Promise.all([
        redeem(client, returned),
        redeem(client, returned),
        redeem(client, returned),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    });

    it('a wrong state_code is oauth_state_mismatch, and spends the code', async () => {
      const { client } = await t.createApp(patch);
      const returned = await authorizeAt(client, standIns, 'google', person());
      const wrong = await redeem(client, returned, { extra: { state_code: clientPkce().state } });
      expect(wrong.body).toMatchObject({ code: 'oauth_state_mismatch' });
      expect((await redeem(client, returned)).body).toMatchObject({ code: 'invalid_credentials' });
    });

    it('a wrong or missing PKCE verifier is invalid_pkce_parameters, and spends the code', async () => {
      const { client } = await t.createApp(patch);
      const returned = await authorizeAt(client, standIns, 'discord', person());
      const wrong = await redeem(client, returned, { extra: { code_verifier: clientPkce().verifier } });
      expect(wrong.body).toMatchObject({ code: 'invalid_pkce_parameters' });
      expect((await redeem(client, returned)).body).toMatchObject({ code: 'invalid_credentials' });
      const other = await authorizeAt(client, standIns, 'discord', person());
      const missing = await redeem(client, other, { extra: { code_verifier: undefined } });
      expect(missing.body).toMatchObject({ code: 'invalid_pkce_parameters' });
    });

    it("another app's code is invalid_credentials, and is not burnt by the attempt", async () => {
      const victim = await t.createApp(patch);
      const attacker = await t.createApp(patch);
      const returned = await authorizeAt(victim.client, standIns, 'google', person());
      const stolen = await redeem(attacker.client, returned);
      expect(stolen.body).toMatchObject({ code: 'invalid_credentials' });
      expect((await redeem(victim.client, returned)).status).toBe(200);
    });

    it('expires after five minutes', async () => {
      const { client } = await t.createApp(patch);
      const returned = await authorizeAt(client, standIns, 'spotify', person());
      t.advance(5 * 60 + 1);
      try {
        expect((await redeem(client, returned)).body).toMatchObject({ code: 'invalid_credentials' });
      } finally {
        t.advance(-(5 * 60 + 1));
      }
    });

    it('is not the provider’s code: the provider never saw it, and the provider’s code is not in the redirect', async () => {
      const { client } = await t.createApp(patch);
      const before = standIns.social.tokenRequests.length;
      const returned = await authorizeAt(client, standIns, 'github', person());
      expect((await redeem(client, returned)).status).toBe(200);
      const sent = standIns.social.tokenRequests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.form.code).not.toBe(returned.code);
      expect(returned.url.search).not.toContain(sent[0]!.form.code!);
      // This server's own PKCE at the provider: its verifier, never the client's.
      expect(sent[0]!.form.code_verifier).toMatch(/^[\w-]{43}$/);
      expect(sent[0]!.form.code_verifier).not.toBe(returned.pkce.verifier);
    });
  });

  describe('ID tokens', () => {
    const cases: [string, IdTokenTampering][] = [
      ['a wrong issuer', { iss: 'https://accounts.evil.test' }],
      ['a wrong audience', { aud: 'someone-elses-client' }],
      ['a wrong nonce', { nonce: 'replayed-nonce' }],
      ['a signature by a key outside the JWKS', { foreignKey: true }],
      ['an expiry in the past', { expiresIn: -3600 }],
    ];
    it.each(cases)('refuses one with %s, and makes no user', async (_label, tampering) => {
      const { client, app } = await t.createApp(patch);
      const returned = await authorizeAt(client, standIns, 'google', person());
      standIns.oidc.misbehaveNext(tampering);
      const res = await redeem(client, returned);
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body).toMatchObject({ code: 'invalid_credentials' });
      const users = await t.ctx.db.selectFrom('users').select('id').where('app_id', '=', app.id).execute();
      expect(users).toEqual([]);
    });

    it('the untampered token of the same flow logs in (the cases above fail for their one fault)', async () => {
      const { client } = await t.createApp(patch);
      expect((await redeem(client, await authorizeAt(client, standIns, 'google', person()))).status).toBe(
        200,
      );
    });

    it("Apple's client secret is an ES256 JWT of the app's key: another key is refused", async () => {
      const { client } = await t.createApp(patch);
      const other = await standIns.oidc.appleClient(`other-${++unique}`);
      const credentials = (patch.oauth_credentials as Record<string, Record<string, string>>).apple!;
      await t.updateApp(client.appId, {
        oauth_credentials: { apple: { ...credentials, private_key: other.private_key } },
      });
      const res = await redeem(client, await authorizeAt(client, standIns, 'apple', person()));
      expect(res.body).toMatchObject({
        code: 'invalid_credentials',
        error: expect.stringContaining('invalid_client'),
      });
    });
  });

  describe('redirect_to', () => {
    const hostile = [
      'https://evil.test/steal',
      'http://app.test.evil.test/',
      'http://app.test@evil.test/',
      'http://evil.test#http://app.test',
      '//evil.test/path',
      '/relative/path',
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'myapp://callback',
      'http://app.test:8080/',
      'https://app.test/',
    ];
    it.each(hostile)('refuses %s (never an open redirect)', async (redirectTo) => {
      const { client } = await t.createApp(patch);
      const pkce = clientPkce();
      const res = await client.post('/api/v1/oauth/init', {
        provider: 'google',
        redirect_to: redirectTo,
        code_challenge: pkce.challenge,
        state_code: pkce.state,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'invalid_data',
        error: expect.stringMatching(/^Invalid redirect_to/),
      });
    });

    it("accepts the app's native URL scheme", async () => {
      const { client } = await t.createApp({ ...patch, allowed_native_app_url_schemes: ['myapp'] });
      const returned = await authorizeAt(client, standIns, 'google', person(), 'myapp://oauth/callback');
      expect(returned.url.protocol).toBe('myapp:');
      expect(returned.code).toMatch(/^[\w-]{43}$/);
    });

    it('an app without allowed domains may return only to the page that started the login', async () => {
      const { client } = await t.createApp({ ...patch, allowed_domains: [] });
      const pkce = clientPkce();
      const init = (redirectTo: string, origin: string | null) =>
        client.post(
          '/api/v1/oauth/init',
          {
            provider: 'google',
            redirect_to: redirectTo,
            code_challenge: pkce.challenge,
            state_code: pkce.state,
          },
          origin ? { headers: { origin } } : { noOrigin: true },
        );
      expect((await init('http://other.test/x', 'http://page.test')).body).toMatchObject({
        code: 'invalid_data',
      });
      expect((await init('http://page.test/x', null)).body).toMatchObject({ code: 'invalid_data' });
      expect((await init('http://page.test/x', 'http://page.test')).status).toBe(200);
    });

    it('a redirect_to the app no longer allows by the time of the callback gets the error page', async () => {
      const { client } = await t.createApp(patch);
      const pkce = clientPkce();
      const init = await client.post<{ url: string }>('/api/v1/oauth/init', {
        provider: 'github',
        redirect_to: `${testOrigin}/x`,
        code_challenge: pkce.challenge,
        state_code: pkce.state,
      });
      await t.updateApp(client.appId, { allowed_domains: ['https://elsewhere.test'] });
      standIns.approveNextAs('github', person());
      const callback = await followOAuthFlow(init.body.url, t.url);
      const res = await fetch(callback, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    });
  });

  describe("the server's callback", () => {
    it('is single use: a replayed provider callback gets the error page, never a redirect', async () => {
      const { client } = await t.createApp(patch);
      const pkce = clientPkce();
      const init = await client.post<{ url: string }>('/api/v1/oauth/init', {
        provider: 'google',
        redirect_to: `${testOrigin}/x`,
        code_challenge: pkce.challenge,
        state_code: pkce.state,
      });
      standIns.approveNextAs('google', person());
      // Stop where the provider sends the browser back to this server.
      const callback = await followOAuthFlow(init.body.url, t.url);
      const first = await fetch(callback, { redirect: 'manual' });
      expect(first.status).toBe(302);
      expect(new URL(first.headers.get('location')!).origin).toBe(testOrigin);
      const replay = await fetch(callback, { redirect: 'manual' });
      expect(replay.status).toBe(400);
      expect(replay.headers.get('location')).toBeNull();
      expect(replay.headers.get('content-type')).toMatch(/^text\/html/);
    });

    it('expires an unfinished login after ten minutes', async () => {
      const { client } = await t.createApp(patch);
      const pkce = clientPkce();
      const init = await client.post<{ url: string }>('/api/v1/oauth/init', {
        provider: 'discord',
        redirect_to: `${testOrigin}/x`,
        code_challenge: pkce.challenge,
        state_code: pkce.state,
      });
      standIns.approveNextAs('discord', person());
      const callback = await followOAuthFlow(init.body.url, t.url);
      t.advance(10 * 60 + 1);
      try {
        expect((await fetch(callback, { redirect: 'manual' })).status).toBe(400);
      } finally {
        t.advance(-(10 * 60 + 1));
      }
    });
  });

  describe("the app's provider secrets", () => {
    it('are sealed at rest, never logged, never answered by the admin API or the flow', async () => {
      const { client, app } = await t.createApp({ ...patch, return_oauth_tokens: true });
      const credentials = patch.oauth_credentials as Record<string, Record<string, string>>;
      const secrets = [
        ...Object.values(credentials).map((c) => c.client_secret ?? ''),
        credentials.apple!.private_key!,
      ].filter(Boolean);
      const privateKeyBody = credentials.apple!.private_key!.split('\n')[1]!;
      // A full round: a login at each kind of provider, so every secret is opened and used.
      const login = await redeem<AuthBody>(client, await authorizeAt(client, standIns, 'apple', person()));
      expect(login.status).toBe(200);
      for (const provider of ['google', 'github', 'twitter', 'tiktok', 'custom:acme'] as const)
        expect((await redeem(client, await authorizeAt(client, standIns, provider, person()))).status).toBe(
          200,
        );

      const dump = (await dumpDatabase(t)).map((r) => r.text).join('\n');
      const logs = t.logs.join('\n');
      const admin = await fetch(`${t.url}/admin/v1/apps/${app.id}`, {
        headers: { authorization: `Bearer ${testAdminKey}` },
      });
      const adminText = await admin.text();
      for (const secret of [...secrets, privateKeyBody]) {
        expect(dump).not.toContain(secret);
        expect(logs).not.toContain(secret);
        expect(adminText).not.toContain(secret);
        expect(JSON.stringify(login.body)).not.toContain(secret);
      }
      const shown = JSON.parse(adminText).settings.oauth_credentials;
      expect(shown.google).toEqual({ client_id: credentials.google!.client_id, client_secret: 'set' });
      expect(shown.apple).toMatchObject({ private_key: 'set', team_id: credentials.apple!.team_id });
      // Stored sealed under the master key, bound to the app, provider and field.
      const stored = JSON.parse(
        (
          await t.ctx.db
            .selectFrom('apps')
            .select('config')
            .where('id', '=', app.id)
            .executeTakeFirstOrThrow()
        ).config,
      ).settings.oauth_credentials;
      expect(stored.google.client_secret).toMatch(/^v1\./);
      expect(stored.apple.private_key).toMatch(/^v1\./);
    });

    it("nor do the flow's codes and tokens reach the logs or stay unsealed in the database", async () => {
      const { client } = await t.createApp({ ...patch, return_oauth_tokens: true });
      const pkce = clientPkce();
      const init = await client.post<{ url: string }>('/api/v1/oauth/init', {
        provider: 'line',
        redirect_to: `${testOrigin}/x`,
        code_challenge: pkce.challenge,
        state_code: pkce.state,
      });
      standIns.approveNextAs('line', person());
      const callback = await followOAuthFlow(init.body.url, t.url);
      const providerCode = callback.searchParams.get('code')!;
      const state = callback.searchParams.get('state')!;
      const dumpBefore = (await dumpDatabase(t)).map((r) => r.text).join('\n');
      const back = new URL((await fetch(callback, { redirect: 'manual' })).headers.get('location')!);
      const code = back.searchParams.get('privy_oauth_code')!;
      const dumpBetween = (await dumpDatabase(t)).map((r) => r.text).join('\n');
      const login = await client.post<{ oauth_tokens: { access_token: string; refresh_token: string } }>(
        '/api/v1/oauth/authenticate',
        { authorization_code: code, state_code: pkce.state, code_verifier: pkce.verifier },
      );
      expect(login.status).toBe(200);
      const dumpAfter = (await dumpDatabase(t)).map((r) => r.text).join('\n');
      for (const dump of [dumpBefore, dumpBetween, dumpAfter]) {
        expect(dump).not.toContain(state);
        expect(dump).not.toContain(providerCode);
        expect(dump).not.toContain(code);
        expect(dump).not.toContain(login.body.oauth_tokens.access_token);
      }
      const logs = t.logs.join('\n');
      for (const value of [
        state,
        providerCode,
        code,
        login.body.oauth_tokens.access_token,
        login.body.oauth_tokens.refresh_token,
      ])
        expect(logs).not.toContain(value);
    });
  });
});
