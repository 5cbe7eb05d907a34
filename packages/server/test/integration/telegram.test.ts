import {
  type AuthBody,
  dialects,
  dumpDatabase,
  startTestServer,
  type TestClient,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import { type SiteverifyStandIn, startSiteverifyStandIn } from '@latchkey/test/stand-ins';
import {
  newTelegramBot,
  newTelegramTestKey,
  signInitData,
  signWidgetResult,
  startTelegramStandIn,
  type TelegramStandIn,
  type TelegramTestBot,
  type TelegramTestKey,
  type TelegramTestUser,
} from '@latchkey/test/stand-ins/telegram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepEntries } from '../../src/features.ts';
import { sweepExpired } from '../../src/storage/retention.ts';
import { telegramBotPatch } from '../../src/telegram/bot-patch.ts';

const alice: TelegramTestUser = {
  id: 5_550_001,
  first_name: 'Alice',
  last_name: 'Liddell',
  username: 'alice_tg',
  photo_url: 'https://t.me/i/userpic/320/alice.jpg',
};
const bob: TelegramTestUser = { id: 5_550_002, first_name: 'Bob' };

interface WireUser {
  id: string;
  linked_accounts: Record<string, unknown>[];
}

describe.each(dialects)('Telegram login (%s)', (dialect) => {
  let t: TestServer;
  let standIn: TelegramStandIn;
  let key: TelegramTestKey;
  let startedAt: number;
  let turnstile: SiteverifyStandIn;

  beforeAll(async () => {
    standIn = await startTelegramStandIn();
    turnstile = await startSiteverifyStandIn();
    key = newTelegramTestKey();
    t = await startTestServer(dialect, {
      captchaVerifyUrls: { turnstile: turnstile.url, hcaptcha: turnstile.url },
      settings: { telegram: { oauthOrigin: standIn.url, publicKey: key.publicKeyHex } },
    });
    startedAt = t.ctx.now();
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
    await turnstile.close();
  });

  /** An app with Telegram login on and its own bot (the token sealed in the database). */
  async function telegramApp(
    options: { seamless?: boolean; patch?: Record<string, unknown> } = {},
  ): Promise<{ client: TestClient; bot: TelegramTestBot; appId: string }> {
    const { app, client } = await t.createApp(options.patch);
    const bot = newTelegramBot('latchkey_bot');
    await t.updateApp(
      app.id,
      telegramBotPatch(app, { botToken: bot.token, botName: bot.name, seamless: options.seamless }),
    );
    standIn.addBot(bot);
    return { client, bot, appId: app.id };
  }

  /** The server's clock, which tests move with `t.advance`. */
  const now = () => t.ctx.now();
  /**
   * A recent auth_date no other proof of this file has: the same user's fields signed in the same
   * second are the same proof, which a second use would find spent.
   */
  let issued = 0;
  const fresh = () => startedAt - issued++;
  const widget = (bot: TelegramTestBot, user = alice, authDate = fresh()) =>
    signWidgetResult(bot.token, user, authDate);
  const webApp = (bot: TelegramTestBot, user = alice, authDate = fresh()) =>
    signInitData(bot, {
      user: { ...user, language_code: 'en', allows_write_to_pm: true },
      auth_date: authDate,
    }).webAppData;

  const authenticate = (client: TestClient, body: Record<string, unknown>) =>
    client.post<AuthBody>('/api/v1/telegram/authenticate', body);

  const telegramAccount = (user: TelegramTestUser) =>
    expect.objectContaining({
      type: 'telegram',
      telegram_user_id: String(user.id),
      first_name: user.first_name,
      last_name: user.last_name ?? null,
      username: user.username ?? null,
      photo_url: user.photo_url ?? null,
    });

  it('logs in with the login widget’s result, and the same Telegram user is the same user next time', async () => {
    const { client, bot } = await telegramApp();
    const first = await authenticate(client, { telegram_auth_result: widget(bot) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.is_new_user).toBe(true);
    expect(first.body.user.linked_accounts).toEqual([telegramAccount(alice)]);
    const again = await authenticate(client, { telegram_auth_result: widget(bot, alice) });
    expect(again.status).toBe(200);
    expect(again.body.is_new_user).toBe(false);
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('logs in with a Mini App’s initData (HMAC with the WebAppData key)', async () => {
    const { client, bot } = await telegramApp({ seamless: true });
    const res = await authenticate(client, { telegram_web_app_data: webApp(bot, bob) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.linked_accounts).toEqual([telegramAccount(bob)]);
  });

  it('accepts the widget’s result as the redirect puts it in the query (decimal text)', async () => {
    const { client, bot } = await telegramApp();
    const signed = widget(bot);
    const asText = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)]));
    const res = await authenticate(client, { telegram_auth_result: asText });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refuses a forged hash, a changed field and a bot token of another app (invalid_credentials)', async () => {
    const { client, bot } = await telegramApp();
    const other = await telegramApp();
    const forgedHash = { ...widget(bot), hash: 'a'.repeat(64) };
    const changed = { ...widget(bot), id: bob.id };
    const otherBot = widget(other.bot);
    const otherWebApp = webApp(other.bot);
    const changedWebApp = { ...webApp(bot), user: JSON.stringify({ id: bob.id, first_name: 'Bob' }) };
    for (const body of [
      { telegram_auth_result: forgedHash },
      { telegram_auth_result: changed },
      { telegram_auth_result: otherBot },
      { telegram_web_app_data: otherWebApp },
      { telegram_web_app_data: changedWebApp },
    ]) {
      const res = await authenticate(client, body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body).toMatchObject({ code: 'invalid_credentials' });
      expect(res.body.error).toMatch(/signature does not match/);
    }
    // The other app's own bot is fine for the other app.
    expect((await authenticate(other.client, { telegram_auth_result: otherBot })).status).toBe(200);
  });

  it('refuses a stale auth_date (older than 86,400 s) and one dated in the future', async () => {
    const { client, bot } = await telegramApp();
    const stale = await authenticate(client, { telegram_auth_result: widget(bot, alice, now() - 86_401) });
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ code: 'invalid_credentials' });
    expect(stale.body.error).toMatch(/expired/);
    const staleWebApp = await authenticate(client, {
      telegram_web_app_data: webApp(bot, alice, now() - 86_401),
    });
    expect(staleWebApp.body).toMatchObject({ code: 'invalid_credentials' });
    const future = await authenticate(client, { telegram_auth_result: widget(bot, alice, now() + 3600) });
    expect(future.status).toBe(401);
    expect(future.body.error).toMatch(/future/);
    // A day less a minute is still recent; small clock skew ahead is tolerated.
    expect(
      (await authenticate(client, { telegram_auth_result: widget(bot, alice, now() - 86_340) })).status,
    ).toBe(200);
    expect((await authenticate(client, { telegram_auth_result: widget(bot, bob, now() + 30) })).status).toBe(
      200,
    );
  });

  it('accepts a proof once: a replayed initData or widget result is refused', async () => {
    const { client, bot } = await telegramApp();
    const data = webApp(bot);
    expect((await authenticate(client, { telegram_web_app_data: data })).status).toBe(200);
    const replay = await authenticate(client, { telegram_web_app_data: data });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'invalid_credentials' });
    expect(replay.body.error).toMatch(/already used/);
    // Nor does a `signature` field the hash did not cover (the string without it is what was spent).
    const padded = await authenticate(client, {
      telegram_web_app_data: { ...data, signature: 'x'.repeat(86) },
    });
    expect(padded.body.error).toMatch(/already used/);
    // An upper-case hash is not a new proof (the replay key is what the signature covered).
    const upper = await authenticate(client, {
      telegram_web_app_data: { ...data, hash: data.hash!.toString().toUpperCase() },
    });
    expect(upper.status).toBe(401);

    const result = widget(bot, bob);
    expect((await authenticate(client, { telegram_auth_result: result })).status).toBe(200);
    const again = await authenticate(client, { telegram_auth_result: result });
    expect(again.body).toMatchObject({ code: 'invalid_credentials' });
    expect(again.body.error).toMatch(/already used/);
  });

  it('keeps a spent proof until it would be stale anyway, then the retention sweep deletes it', async () => {
    const { client, bot, appId } = await telegramApp();
    const authDate = now();
    const proof = widget(bot, alice, authDate);
    expect((await authenticate(client, { telegram_auth_result: proof })).status).toBe(200);
    const rows = () =>
      t.ctx.db.selectFrom('telegram_proofs').selectAll().where('app_id', '=', appId).execute();
    expect(await rows()).toEqual([expect.objectContaining({ expires_at: authDate + 86_400 })]);
    // The server's sweep (features.ts sweepEntries, this feature's Feature.sweeps among them).
    const sweepAt = (at: number) => sweepExpired({ ...t.ctx, now: () => at }, sweepEntries());
    let moved = 0;
    const moveTo = (at: number) => {
      const by = at - now();
      t.advance(by);
      moved += by;
    };
    try {
      // At the last second the proof is recent, it is kept, and a replay is refused as one.
      await sweepAt(authDate + 86_400);
      expect(await rows()).toHaveLength(1);
      moveTo(authDate + 86_400);
      expect((await authenticate(client, { telegram_auth_result: proof })).body.error).toMatch(
        /already used/,
      );
      // A second later it is stale: swept, and refused as stale.
      await sweepAt(authDate + 86_401);
      expect(await rows()).toHaveLength(0);
      moveTo(authDate + 86_401);
      expect((await authenticate(client, { telegram_auth_result: proof })).body.error).toMatch(/expired/);
    } finally {
      t.advance(-moved);
    }
  });

  it('no-signup mode logs in a known Telegram user and refuses an unknown one', async () => {
    const { client, bot } = await telegramApp();
    const refused = await authenticate(client, { telegram_auth_result: widget(bot, bob), mode: 'no-signup' });
    expect(refused.body).toMatchObject({ code: 'user_does_not_exist' });
    expect((await authenticate(client, { telegram_auth_result: widget(bot, alice) })).status).toBe(200);
    const known = await authenticate(client, {
      telegram_auth_result: widget(bot, alice),
      mode: 'no-signup',
    });
    expect(known.status, JSON.stringify(known.body)).toBe(200);
    expect(known.body.is_new_user).toBe(false);
  });

  it('links, refuses another user’s account with account_transfer_required, transfers it, and unlinks', async () => {
    const { client, bot } = await telegramApp();
    const owner = await authenticate(client, { telegram_web_app_data: webApp(bot, alice) });
    expect(owner.status).toBe(200);
    const me = await client.loginWithEmail('me@example.com');

    // Linking a Telegram account nobody has.
    const linked = await client.post<WireUser>(
      '/api/v1/telegram/link',
      { telegram_auth_result: widget(bot, bob) },
      { token: me.body.token },
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.linked_accounts).toContainEqual(telegramAccount(bob));

    // Alice's is another user's: a second login elsewhere can take it over with the nonce.
    const other = await client.loginWithEmail('other@example.com');
    const proof = webApp(bot, alice);
    const refused = await client.post<{ code: string; data: { nonce: string } }>(
      '/api/v1/telegram/link',
      { telegram_web_app_data: proof },
      { token: other.body.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('account_transfer_required');
    const transferred = await client.post<WireUser>(
      '/api/v1/telegram/transfer',
      { nonce: refused.body.data.nonce, telegram_web_app_data: proof },
      { token: other.body.token },
    );
    expect(transferred.status, JSON.stringify(transferred.body)).toBe(200);
    expect(transferred.body.linked_accounts).toContainEqual(telegramAccount(alice));
    // The nonce was the transfer's one use.
    const twice = await client.post(
      '/api/v1/telegram/transfer',
      { nonce: refused.body.data.nonce, telegram_web_app_data: proof },
      { token: other.body.token },
    );
    expect(twice.body).toMatchObject({ code: 'invalid_credentials' });

    // A nonce for Alice does not move Bob's account.
    const third = await client.loginWithEmail('third@example.com');
    const ask = await client.post<{ code: string; data: { nonce: string } }>(
      '/api/v1/telegram/link',
      { telegram_auth_result: widget(bot, alice) },
      { token: third.body.token },
    );
    expect(ask.body.code).toBe('account_transfer_required');
    const wrong = await client.post(
      '/api/v1/telegram/transfer',
      { nonce: ask.body.data.nonce, telegram_auth_result: widget(bot, bob) },
      { token: third.body.token },
    );
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials' });

    // Unlink: Bob's account leaves `me`; an account the user does not have is not found.
    const unlinked = await client.post<WireUser>(
      '/api/v1/telegram/unlink',
      { telegram_user_id: String(bob.id) },
      { token: me.body.token },
    );
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.linked_accounts.some((a) => a.type === 'telegram')).toBe(false);
    const missing = await client.post(
      '/api/v1/telegram/unlink',
      { telegram_user_id: String(bob.id) },
      { token: me.body.token },
    );
    expect(missing.body).toMatchObject({ code: 'linked_account_not_found' });
  });

  it('refuses a transfer of an account a third user linked after the nonce (linked_to_another_user)', async () => {
    const { client, bot } = await telegramApp();
    const post = <T = Record<string, unknown>>(path: string, body: unknown, token: string) =>
      client.post<T>(`/api/v1/telegram/${path}`, body, { token });
    const owner = await client.loginWithEmail('owner@example.com');
    expect((await post('link', { telegram_auth_result: widget(bot, alice) }, owner.body.token)).status).toBe(
      200,
    );
    const a = await client.loginWithEmail('a@example.com');
    const proof = widget(bot, alice);
    const ask = await post<{ code: string; data: { nonce: string } }>(
      'link',
      { telegram_auth_result: proof },
      a.body.token,
    );
    expect(ask.body.code).toBe('account_transfer_required');
    // The owner lets it go and a third user links it before A transfers.
    expect((await post('unlink', { telegram_user_id: String(alice.id) }, owner.body.token)).status).toBe(200);
    const c = await client.loginWithEmail('c@example.com');
    expect((await post('link', { telegram_auth_result: widget(bot, alice) }, c.body.token)).status).toBe(200);
    const late = await post(
      'transfer',
      { nonce: ask.body.data.nonce, telegram_auth_result: proof },
      a.body.token,
    );
    expect(late.body).toMatchObject({ code: 'linked_to_another_user' });
  });

  it('validates third-party initData with Telegram’s Ed25519 key (configurable) when the app holds no bot token', async () => {
    const bot = newTelegramBot();
    const { client } = await t.createApp({
      telegram_auth: true,
      telegram_auth_config: {
        bot_id: bot.id,
        bot_name: bot.name,
        link_enabled: true,
        seamless_auth_enabled: true,
      },
    });
    const user = { ...alice, id: 5_550_100 };
    const signed = signInitData(bot, { user }, { key });
    const res = await authenticate(client, { telegram_web_app_data: signed.webAppData });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.linked_accounts).toEqual([telegramAccount(user)]);

    // Signed by a key other than the configured one, for another bot, or not signed at all.
    const stranger = signInitData(bot, { user }, { key: newTelegramTestKey() });
    const otherBot = signInitData({ ...newTelegramBot(), token: bot.token }, { user }, { key });
    const unsigned = signInitData(bot, { user });
    for (const data of [stranger.webAppData, otherBot.webAppData, unsigned.webAppData]) {
      const refused = await authenticate(client, { telegram_web_app_data: data });
      expect(refused.body, JSON.stringify(data)).toMatchObject({ code: 'invalid_credentials' });
    }
    // The widget's result needs the bot token, which this app does not hold.
    const widgetRefused = await authenticate(client, { telegram_auth_result: widget(bot) });
    expect(widgetRefused.body).toMatchObject({ code: 'disallowed_login_method' });
  });

  it('asks a login (not a link) for the app’s captcha, as the other login methods do', async () => {
    const { client, bot } = await telegramApp({
      patch: {
        captcha_enabled: true,
        enabled_captcha_provider: 'turnstile',
        captcha_site_key: 't:site-key',
        captcha_secret_key: 'telegram-captcha-secret',
      },
    });
    turnstile.accept('telegram-captcha-secret', 'good-token');
    const missing = await authenticate(client, { telegram_auth_result: widget(bot) });
    expect(missing.body).toMatchObject({ code: 'invalid_captcha' });
    const bad = await authenticate(client, { telegram_auth_result: widget(bot), captcha_token: 'forged' });
    expect(bad.body).toMatchObject({ code: 'invalid_captcha' });
    const ok = await authenticate(client, { telegram_auth_result: widget(bot), captcha_token: 'good-token' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const linked = await client.post(
      '/api/v1/telegram/link',
      { telegram_web_app_data: webApp(bot, bob) },
      { token: ok.body.token },
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(400);
    // The user already has a Telegram account: the link got past the captcha to the account rule.
    expect((linked.body as { error: string }).error).toMatch(/already has an account of type telegram/);
  });

  it('refuses every Telegram route when the app has Telegram off (disallowed_login_method)', async () => {
    const { client, bot, appId } = await telegramApp();
    await t.updateApp(appId, { telegram_auth: false });
    const res = await authenticate(client, { telegram_auth_result: widget(bot) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'disallowed_login_method' });
    const me = await client.loginWithEmail('off@example.com');
    const link = await client.post(
      '/api/v1/telegram/link',
      { telegram_auth_result: widget(bot) },
      { token: me.body.token },
    );
    expect(link.body).toMatchObject({ code: 'disallowed_login_method' });
    const redirect = await t.fetch(
      `/api/v1/apps/${appId}/telegram/login?return_to=${encodeURIComponent('http://app.test/back')}`,
      { redirect: 'manual' },
    );
    expect(redirect.status).toBe(403);
  });

  it('refuses a link when the app turned linking off (link_enabled: false)', async () => {
    const { client, bot, appId } = await telegramApp();
    const app = (await t.ctx.apps.load(appId, { fresh: true }))!;
    await t.updateApp(appId, {
      telegram_auth_config: { ...app.config.telegram_auth_config!, link_enabled: false },
    });
    const me = await client.loginWithEmail('nolink@example.com');
    const link = await client.post(
      '/api/v1/telegram/link',
      { telegram_auth_result: widget(bot) },
      { token: me.body.token },
    );
    expect(link.body).toMatchObject({ code: 'disallowed_login_method' });
    // Logging in stays on.
    expect((await authenticate(client, { telegram_auth_result: widget(bot) })).status).toBe(200);
  });

  it('refuses a body with both proofs or neither, and a Mini App user that is not JSON (invalid_data)', async () => {
    const { client, bot } = await telegramApp();
    for (const body of [
      { telegram_auth_result: widget(bot), telegram_web_app_data: webApp(bot) },
      {},
      { telegram_web_app_data: { ...webApp(bot), user: 'not json' } },
      { telegram_auth_result: { ...widget(bot), hash: undefined } },
    ]) {
      const res = await authenticate(client, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 'invalid_data' });
    }
  });

  it('answers hostile values inside the proofs with invalid_data or invalid_credentials, never a 5xx', async () => {
    const { client, bot } = await telegramApp();
    const hostile: unknown[] = [
      "' OR 1=1 --",
      'a'.repeat(10_000),
      '\u202Egnp.exe 👩‍💻',
      'a\u0000b',
      -1,
      1e308,
      1.5,
      null,
      { nested: true },
      ['x'],
      true,
    ];
    const widgetFields = ['id', 'auth_date', 'first_name', 'last_name', 'username', 'photo_url', 'hash'];
    // `signature` is left out: the hash over the string without it is accepted (docs/telegram.md), so
    // text added there is ignored, not refused (the replay key is what the hash covered).
    const webAppFields = ['auth_date', 'hash', 'user', 'query_id', 'chat_type'];
    for (const value of hostile) {
      for (const field of widgetFields) {
        const res = await authenticate(client, { telegram_auth_result: { ...widget(bot), [field]: value } });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBeLessThan(500);
        expect(['invalid_data', 'invalid_credentials'], `${field}=${JSON.stringify(value)}`).toContain(
          res.body.code,
        );
      }
      for (const field of webAppFields) {
        const res = await authenticate(client, { telegram_web_app_data: { ...webApp(bot), [field]: value } });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBeLessThan(500);
        expect(['invalid_data', 'invalid_credentials'], `${field}=${JSON.stringify(value)}`).toContain(
          res.body.code,
        );
      }
      const user = await authenticate(client, {
        telegram_web_app_data: { ...webApp(bot), user: JSON.stringify({ id: value, first_name: value }) },
      });
      expect(['invalid_data', 'invalid_credentials']).toContain(user.body.code);
    }
  });

  it('sends the browser to Telegram’s login page for an allowed return_to, and back with a widget result that logs in', async () => {
    const { client, bot, appId } = await telegramApp();
    const returnTo = 'http://app.test/after-telegram?step=1';
    const res = await t.fetch(
      `/api/v1/apps/${appId}/telegram/login?return_to=${encodeURIComponent(returnTo)}`,
      {
        redirect: 'manual',
      },
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(standIn.url);
    expect(location.pathname).toBe('/auth');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      bot_id: bot.id,
      origin: 'http://app.test',
      request_access: 'write',
      return_to: returnTo,
    });
    // The stand-in's confirm link comes back to return_to with the signed result in the query.
    standIn.signInAs(bob);
    const html = await (await fetch(location)).text();
    const back = new URL(/id="telegram-confirm" href="([^"]+)"/.exec(html)![1]!.replaceAll('&#38;', '&'));
    expect(back.origin + back.pathname).toBe('http://app.test/after-telegram');
    expect(back.searchParams.get('step')).toBe('1');
    const fields = ['id', 'first_name', 'auth_date', 'hash'] as const;
    const result = Object.fromEntries(fields.map((f) => [f, back.searchParams.get(f)!]));
    const login = await authenticate(client, { telegram_auth_result: result });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.user.linked_accounts).toEqual([telegramAccount(bob)]);
  });

  it('never redirects to a page the app does not allow (no open redirect)', async () => {
    const { appId } = await telegramApp();
    const { app: open } = await t.createApp({ allowed_domains: [], telegram_auth: true });
    const cases: [string, string][] = [
      [appId, 'https://evil.example/steal'],
      [appId, 'javascript:alert(1)'],
      [appId, 'http://user:pass@app.test/'],
      [appId, '/relative'],
      [appId, ''],
      [open.id, 'https://anything.example/'],
    ];
    for (const [id, returnTo] of cases) {
      const res = await t.fetch(
        `/api/v1/apps/${id}/telegram/login?return_to=${encodeURIComponent(returnTo)}`,
        {
          redirect: 'manual',
        },
      );
      expect(res.status, returnTo).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toMatchObject({ code: 'invalid_data' });
    }
    const unknown = await t.fetch(
      `/api/v1/apps/nosuchapp/telegram/login?return_to=http%3A%2F%2Fapp.test%2F`,
      {
        redirect: 'manual',
      },
    );
    expect(unknown.status).toBe(404);
  });

  it('keeps the bot token out of the logs and the database (sealed at rest)', async () => {
    const { client, bot } = await telegramApp();
    await authenticate(client, { telegram_auth_result: widget(bot) });
    await authenticate(client, { telegram_auth_result: { ...widget(bot), hash: 'b'.repeat(64) } });
    const secretPart = bot.token.split(':')[1]!;
    const rows = await dumpDatabase(t);
    // Stored (sealed) in the app's settings.
    expect(rows.some((row) => row.table === 'apps' && row.text.includes('telegram_bot_token'))).toBe(true);
    const dump = rows.map((row) => row.text).join('\n');
    for (const text of [dump, t.logs.join('\n')]) {
      expect(text).not.toContain(secretPart);
      expect(text).not.toContain(Buffer.from(secretPart).toString('base64'));
      expect(text).not.toContain(Buffer.from(secretPart).toString('hex'));
    }
    // The public config names the bot, never its token.
    const config = await client.request(`/api/v1/apps/${client.appId}`);
    expect(config.body).toMatchObject({ telegram_auth: true, telegram_auth_config: { bot_id: bot.id } });
    expect(JSON.stringify(config.body)).not.toContain(secretPart);
    // The admin API shows it only as set.
    const admin = await t.fetch(`/admin/v1/apps/${client.appId}`, {
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    const view = (await admin.json()) as { settings: Record<string, unknown>; secret_settings: unknown[] };
    expect(view.settings.telegram_bot_token).toBe('set');
    expect(view.secret_settings).toContainEqual({
      field: 'telegram_bot_token',
      label: 'Telegram bot token',
      set: true,
    });
    expect(JSON.stringify(view)).not.toContain(secretPart);
  });
});
