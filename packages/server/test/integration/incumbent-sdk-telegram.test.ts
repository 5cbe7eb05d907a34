import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { newTelegramBot, signInitData, signWidgetResult } from '@latchkey/test/stand-ins/telegram';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { telegramBotPatch } from '../../src/telegram/bot-patch.ts';
import { incumbentSdk, restoreFetch } from '../fixtures/incumbent-sdk.ts';

/**
 * The incumbent's own client (`@privy-io/js-sdk-core` 0.76.2, unmodified) logs in with Telegram
 * against Latchkey: `auth.telegram.authenticate` with the login widget's result and with a Mini
 * App's initData, then `link` and `unlink`, each body as the SDK builds it.
 */
describe.each(dialects)('the incumbent’s js-sdk-core Telegram login against Latchkey (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
  });
  afterEach(restoreFetch);
  afterAll(() => t.close());

  const sdk = (appId: string) => incumbentSdk(t, appId);

  async function telegramApp() {
    const { app } = await t.createApp();
    const bot = newTelegramBot();
    await t.updateApp(app.id, telegramBotPatch(app, { botToken: bot.token, seamless: true }));
    return { appId: app.id, bot };
  }

  it('logs in with the login widget’s result', async () => {
    const { appId, bot } = await telegramApp();
    const privy = sdk(appId);
    await privy.initialize();
    const result = signWidgetResult(
      bot.token,
      { id: 777_001, first_name: 'Wid', username: 'widget_user' },
      t.ctx.now(),
    );
    const session = await privy.auth.telegram.authenticate({ telegramAuthResult: result });
    expect(session.is_new_user).toBe(true);
    expect(session.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'telegram', telegram_user_id: '777001', username: 'widget_user' }),
    ]);
  });

  it('links a Mini App’s Telegram account to an email user, and unlinks it', async () => {
    const { appId, bot } = await telegramApp();
    const privy = sdk(appId);
    await privy.initialize();
    await privy.auth.email.sendCode('sdk-user@example.com');
    const code = /\b(\d{6})\b/.exec(t.latchkey.devOutbox!.list(appId, 'sdk-user@example.com')[0]!.text)![1]!;
    await privy.auth.email.loginWithCode('sdk-user@example.com', code);
    const mini = signInitData(bot, { user: { id: 777_002, first_name: 'Mini' }, auth_date: t.ctx.now() });
    const linked = await privy.auth.telegram.link({ telegramWebAppData: mini.webAppData as never });
    expect(linked.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'telegram', telegram_user_id: '777002', first_name: 'Mini' }),
    );
    const unlinked = await privy.auth.telegram.unlink({ telegramUserId: '777002' });
    expect(unlinked.user.linked_accounts.map((a) => a.type)).toEqual(['email']);
  });

  it('logs in seamlessly with a Mini App’s initData, and no-signup refuses a stranger', async () => {
    const { appId, bot } = await telegramApp();
    const privy = sdk(appId);
    await privy.initialize();
    const stranger = signInitData(bot, { user: { id: 777_010, first_name: 'New' }, auth_date: t.ctx.now() });
    await expect(
      privy.auth.telegram.authenticate({
        telegramWebAppData: stranger.webAppData as never,
        mode: 'no-signup',
      }),
    ).rejects.toMatchObject({ code: 'user_does_not_exist' });
    const data = signInitData(bot, { user: { id: 777_010, first_name: 'New' }, auth_date: t.ctx.now() - 10 });
    const session = await privy.auth.telegram.authenticate({ telegramWebAppData: data.webAppData as never });
    expect(session.user.linked_accounts).toEqual([expect.objectContaining({ telegram_user_id: '777010' })]);
    // The SDK keeps the session: its user call reaches Latchkey with the token it stored.
    expect((await privy.user.get()).user.id).toBe(session.user.id);
  });

  it('surfaces a forged result as the spec’s error', async () => {
    const { appId, bot } = await telegramApp();
    const privy = sdk(appId);
    await privy.initialize();
    const forged = { ...signWidgetResult(bot.token, { id: 1, first_name: 'X' }, t.ctx.now()), id: 2 };
    await expect(privy.auth.telegram.authenticate({ telegramAuthResult: forged })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
  });
});
