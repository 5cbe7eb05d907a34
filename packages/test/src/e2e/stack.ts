import { createApp, type LatchkeyOptions, type ServerSettings } from '@latchkey/server';
import { addAllowlistEntry } from '@latchkey/server/testing';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../browser/chromium.ts';
import { type StaticServer, startStaticServer } from '../browser/static-server.ts';
import { startTestServer, type TestServer } from '../server/test-server.ts';
import { type SmtpListener, startSmtpListener } from '../stand-ins/smtp-listener.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../stand-ins/twilio-stand-in.ts';

/** Everything one e2e file runs against; all of it on 127.0.0.1, all of it stopped by `close`. */
export interface Stack {
  /** The real Latchkey server, in this process (SQLite in memory), its clock movable. */
  server: TestServer;
  /**
   * The server's origin as the browser reaches it (its public URL): `server.url`, or with
   * `sameSite` its name under that domain. Calls from this process use `server.url`.
   */
  apiUrl: string;
  /** The real SMTP listener the server mails codes to. */
  smtp: SmtpListener;
  /** The Twilio stand-in the server sends SMS through. */
  twilio: TwilioStandIn;
  /** The built demo app on its own origin (another port than the server; with `sameSite`, another name). */
  demo: StaticServer;
  browser: Browser;
  /** Creates an app whose allowed_domains is the demo's origin; `allowlist` entries are added to it. */
  createApp(
    patch?: Record<string, unknown>,
    allowlist?: { type: 'email' | 'phone'; value: string }[],
  ): Promise<string>;
  /** The app secret of an app `createApp` made (for a backend's calls: `@latchkey/node`). */
  appSecret(appId: string): string;
  /** The demo page for an app. */
  demoUrl(appId: string, options?: { theme?: 'light' | 'dark' }): string;
  /**
   * A fresh browser context (own storage) and page; `errors` collects the page's uncaught errors.
   * `options` are more context options (a phone's user agent, touch).
   */
  newPage(
    viewport?: { width: number; height: number },
    options?: BrowserContextOptions,
  ): Promise<{
    context: BrowserContext;
    page: Page;
    errors: string[];
  }>;
  close(): Promise<void>;
}

export interface StackOptions {
  /**
   * A same-site deployment under this domain (e.g. `latchkey.test`): the demo on
   * `http://app.<domain>:<port>`, the server on `http://auth.<domain>:<port>` (its public URL), both
   * names resolved to 127.0.0.1 by Chromium and treated as secure contexts.
   */
  sameSite?: string | undefined;
  /**
   * A cross-site deployment: the demo on `http://localhost:<port>` while the server stays on
   * `http://127.0.0.1:<port>`, two sites, so the wallet frame is a third-party frame whose storage
   * the browser partitions (or blocks).
   */
  crossSite?: boolean | undefined;
}

/** `http://127.0.0.1:<port>` renamed to `http://<host>:<port>`. */
const renamed = (url: string, host: string) => {
  const u = new URL(url);
  u.hostname = host;
  return u.origin;
};

export async function startStack(
  settings: Partial<ServerSettings> = {},
  serverOptions: Partial<LatchkeyOptions> = {},
  options: StackOptions = {},
): Promise<Stack> {
  const stops: (() => Promise<unknown>)[] = [];
  const secrets = new Map<string, string>();
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const smtp = await startSmtpListener();
    stops.push(() => smtp.close());
    const twilio = await startTwilioStandIn();
    stops.push(() => twilio.close());
    const server = await startTestServer('sqlite', {
      listen: true,
      smtp: { url: smtp.url, from: 'Latchkey <no-reply@latchkey.test>' },
      twilio: {
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: '+15005550006',
        apiUrl: twilio.url,
      },
      settings,
      ...serverOptions,
    });
    stops.push(() => server.close());
    const served = await startStaticServer(inject('demoDist'));
    stops.push(() => served.close());
    let demo: StaticServer = served;
    let apiUrl = server.url;
    if (options.crossSite) demo = { ...served, url: renamed(served.url, 'localhost') };
    if (options.sameSite) {
      demo = { ...served, url: renamed(served.url, `app.${options.sameSite}`) };
      apiUrl = renamed(server.url, `auth.${options.sameSite}`);
      // The origin the frame is served from and the cookies are scoped to.
      server.ctx.settings.publicUrl = apiUrl;
    }
    const browser = await launchChromium(
      options.sameSite
        ? { hostResolverRules: `MAP *.${options.sameSite} 127.0.0.1`, secureOrigins: [demo.url, apiUrl] }
        : {},
    );
    stops.push(() => browser.close());

    return {
      server,
      apiUrl,
      smtp,
      twilio,
      demo,
      browser,
      async createApp(patch = {}, allowlist = []) {
        const { app, secret } = await createApp(server.ctx, {
          name: 'Latchkey e2e',
          allowedDomains: [demo.url],
          patch,
        });
        for (const entry of allowlist) await addAllowlistEntry(server.ctx, app.id, entry.type, entry.value);
        secrets.set(app.id, secret);
        return app.id;
      },
      appSecret(appId) {
        const secret = secrets.get(appId);
        if (!secret) throw new Error(`No app ${appId} was made by this stack`);
        return secret;
      },
      demoUrl(appId, options = {}) {
        const query = new URLSearchParams({ appId, apiUrl });
        if (options.theme) query.set('theme', options.theme);
        return `${demo.url}/?${query}`;
      },
      async newPage(viewport = { width: 1024, height: 768 }, options = {}) {
        const context = await browser.newContext({ ...options, viewport });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        if (process.env.LATCHKEY_E2E_DEBUG) {
          page.on('console', (message) => console.log(`[page ${message.type()}] ${message.text()}`));
        }
        return { context, page, errors };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
