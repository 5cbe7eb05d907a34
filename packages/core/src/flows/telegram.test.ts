import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import type { FlowContext } from './context.ts';
import {
  readTelegramReturn,
  startTelegramRedirect,
  takeTelegramAttempt,
  webAppDataOf,
  withoutTelegramReturn,
} from './telegram.ts';

const widgetQuery =
  'id=5550001&first_name=Alice&last_name=Liddell&username=alice_tg&photo_url=https%3A%2F%2Ft.me%2Fi%2Fa.jpg&auth_date=1700000000&hash=ab12cd';
const user = JSON.stringify({ id: 5550001, first_name: 'Alice', language_code: 'en' });
const initData = new URLSearchParams({
  query_id: 'AAH',
  user,
  auth_date: '1700000000',
  signature: 'c2ln',
  hash: 'ef34',
}).toString();
const miniAppHash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=7.0&tgWebAppPlatform=web`;

describe('the Telegram parameters of the page address', () => {
  it("reads the login widget's result from the query, numbers as numbers", () => {
    expect(readTelegramReturn(`https://app.example.com/a?x=1&${widgetQuery}`)).toEqual({
      authResult: {
        id: 5550001,
        first_name: 'Alice',
        last_name: 'Liddell',
        username: 'alice_tg',
        photo_url: 'https://t.me/i/a.jpg',
        auth_date: 1700000000,
        hash: 'ab12cd',
      },
    });
  });

  it("reads a Mini App's launch data from the hash, each value decoded once (user stays a JSON string)", () => {
    expect(readTelegramReturn(`https://app.example.com/${miniAppHash}`)).toEqual({
      webAppData: { query_id: 'AAH', user, auth_date: 1700000000, signature: 'c2ln', hash: 'ef34' },
    });
  });

  it("reads an app's own copy of the launch data (Telegram's SDKs' initDataRaw) as the hash's", () => {
    expect(webAppDataOf(initData)).toEqual({
      query_id: 'AAH',
      user,
      auth_date: 1700000000,
      signature: 'c2ln',
      hash: 'ef34',
    });
    for (const raw of ['', 'user=%7B%7D&auth_date=1', `user=${encodeURIComponent(user)}&auth_date=x&hash=a`])
      expect(webAppDataOf(raw), raw).toBeNull();
  });

  it('reads nothing from addresses without a complete proof', () => {
    for (const href of [
      'https://app.example.com/',
      'https://app.example.com/?id=1&hash=ab',
      'https://app.example.com/?id=x&hash=ab&auth_date=1',
      'https://app.example.com/#/route',
      'https://app.example.com/#tgWebAppData=',
      `https://app.example.com/#tgWebAppData=${encodeURIComponent('user=%7B%7D&auth_date=1')}`,
    ])
      expect(readTelegramReturn(href), href).toBeNull();
  });

  it('cleans the address of what it read, and only of that', () => {
    expect(withoutTelegramReturn(`https://app.example.com/a?x=1&${widgetQuery}#top`)).toBe(
      'https://app.example.com/a?x=1#top',
    );
    expect(withoutTelegramReturn(`https://app.example.com/a?x=1${miniAppHash}`)).toBe(
      'https://app.example.com/a?x=1',
    );
    // Not a proof: an app's own `id` and `hash` parameters stay.
    expect(withoutTelegramReturn('https://app.example.com/?id=7&hash=x')).toBe(
      'https://app.example.com/?id=7&hash=x',
    );
  });
});

describe('the redirect to Telegram', () => {
  const appId = 'cm0000000000000000000000a';
  const context = (loggedIn: boolean) =>
    ({
      appId,
      storage: memoryStorage(),
      http: { apiUrl: 'https://auth.example.com' },
      session: { user: loggedIn ? { id: 'did:privy:u' } : null },
    }) as unknown as FlowContext;

  it("leaves for the server's redirect login with the page (cleaned) to come back to, and remembers the attempt once", async () => {
    const ctx = context(false);
    const visited: string[] = [];
    const page = {
      href: `https://app.example.com/a?x=1&${widgetQuery}`,
      assign: (url: string) => visited.push(url),
    };
    await startTelegramRedirect(ctx, { intent: 'login', ui: 'modal', mode: 'no-signup' }, page);
    expect(visited).toEqual([
      `https://auth.example.com/api/v1/apps/${appId}/telegram/login?return_to=${encodeURIComponent('https://app.example.com/a?x=1')}`,
    ]);
    expect(await takeTelegramAttempt(ctx)).toEqual({ intent: 'login', ui: 'modal', mode: 'no-signup' });
    expect(await takeTelegramAttempt(ctx)).toBeNull();
  });

  it('refuses a login while logged in and a link while logged out, leaving nothing behind', async () => {
    const page = { href: 'https://app.example.com/', assign: () => expect.fail('must not leave') };
    const loggedIn = context(true);
    await expect(
      startTelegramRedirect(loggedIn, { intent: 'login', ui: 'modal' }, page),
    ).rejects.toMatchObject({
      code: 'already_logged_in',
    });
    const loggedOut = context(false);
    await expect(
      startTelegramRedirect(loggedOut, { intent: 'link', ui: 'modal' }, page),
    ).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(await takeTelegramAttempt(loggedIn)).toBeNull();
    expect(await takeTelegramAttempt(loggedOut)).toBeNull();
  });

  it('ignores an attempt it did not write', async () => {
    const ctx = context(false);
    await ctx.storage.put(`latchkey:telegram-attempt:${appId}`, '{"intent":"steal","ui":"modal"}');
    expect(await takeTelegramAttempt(ctx)).toBeNull();
    await ctx.storage.put(`latchkey:telegram-attempt:${appId}`, 'not json');
    expect(await takeTelegramAttempt(ctx)).toBeNull();
  });
});
