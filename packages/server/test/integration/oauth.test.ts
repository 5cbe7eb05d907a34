import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestServer,
  testAdminKey,
  testOrigin,
} from '@latchkey/test/server';
import {
  customStandInProvider,
  type OAuthStandIns,
  type StandInAccount,
  type StandInProvider,
  startOAuthStandIns,
} from '@latchkey/test/stand-ins';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAt, redeem } from '../fixtures/oauth-flow.ts';

let unique = 0;
/** A fresh user at a provider (GitHub ids are numbers). */
function person(overrides: Partial<StandInAccount> = {}): StandInAccount {
  const n = ++unique;
  return {
    sub: `${1000 + n}`,
    username: `user${n}`,
    name: `User ${n}`,
    email: `user${n}@example.com`,
    picture: `https://images.example.com/${n}.png`,
    ...overrides,
  };
}

/** What each provider's account carries on the wire for `a` (WIRE.md §4.2), as its stand-in serves it. */
const expectedAccount: Record<StandInProvider, (a: StandInAccount) => Record<string, unknown>> = {
  google: (a) => ({
    type: 'google_oauth',
    subject: a.sub,
    email: a.email,
    name: a.name,
    username: a.username,
  }),
  linkedin: (a) => ({
    type: 'linkedin_oauth',
    subject: a.sub,
    email: a.email,
    name: a.name,
    vanity_name: null,
  }),
  apple: (a) => ({ type: 'apple_oauth', subject: a.sub, email: a.email }),
  [customStandInProvider]: (a) => ({
    type: customStandInProvider,
    subject: a.sub,
    email: a.email,
    name: a.name,
    username: a.username,
    profile_picture_url: a.picture,
  }),
  github: (a) => ({
    type: 'github_oauth',
    subject: a.sub,
    username: a.username,
    name: a.name,
    email: a.email,
  }),
  discord: (a) => ({
    type: 'discord_oauth',
    subject: a.sub,
    username: a.username,
    email: a.email,
    name: a.name,
    profile_picture_url: expect.stringMatching(new RegExp(`/cdn/avatars/${a.sub}/\\w+\\.png$`)),
  }),
  twitter: (a) => ({
    type: 'twitter_oauth',
    subject: a.sub,
    username: a.username,
    name: a.name,
    profile_picture_url: a.picture,
  }),
  spotify: (a) => ({
    type: 'spotify_oauth',
    subject: a.sub,
    email: a.email,
    name: a.name,
    profile_picture_url: a.picture,
  }),
  instagram: (a) => ({ type: 'instagram_oauth', subject: a.sub, username: a.username }),
  tiktok: (a) => ({
    type: 'tiktok_oauth',
    subject: a.sub,
    username: a.username,
    name: a.name,
    profile_picture_url: a.picture,
  }),
  line: (a) => ({
    type: 'line_oauth',
    subject: a.sub,
    name: a.name,
    email: a.email,
    profile_picture_url: a.picture,
  }),
};
const providers = Object.keys(expectedAccount) as StandInProvider[];

