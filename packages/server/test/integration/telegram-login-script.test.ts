import { runInNewContext } from 'node:vm';
import { startTestServer, type TestServer } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const telegramOrigin = 'http://telegram.stand-in.test';

/** A page's window, as much of it as the script touches: popups and messages are recorded. */
function fakePage() {
  const listeners: ((event: { origin: string; source: unknown; data: unknown }) => void)[] = [];
  const opened: { url: string; name: string; popup: { closed: boolean; close(): void } }[] = [];
  const window: Record<string, unknown> = {
    addEventListener: (type: string, listener: (typeof listeners)[number]) => {
      if (type === 'message') listeners.push(listener);
    },
    removeEventListener: (_type: string, listener: (typeof listeners)[number]) => {
      listeners.splice(listeners.indexOf(listener), 1);
    },
    open: (url: string, name: string) => {
      const popup = {
        closed: false,
        close() {
          popup.closed = true;
        },
      };
      opened.push({ url, name, popup });
      return popup;
    },
  };
  const context = {
    window,
    location: { origin: 'http://app.test' },
    screen: { width: 1200, height: 800 },
    document: { currentScript: null },
    setInterval,
    clearInterval,
    setTimeout,
    JSON,
    Math,
    Object,
    Error,
    encodeURIComponent,
  };
  return {
    run: (script: string) => runInNewContext(script, context),
    telegram: () => window.Telegram as { Login: { auth(o: unknown, cb: (r: unknown) => void): void } },
    opened,
    post: (event: { origin: string; source: unknown; data: unknown }) => {
      for (const listener of [...listeners]) listener(event);
    },
    listeners,
  };
}

/**
 * `/js/telegram-login.js`: Telegram's login widget script protocol with the configured origin,
 * run here in a page stand-in (the browser e2e runs it in Chromium). Hostile input to the route is
 * covered here too (it answers JavaScript, not JSON): the same script whatever the query.
 */
describe('the Telegram login widget script', () => {
  let t: TestServer;
  let script: string;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { settings: { telegram: { oauthOrigin: telegramOrigin } } });
    const res = await t.fetch(`/js/telegram-login.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    script = await res.text();
  });
  afterAll(() => t.close());

  it('is served from any origin without an app, the same whatever the query or headers', async () => {
    const hostile = await t.fetch(
      `/js/telegram-login.js?x=${encodeURIComponent("' OR 1=1 --")}&__proto__[polluted]=1&n=%00`,
      { headers: { origin: 'https://elsewhere.example', 'privy-app-id': "'; DROP TABLE apps;--" } },
    );
    expect(hostile.status).toBe(200);
    expect(await hostile.text()).toBe(script);
    expect(script).toContain(JSON.stringify(telegramOrigin));
    expect(script).not.toContain('oauth.telegram.org');
  });

  it('opens Telegram’s /auth in a popup and hands the callback the auth_result the popup posts', async () => {
    const page = fakePage();
    page.run(script);
    const results: unknown[] = [];
    page.telegram().Login.auth({ bot_id: '123456', request_access: 'write' }, (r) => results.push(r));
    expect(page.opened).toHaveLength(1);
    const { url, name, popup } = page.opened[0]!;
    expect(name).toBe('telegram_oauth_bot123456');
    const opened = new URL(url);
    expect(opened.origin).toBe(telegramOrigin);
    expect(opened.pathname).toBe('/auth');
    expect(Object.fromEntries(opened.searchParams)).toEqual({
      bot_id: '123456',
      origin: 'http://app.test',
      request_access: 'write',
      embed: '1',
    });
    const result = { id: 1, first_name: 'A', auth_date: 2, hash: 'h' };
    // Another origin's message, or another window's, is ignored.
    page.post({
      origin: 'https://evil.example',
      source: popup,
      data: JSON.stringify({ event: 'auth_result', result: { id: 666 } }),
    });
    page.post({
      origin: telegramOrigin,
      source: {},
      data: JSON.stringify({ event: 'auth_result', result: { id: 667 } }),
    });
    expect(results).toEqual([]);
    page.post({
      origin: telegramOrigin,
      source: popup,
      data: JSON.stringify({ event: 'auth_result', result }),
    });
    expect(results).toEqual([result]);
    expect(popup.closed).toBe(true);
    expect(page.listeners).toHaveLength(0);
  });

  it('calls back with false when the popup is closed without a result', async () => {
    const page = fakePage();
    page.run(script);
    const results: unknown[] = [];
    page.telegram().Login.auth({ bot_id: '42' }, (r) => results.push(r));
    page.opened[0]!.popup.close();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(results).toEqual([false]);
  });
});
