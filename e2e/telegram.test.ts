/**
 * Telegram login through the modal in Chromium, against the real server and a local stand-in for
 * Telegram's login page (it signs the widget's result with a test bot token): the landing's button
 * off to Telegram and back, a Mini App's launch data logging in without a tap, linking then
 * unlinking, the app's own button without the modal; each time the Telegram parameters leave the
 * address.
 */

import {
  codeFromMail,
  demoState,
  enterCode,
  id,
  modalClosed,
  openLogin,
  type Stack,
  startStack,
  submitEmail,
  text,
} from '@latchkey/test/e2e';
import {
  newTelegramBot,
  signInitData,
  startTelegramStandIn,
  type TelegramStandIn,
  type TelegramTestBot,
  type TelegramTestUser,
} from '@latchkey/test/stand-ins/telegram';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let stack: Stack;
let standIn: TelegramStandIn;

const ada: TelegramTestUser = { id: 7_001_001, first_name: 'Ada', last_name: 'Lovelace', username: 'ada_tg' };
const grace: TelegramTestUser = { id: 7_001_002, first_name: 'Grace', username: 'grace_tg' };
const linus: TelegramTestUser = { id: 7_001_003, first_name: 'Linus', username: 'linus_tg' };

beforeAll(async () => {
  standIn = await startTelegramStandIn();
  stack = await startStack({ telegram: { oauthOrigin: standIn.url } });
});
afterAll(async () => {
  await stack?.close();
  await standIn?.close();
});

/** An app with email and Telegram login, its own bot (token sealed on the server) known to the stand-in. */
async function telegramApp(seamless = false): Promise<{ appId: string; bot: TelegramTestBot }> {
  const bot = newTelegramBot('latchkey_e2e_bot');
  standIn.addBot(bot);
  const appId = await stack.createApp({
    email_auth: true,
    telegram_auth: true,
    telegram_auth_config: {
      bot_id: bot.id,
      bot_name: bot.name,
      link_enabled: true,
      seamless_auth_enabled: seamless,
    },
    telegram_bot_token: bot.token,
  });
  return { appId, bot };
}

async function fresh(url: string) {
  const { context, page, errors } = await stack.newPage();
  await page.goto(url);
  await demoState(page);
  return { context, page, errors };
}

/** No Telegram parameter is left in the page's address. */
function cleaned(page: Page) {
  const url = new URL(page.url());
  for (const name of ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'])
    expect(url.searchParams.has(name), `${name} in ${url.href}`).toBe(false);
  expect(url.hash).not.toContain('tgWebAppData');
}

/** On the stand-in's login page (Telegram's): confirm, and come back to the demo. */
async function confirmOnTelegram(page: Page) {
  await page.waitForURL((url) => url.origin === standIn.url);
  await page.locator('#telegram-confirm').click();
  await page.waitForURL((url) => url.origin !== standIn.url);
}

/** Back on the demo: 'Verifying connection to Telegram', then success, then the modal closes. */
async function verifiedThenClosed(page: Page) {
  const screen = page.locator(id('lk-screen-telegram-status'));
  await screen.waitFor({ state: 'visible' });
  await expect.poll(() => screen.getAttribute('data-status'), { timeout: 15_000 }).toBe('success');
  expect(await text(page, 'lk-telegram-title')).toBe('Successfully connected with Telegram');
  expect(await text(page, 'lk-telegram-detail')).toBe("You're good to go!");
  await modalClosed(page);
}

describe('Telegram login in the browser', () => {
  test("the landing's Telegram button: off to Telegram's login page, back verified and logged in, the address cleaned", async () => {
    const { appId } = await telegramApp();
    standIn.signInAs(ada);
    const { context, page, errors } = await fresh(stack.demoUrl(appId));
    await openLogin(page);
    await page.locator(id('lk-login-method-telegram')).click();
    await confirmOnTelegram(page);
    // The widget's result arrived in the query (what Telegram's login page sends back).
    await verifiedThenClosed(page);
    expect((await demoState(page)).authenticated).toBe(true);
    expect(await text(page, 'demo-telegram-id')).toBe(String(ada.id));
    expect(await text(page, 'demo-telegram-username')).toBe('ada_tg');
    cleaned(page);
    expect(standIn.requests.at(-1)?.get('return_to')).toBe(stack.demoUrl(appId));
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a Mini App's launch data logs in as the page loads (seamless), and leaves the address", async () => {
    const { appId, bot } = await telegramApp(true);
    const { webAppData } = signInitData(bot, {
      user: { ...grace, language_code: 'en', allows_write_to_pm: true },
      auth_date: Math.floor(Date.now() / 1000),
    });
    const initData = new URLSearchParams(
      Object.entries(webAppData).map(([key, value]) => [key, String(value)]),
    ).toString();
    const url = `${stack.demoUrl(appId)}#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=7.0`;
    const { context, page, errors } = await fresh(url);
    await verifiedThenClosed(page);
    expect((await demoState(page)).authenticated).toBe(true);
    expect(await text(page, 'demo-telegram-id')).toBe(String(grace.id));
    cleaned(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an email user links a Telegram account through the modal, then unlinks it, then links with launch data', async () => {
    const { appId, bot } = await telegramApp();
    standIn.signInAs(linus);
    const { context, page, errors } = await fresh(stack.demoUrl(appId));
    const email = 'telegram.linker@example.com';
    await openLogin(page);
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    expect((await demoState(page)).authenticated).toBe(true);

    await page.locator(id('demo-link-telegram')).click();
    await confirmOnTelegram(page);
    await verifiedThenClosed(page);
    await expect.poll(() => text(page, 'demo-telegram-id')).toBe(String(linus.id));
    expect(await text(page, 'demo-linked-accounts')).toContain('telegram');
    cleaned(page);

    await page.locator(id('demo-unlink-telegram')).click();
    await expect.poll(() => text(page, 'demo-telegram-id')).toBe('');
    expect(await text(page, 'demo-linked-accounts')).not.toContain('telegram');

    // linkTelegram({ launchParams: { initDataRaw } }): a Mini App's launch data the app has from
    // Telegram's SDK, verified in the modal without leaving the page.
    const { initData } = signInitData(bot, {
      user: { ...ada, language_code: 'en' },
      auth_date: Math.floor(Date.now() / 1000),
    });
    await page.locator(id('demo-telegram-init-data')).fill(initData);
    await page.locator(id('demo-link-telegram-launch')).click();
    await verifiedThenClosed(page);
    await expect.poll(() => text(page, 'demo-telegram-id')).toBe(String(ada.id));
    expect(errors).toEqual([]);
    await context.close();
  });
});