describe.each(dialects)('OAuth logins (%s)', (dialect) => {
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

  describe.each(providers)('%s', (provider) => {
    it('signs a new user up, then logs the same user in, with the profile the provider gave', async () => {
      const { client } = await t.createApp(patch);
      const account = person();
      const first = await authorizeAt(client, standIns, provider, account);
      expect({ state: first.state, provider: first.provider }).toEqual({ state: first.pkce.state, provider });
      expect(first.url.pathname).toBe('/after-login');
      const signUp = await redeem<AuthBody>(client, first);
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
      expect(signUp.body.is_new_user).toBe(true);
      expect(signUp.body.user.linked_accounts).toEqual([
        expect.objectContaining({ ...expectedAccount[provider]!(account), verified_at: expect.any(Number) }),
      ]);
      expect(signUp.body).not.toHaveProperty('oauth_tokens');

      const again = await redeem<AuthBody>(client, await authorizeAt(client, standIns, provider, account));
      expect(again.status).toBe(200);
      expect(again.body.is_new_user).toBe(false);
      expect(again.body.user.id).toBe(signUp.body.user.id);
    });
  });

  it("puts OAuth accounts in the identity token's compact form (WIRE.md §5.2)", async () => {
    const { client } = await t.createApp(patch);
    const account = person();
    const login = await redeem<AuthBody>(client, await authorizeAt(client, standIns, 'twitter', account));
    const claims = decodeJwt(login.body.identity_token);
    expect(JSON.parse(String(claims.linked_accounts))).toEqual([
      {
        type: 'twitter_oauth',
        subject: account.sub,
        username: account.username,
        name: account.name,
        pfp: account.picture,
        lv: expect.any(Number),
      },
    ]);
  });

  it('a refusal at the provider comes back as privy_oauth_code=undefined, with the state', async () => {
    const { client } = await t.createApp(patch);
    for (const provider of ['google', 'github', 'apple'] as const) {
      const denied = await authorizeAt(client, standIns, provider, null);
      expect({ code: denied.code, state: denied.state, provider: denied.provider }).toEqual({
        code: 'undefined',
        state: denied.pkce.state,
        provider,
      });
    }
  });

  it('keeps redirect_to’s own query and fragment', async () => {
    const { client } = await t.createApp(patch);
    const back = await authorizeAt(client, standIns, 'spotify', person(), `${testOrigin}/page?tab=2#top`);
    expect(back.url.searchParams.get('tab')).toBe('2');
    expect(back.url.hash).toBe('#top');
    expect(back.code).toMatch(/^[\w-]{43}$/);
  });

  it('answers oauth_tokens only when the app asks for them (return_oauth_tokens)', async () => {
    const { client } = await t.createApp({ ...patch, return_oauth_tokens: true });
    const login = await redeem<AuthBody & { oauth_tokens: Record<string, unknown> }>(
      client,
      await authorizeAt(client, standIns, 'discord', person()),
    );
    expect(login.body.oauth_tokens).toEqual({
      provider: 'discord',
      access_token: expect.any(String),
      access_token_expires_in_seconds: 3600,
      refresh_token: expect.any(String),
      scopes: ['identify', 'email'],
    });
    const google = await redeem<AuthBody & { oauth_tokens: Record<string, unknown> }>(
      client,
      await authorizeAt(client, standIns, 'google', person()),
    );
    expect(google.body.oauth_tokens).toMatchObject({
      provider: 'google',
      scopes: ['openid', 'email', 'profile'],
    });
  });

  it('mode no-signup refuses a user the app does not know', async () => {
    const { client } = await t.createApp(patch);
    const res = await redeem(client, await authorizeAt(client, standIns, 'google', person()), {
      extra: { mode: 'no-signup' },
    });
    expect(res.body).toMatchObject({ code: 'user_does_not_exist' });
  });

  it('refuses a provider the app has not turned on, and one it has no credentials for', async () => {
    const { client } = await t.createApp({ ...patch, github_oauth: false });
    const pkce = { code_challenge: 'C'.repeat(43), state_code: 'S'.repeat(48) };
    const off = await client.post('/api/v1/oauth/init', {
      provider: 'github',
      redirect_to: `${testOrigin}/x`,
      ...pkce,
    });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({
      code: 'disallowed_login_method',
      error: 'GitHub login is not enabled for this app.',
    });
    const bare = await t.createApp({ twitch_oauth: false, discord_oauth: true });
    const unconfigured = await bare.client.post('/api/v1/oauth/init', {
      provider: 'discord',
      redirect_to: `${testOrigin}/x`,
      ...pkce,
    });
    expect(unconfigured.body).toMatchObject({
      code: 'not_supported',
      error: expect.stringContaining('Discord login is not configured for this app'),
    });
    const custom = await bare.client.post('/api/v1/oauth/init', {
      provider: 'custom:nope',
      redirect_to: `${testOrigin}/x`,
      ...pkce,
    });
    expect(custom.body).toMatchObject({ code: 'disallowed_login_method' });
  });

  it('init takes the captcha token as the email init does, and checks the PKCE challenge and state', async () => {
    const { client } = await t.createApp({
      ...patch,
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 'site-key',
      captcha_secret_key: 'captcha-secret',
    });
    const body = (over: Record<string, unknown> = {}) => ({
      provider: 'google',
      redirect_to: `${testOrigin}/x`,
      code_challenge: 'C'.repeat(43),
      state_code: 'S'.repeat(48),
      ...over,
    });
    expect((await client.post('/api/v1/oauth/init', body())).body).toMatchObject({
      code: 'invalid_captcha',
      error: 'Missing captcha token.',
    });
    const plain = await t.createApp(patch);
    const init = (over: Record<string, unknown>) => plain.client.post('/api/v1/oauth/init', body(over));
    expect((await init({ state_code: 'S'.repeat(43) })).status).toBe(200);
    expect((await init({ state_code: 'S'.repeat(128) })).status).toBe(200);
    for (const over of [
      { state_code: 'S'.repeat(42) },
      { state_code: 'S'.repeat(129) },
      { state_code: `${'S'.repeat(47)}=` },
      { code_challenge: 'C'.repeat(42) },
      { code_challenge: `${'C'.repeat(42)}+` },
      { provider: 'privy:clxxxxxxxxxxxxxxxxxxxxxxx' },
    ])
      expect((await init(over)).body, JSON.stringify(over)).toMatchObject({ code: 'invalid_data' });
  });

  it('the admin API sets a provider’s credentials and shows the secret only as set', async () => {
    const { app } = await t.createApp();
    const admin = (method: string, body?: unknown) =>
      fetch(`${t.url}/admin/v1/apps/${app.id}`, {
        method,
        headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { settings: { oauth_credentials: Record<string, unknown> }; code?: string },
      }));
    const set = await admin('PATCH', {
      spotify_oauth: true,
      oauth_credentials: { spotify: { client_id: 'sp-id', client_secret: 'sp-admin-secret' } },
    });
    expect(set.status).toBe(200);
    expect(set.body.settings.oauth_credentials.spotify).toEqual({ client_id: 'sp-id', client_secret: 'set' });
    const rotated = await admin('PATCH', { oauth_credentials: { spotify: { client_secret: 'sp-rotated' } } });
    expect(rotated.body.settings.oauth_credentials.spotify).toEqual({
      client_id: 'sp-id',
      client_secret: 'set',
    });
    const refused = await admin('PATCH', { oauth_credentials: { myspace: { client_id: 'x' } } });
    expect(refused.body).toMatchObject({
      code: 'invalid_data',
      error: expect.stringContaining('unknown OAuth provider'),
    });
    const removed = await admin('PATCH', { oauth_credentials: { spotify: null } });
    expect(removed.body.settings.oauth_credentials).toEqual({});
    expect(JSON.stringify([set, rotated, removed])).not.toMatch(/sp-admin-secret|sp-rotated/);
  });

  it('a provider that reports the account suspended is oauth_account_suspended', async () => {
    const { client } = await t.createApp(patch);
    for (const provider of ['github', 'twitter'] as const) {
      const res = await redeem(
        client,
        await authorizeAt(client, standIns, provider, person({ suspended: true })),
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'oauth_account_suspended' });
    }
  });

  it('records user.created, user.authenticated and user.linked_account', async () => {
    const { client, app } = await t.createApp(patch);
    const login = await redeem<AuthBody>(client, await authorizeAt(client, standIns, 'google', person()));
    await redeem(client, await authorizeAt(client, standIns, 'github', person()), {
      route: 'link',
      token: login.body.token,
    });
    const events = await t.ctx.db
      .selectFrom('outbox')
      .select(['type', 'payload'])
      .where('app_id', '=', app.id)
      .execute();
    // Rows of one second have no order of their own: compared as a set.
    expect(events.map((e) => e.type).sort()).toEqual([
      'user.authenticated',
      'user.created',
      'user.linked_account',
    ]);
    const linked = events.find((e) => e.type === 'user.linked_account')!;
    expect(JSON.parse(linked.payload).account).toMatchObject({ type: 'github_oauth' });
  });

  describe('linking', () => {
    it('links an account of another provider, and unlinks it', async () => {
      const { client } = await t.createApp({ ...patch, return_oauth_tokens: true });
      const login = await client.loginWithEmail(`link-${++unique}@example.com`);
      const account = person();
      const linked = await redeem<{ linked_accounts: Record<string, unknown>[]; oauth_tokens: unknown }>(
        client,
        await authorizeAt(client, standIns, 'line', account),
        { route: 'link', token: login.body.token },
      );
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
      expect(linked.body.linked_accounts).toHaveLength(2);
      expect(linked.body.linked_accounts).toContainEqual(expect.objectContaining({ type: 'email' }));
      expect(linked.body.linked_accounts).toContainEqual(
        expect.objectContaining(expectedAccount.line(account)),
      );
      expect(linked.body.oauth_tokens).toMatchObject({ provider: 'line', access_token: expect.any(String) });

      const unlinked = await client.post<{ linked_accounts: unknown[] }>(
        '/api/v1/oauth/unlink',
        { provider: 'line', subject: account.sub },
        { token: login.body.token },
      );
      expect(unlinked.status).toBe(200);
      expect(unlinked.body.linked_accounts).toEqual([expect.objectContaining({ type: 'email' })]);
      const again = await client.post(
        '/api/v1/oauth/unlink',
        { provider: 'line', subject: account.sub },
        { token: login.body.token },
      );
      expect(again.body).toMatchObject({ code: 'linked_account_not_found' });
    });

    it('refuses a second account of the same provider (cannot_link_more_of_type)', async () => {
      const { client } = await t.createApp(patch);
      const login = await redeem<AuthBody>(client, await authorizeAt(client, standIns, 'tiktok', person()));
      const second = await redeem(client, await authorizeAt(client, standIns, 'tiktok', person()), {
        route: 'link',
        token: login.body.token,
      });
      expect(second.body).toMatchObject({
        code: 'cannot_link_more_of_type',
        error: 'User already has an account of type tiktok_oauth linked.',
      });
    });

    it('an account another user holds is account_transfer_required; the transfer moves it', async () => {
      const { client } = await t.createApp(patch);
      const account = person();
      const owner = await redeem<AuthBody>(client, await authorizeAt(client, standIns, 'github', account));
      const me = await client.loginWithEmail(`taker-${++unique}@example.com`);
      const refused = await redeem<{ code: string; data: Record<string, unknown> }>(
        client,
        await authorizeAt(client, standIns, 'github', account),
        { route: 'link', token: me.body.token },
      );
      expect(refused.body.code).toBe('account_transfer_required');
      expect(refused.body.data).toEqual({
        nonce: expect.any(String),
        account: { displayName: account.username },
        subject: account.sub,
        otherUser: {
          embeddedWalletAddress: null,
          oAuthUserInfo: {
            subject: account.sub,
            username: account.username,
            name: account.name,
            email: account.email,
            profilePictureUrl: account.picture,
          },
        },
      });

      // The web transfer sends the account back; the server keeps the provider's profile, not this one.
      const transfer = await client.post<{ linked_accounts: Record<string, unknown>[] }>(
        '/api/v1/oauth/transfer',
        {
          nonce: refused.body.data.nonce,
          userInfo: { subject: account.sub, name: 'Forged Name', email: 'forged@evil.test' },
        },
        { token: me.body.token },
      );
      expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
      expect(transfer.body.linked_accounts).toContainEqual(
        expect.objectContaining(expectedAccount.github(account)),
      );
      const gone = await client.post('/api/v1/sessions', {}, { token: owner.body.token });
      expect(gone.status).toBe(401);
    });

    it('a transfer nonce issued for another kind of account is refused by /oauth/transfer', async () => {
      const { client } = await t.createApp(patch);
      const address = `held-${++unique}@example.com`;
      await client.loginWithEmail(address);
      const me = await redeem<AuthBody>(client, await authorizeAt(client, standIns, 'google', person()));
      await client.post('/api/v1/passwordless/init', { email: address });
      const refused = await client.post<{ data: { nonce: string } }>(
        '/api/v1/passwordless/link',
        { email: address, code: client.lastCode(address) },
        { token: me.body.token },
      );
      const res = await client.post(
        '/api/v1/oauth/transfer',
        { nonce: refused.body.data.nonce, userInfo: { subject: address } },
        { token: me.body.token },
      );
      expect(res.body).toMatchObject({ code: 'invalid_credentials' });
    });

    it('the native transfer redeems a code again', async () => {
      const { client } = await t.createApp(patch);
      const account = person();
      await redeem<AuthBody>(client, await authorizeAt(client, standIns, 'spotify', account));
      const me = await client.loginWithEmail(`native-${++unique}@example.com`);
      const refused = await redeem<{ data: { nonce: string } }>(
        client,
        await authorizeAt(client, standIns, 'spotify', account),
        { route: 'link', token: me.body.token },
      );
      const again = await authorizeAt(client, standIns, 'spotify', account);
      const transfer = await client.post<{ linked_accounts: Record<string, unknown>[] }>(
        '/api/v1/oauth/transfer',
        {
          nonce: refused.body.data.nonce,
          authorization_code: again.code,
          state_code: again.pkce.state,
          code_verifier: again.pkce.verifier,
        },
        { token: me.body.token },
      );
      expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
      expect(transfer.body.linked_accounts).toContainEqual(
        expect.objectContaining(expectedAccount.spotify(account)),
      );
    });

    it('two links of an account another user holds at once each get a transfer nonce, neither links it', async () => {
      const { client } = await t.createApp(patch);
      const account = person();
      await redeem(client, await authorizeAt(client, standIns, 'instagram', account));
      const me = await client.loginWithEmail(`race-${++unique}@example.com`);
      const [a, b] = await Promise.all([
        redeem(client, await authorizeAt(client, standIns, 'instagram', account), {
          route: 'link',
          token: me.body.token,
        }),
        redeem(client, await authorizeAt(client, standIns, 'instagram', account), {
          route: 'link',
          token: me.body.token,
        }),
      ]);
      expect([a.body.code, b.body.code]).toEqual(['account_transfer_required', 'account_transfer_required']);
    });

    it('a transfer of an account a third user linked meanwhile is linked_to_another_user', async () => {
      const { client } = await t.createApp(patch);
      const account = person();
      const owner = await client.loginWithEmail(`owner-${++unique}@example.com`);
      const link = async (token: string) =>
        redeem<{ code?: string; data: { nonce: string } }>(
          client,
          await authorizeAt(client, standIns, 'discord', account),
          { route: 'link', token },
        );
      expect((await link(owner.body.token)).status).toBe(200);
      const late = await client.loginWithEmail(`late-${++unique}@example.com`);
      const lateNonce = (await link(late.body.token)).body.data.nonce;
      // The owner lets go of the account, and a third user links it before the transfer.
      const unlinked = await client.post(
        '/api/v1/oauth/unlink',
        { provider: 'discord', subject: account.sub },
        { token: owner.body.token },
      );
      expect(unlinked.status).toBe(200);
      const third = await client.loginWithEmail(`third-${++unique}@example.com`);
      expect((await link(third.body.token)).status).toBe(200);
      const transfer = await client.post(
        '/api/v1/oauth/transfer',
        { nonce: lateNonce, userInfo: { subject: account.sub } },
        { token: late.body.token },
      );
      expect(transfer.body).toMatchObject({ code: 'linked_to_another_user' });
    });
  });
});
