import { copyStorage, startTestServer, type TestServer, testClient, testOrigin } from '@latchkey/test/client';
import {
  followOAuthFlow,
  type OAuthStandIns,
  type StandInAccount,
  type StandInProvider,
  startOAuthStandIns,
} from '@latchkey/test/stand-ins';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LatchkeyClient } from '../../createLatchkeyClient.ts';
import type { OAuthBrowser, OAuthPopup } from '../../oauth/browser.ts';
import type { OAuthReturn } from '../../oauth/return-params.ts';
import { type LatchkeyStorage, memoryStorage, storageKeys } from '../../storage.ts';
import type { ModalIntent, ModalOptions } from '../../ui/intents.ts';
import { createModalFlow } from '../flow.ts';
import type { Screen } from '../navigation.ts';
import type { FlowOutcome } from '../outcomes.ts';
import type { ModalFlowSettings } from '../runtime.ts';

let t: TestServer;
let standIns: OAuthStandIns;
let patch: Record<string, unknown>;

beforeAll(async () => {
  standIns = await startOAuthStandIns();
  t = await startTestServer('sqlite', {
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

const page = `${testOrigin}/play?tab=2`;
let unique = 0;
const person = (): StandInAccount => {
  const n = ++unique;
  return { sub: `${5000 + n}`, username: `person${n}`, name: `Person ${n}`, email: `person${n}@example.com` };
};

/** The page as OAuth sees it: its address, where it was sent, and the popups it opened. */
class TestPage implements OAuthBrowser {
  address: string;
  redirects: string[] = [];
  popups: TestPopup[] = [];
  /** False plays a browser that blocks popups. */
  allowPopups = true;
  constructor(address = page) {
    this.address = address;
  }
  href = () => this.address;
  redirect = (url: string) => {
    this.redirects.push(url);
  };
  replaceAddress = (url: string) => {
    this.address = url;
  };
  openPopup = () => {
    if (!this.allowPopups) return null;
    const popup = new TestPopup();
    this.popups.push(popup);
    return popup;
  };
}

/** A popup whose return the test delivers (`back`), or that the user closes (`closeByUser`). */
class TestPopup implements OAuthPopup {
  url: string | null = null;
  closed = false;
  #resolve: ((ret: OAuthReturn) => void) | null = null;
  #onClosed: (() => void) | null = null;
  returnUrl = (pageUrl: string) => `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}latchkey_oauth_popup=1`;
  go = (url: string) => {
    this.url = url;
  };
  result = (onClosed: () => void) => {
    this.#onClosed = onClosed;
    return new Promise<OAuthReturn>((resolve) => {
      this.#resolve = resolve;
    });
  };
  close = () => {
    this.closed = true;
  };
  back(ret: OAuthReturn) {
    this.#resolve?.(ret);
  }
  closeByUser() {
    this.closed = true;
    this.#onClosed?.();
  }
}

/** The provider's part: the stand-in approves as `account` (null: the user denies), back to the page. */
async function atProvider(provider: StandInProvider, url: string, account: StandInAccount | null) {
  if (account) standIns.approveNextAs(provider, account);
  else standIns.denyNext(provider);
  return (await followOAuthFlow(url, testOrigin)).href;
}

const returnIn = (href: string): OAuthReturn => {
  const query = new URL(href).searchParams;
  return {
    code: query.get('privy_oauth_code') ?? '',
    state: query.get('privy_oauth_state') ?? '',
    provider: query.get('privy_oauth_provider') ?? '',
  };
};

/** A modal flow on a real client of `appId`, on `browser`, recording what it reports. */
async function harness(
  appId: string,
  options: { browser?: TestPage; storage?: LatchkeyStorage; settings?: ModalFlowSettings } = {},
) {
  const browser = options.browser ?? new TestPage();
  const storage = options.storage ?? memoryStorage();
  const { client, sent } = testClient(t, appId, { storage, oauthBrowser: browser });
  await client.initialize();
  const outcomes: FlowOutcome[] = [];
  const flow = createModalFlow({
    client,
    settings: () => options.settings ?? {},
    report: (outcome) => outcomes.push(outcome),
    dismiss: () => flow.ended(),
    walletCaptcha: async () => undefined,
    oauthBrowser: browser,
  });
  const detach = flow.attach();
  let ids = 0;
  const open = (intent: ModalIntent, more: ModalOptions = {}) => flow.open({ intent, id: ++ids, ...more });
  const screen = () => flow.screen() as Screen;
  return { client, storage, browser, flow, outcomes, open, detach, screen, sent };
}

type Harness = Awaited<ReturnType<typeof harness>>;

/** Waits for the status screen to reach `status`. */
const statusOf = (h: Harness) => {
  const s = h.screen();
  return s.name === 'oauth-status' ? s.status : s.name;
};
/**
 * `vi.waitFor` with room for a loaded machine: each wait spans real server round trips (its default,
 * 1 s, failed a run under two other test runs' load).
 */
const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 10_000 });
const until = (h: Harness, status: string) => waitFor(() => expect(statusOf(h)).toBe(status));

/**
 * After a redirect: the page loads again with the return, a new client on the same device (the
 * session's tokens and the OAuth attempt's values in its storage).
 */
async function comeBack(h: Harness, appId: string, href: string, settings?: ModalFlowSettings) {
  const back = await harness(appId, {
    browser: new TestPage(href),
    storage: await copyStorage(h.storage, [
      storageKeys.token,
      storageKeys.privyAccessToken,
      storageKeys.refreshToken,
      storageKeys.identityToken,
      storageKeys.oauthCodeVerifier,
      storageKeys.oauthStateCode,
      storageKeys.oauthAttempt(appId),
    ]),
    ...(settings ? { settings } : {}),
  });
  const visit = await (await back.client.oauth()).takeReturn();
  return { back, visit };
}

async function logIn(client: LatchkeyClient, server: { lastCode(to: string): string }, email: string) {
  await client.email.sendCode({ email });
  await client.email.loginWithCode({ email, code: server.lastCode(email) });
}

describe('social login in the modal (redirect)', () => {
  it('leaves for the provider, and on the way back verifies, logs in and reports the provider', async () => {
    const { app } = await t.createApp(patch);
    const h = await harness(app.id);
    h.open('login');
    h.flow.login.chooseMethod('github');
    expect(statusOf(h)).toBe('verifying');
    await waitFor(() => expect(h.browser.redirects).toHaveLength(1));
    const account = person();
    const href = await atProvider('github', h.browser.redirects[0]!, account);
    expect(href.startsWith(`${page}&privy_oauth_code=`)).toBe(true);

    const { back, visit } = await comeBack(h, app.id, href);
    // The parameters leave the address at once, the rest of it kept.
    expect(back.browser.address).toBe(page);
    expect(visit?.attempt).toEqual({ provider: 'github', intent: 'login', ui: 'modal' });
    back.open('login', { oauth: { provider: 'github', ret: visit!.ret } });
    expect(statusOf(back)).toBe('verifying');
    await until(back, 'success');
    await waitFor(() =>
      expect(back.outcomes).toContainEqual(
        expect.objectContaining({ type: 'login-complete', isNewUser: true, method: 'github' }),
      ),
    );
    expect(back.client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'github_oauth', subject: account.sub, username: account.username }),
    );
    // The verifier and state are spent.
    expect(await back.storage.get(storageKeys.oauthCodeVerifier)).toBeNull();
    expect(await back.storage.get(storageKeys.oauthStateCode)).toBeNull();
    h.detach();
    back.detach();
  });

  it('reports a user who says no at the provider, and Retry goes to the provider again', async () => {
    const { app } = await t.createApp(patch);
    const h = await harness(app.id);
    h.open('login');
    h.flow.login.chooseMethod('google');
    await waitFor(() => expect(h.browser.redirects).toHaveLength(1));
    const href = await atProvider('google', h.browser.redirects[0]!, null);
    expect(returnIn(href).code).toBe('undefined');

    const { back, visit } = await comeBack(h, app.id, href);
    back.open('login', { oauth: { provider: 'google', ret: visit!.ret } });
    await until(back, 'failure');
    const screen = back.screen() as Extract<Screen, { name: 'oauth-status' }>;
    expect(screen.error).toMatchObject({ code: 'oauth_user_denied' });
    expect(back.outcomes).toEqual([{ type: 'error', kind: 'login', code: 'oauth_user_denied' }]);
    back.flow.oauth.retry();
    await waitFor(() => expect(back.browser.redirects).toHaveLength(1));
    expect(new URL(back.browser.redirects[0]!).pathname).not.toBe('');
    h.detach();
    back.detach();
  });

  it('refuses a return whose state is not the one this device stored, as a possible phishing attempt', async () => {
    const { app } = await t.createApp(patch);
    const h = await harness(app.id);
    h.open('login');
    h.flow.login.chooseMethod('discord');
    await waitFor(() => expect(h.browser.redirects).toHaveLength(1));
    const href = await atProvider('discord', h.browser.redirects[0]!, person());
    const { back, visit } = await comeBack(h, app.id, href);
    back.open('login', {
      oauth: { provider: 'discord', ret: { ...visit!.ret, state: 'planted-by-someone-else' } },
    });
    await until(back, 'failure');
    expect((back.screen() as { error?: unknown }).error).toMatchObject({
      code: 'pkce_state_code_mismatch',
      message: 'Unexpected auth flow. This may be a phishing attempt.',
    });
    expect(back.client.getState().user).toBeNull();
    const analytics = back.sent.filter((r) => r.path === '/api/v1/analytics_events');
    expect(analytics.map((r) => r.body?.event_name)).toContain('possible_phishing_attempt');
    h.detach();
    back.detach();
  });

  it("refuses a return on a device that never started it ('Authentication error.')", async () => {
    const { app } = await t.createApp(patch);
    const h = await harness(app.id);
    h.open('login');
    h.flow.login.chooseMethod('spotify');
    await waitFor(() => expect(h.browser.redirects).toHaveLength(1));
    const href = await atProvider('spotify', h.browser.redirects[0]!, person());
    const elsewhere = await harness(app.id, { browser: new TestPage(href) });
    const visit = await (await elsewhere.client.oauth()).takeReturn();
    expect(visit?.attempt).toBeNull();
    elsewhere.open('login', { oauth: { provider: 'spotify', ret: visit!.ret } });
    await until(elsewhere, 'failure');
    expect((elsewhere.screen() as { error?: unknown }).error).toMatchObject({
      code: 'oauth_unexpected',
      message: 'Authentication error.',
    });
    h.detach();
    elsewhere.detach();
  });

  it('waits 1400 ms on the success screen before the terms gate', async () => {
    const { app } = await t.createApp({ ...patch, require_users_accept_terms: true });
    const h = await harness(app.id);
    h.open('login');
    h.flow.login.chooseMethod('twitter');
    await waitFor(() => expect(h.browser.redirects).toHaveLength(1));
    const href = await atProvider('twitter', h.browser.redirects[0]!, person());
    const { back, visit } = await comeBack(h, app.id, href);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      back.open('login', { oauth: { provider: 'twitter', ret: visit!.ret } });
      // (vi.waitFor would move the faked clock on: wait on the network with setImmediate instead.)
      while (statusOf(back) !== 'success') await new Promise((resolve) => setImmediate(resolve));
      vi.advanceTimersByTime(1399);
      expect(statusOf(back)).toBe('success');
      vi.advanceTimersByTime(1);
      expect(back.screen().name).toBe('terms');
    } finally {
      vi.useRealTimers();
    }
    h.detach();
    back.detach();
  });
});

describe('linking a social account in the modal', () => {
  it('links a second provider and reports the link; unlinking takes it off again', async () => {
    const { app, client: server } = await t.createApp({ ...patch, email_auth: true });
    const h = await harness(app.id);
    await logIn(h.client, server, `linker-${++unique}@example.com`);
    h.open('link-oauth', { oauth: { provider: 'google' } });
    await waitFor(() => expect(h.browser.redirects).toHaveLength(1));
    const account = person();
    const href = await atProvider('google', h.browser.redirects[0]!, account);

    const { back, visit } = await comeBack(h, app.id, href);
    expect(visit?.attempt).toEqual({ provider: 'google', intent: 'link', ui: 'modal' });
    back.open('link-oauth', { oauth: { provider: 'google', ret: visit!.ret } });
    await until(back, 'success');
    expect(back.outcomes).toContainEqual(expect.objectContaining({ type: 'link-success', method: 'google' }));
    expect(back.client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'google_oauth', subject: account.sub, email: account.email }),
    );
    const oauth = await back.client.oauth();
    const user = await oauth.unlink({ provider: 'google', subject: account.sub });
    expect(user.linked_accounts.map((a) => a.type)).not.toContain('google_oauth');
    h.detach();
    back.detach();
  });

  it('offers the transfer when another user holds the account, and the transfer moves it here', async () => {
    const { app, client: server } = await t.createApp({ ...patch, email_auth: true });
    const owner = person();
    // Someone signs up with the GitHub account first.
    const first = await harness(app.id);
    first.open('login');
    first.flow.login.chooseMethod('github');
    await waitFor(() => expect(first.browser.redirects).toHaveLength(1));
    const signUp = await comeBack(
      first,
      app.id,
      await atProvider('github', first.browser.redirects[0]!, owner),
    );
    signUp.back.open('login', { oauth: { provider: 'github', ret: signUp.visit!.ret } });
    await until(signUp.back, 'success');

    // Another user links that same account.
    const h = await harness(app.id);
    await logIn(h.client, server, `taker-${++unique}@example.com`);
    h.open('link-oauth', { oauth: { provider: 'github' } });
    await waitFor(() => expect(h.browser.redirects).toHaveLength(1));
    const { back, visit } = await comeBack(
      h,
      app.id,
      await atProvider('github', h.browser.redirects[0]!, owner),
    );
    back.open('link-oauth', { oauth: { provider: 'github', ret: visit!.ret } });
    await waitFor(() => expect(back.screen().name).toBe('transfer'));
    await back.flow.transfer.accept();
    expect(back.outcomes).toContainEqual(expect.objectContaining({ type: 'link-success', method: 'github' }));
    expect(back.client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'github_oauth', subject: owner.sub }),
    );
    first.detach();
    signUp.back.detach();
    h.detach();
    back.detach();
  });
});

describe('social login in a popup', () => {
  it('opens the provider in a popup and logs in on this page when the popup comes back', async () => {
    const { app } = await t.createApp(patch);
    const h = await harness(app.id, { settings: { oauthMode: 'popup' } });
    h.open('login');
    h.flow.login.chooseMethod('linkedin');
    expect(h.browser.popups).toHaveLength(1);
    const popup = h.browser.popups[0]!;
    await waitFor(() => expect(popup.url).not.toBeNull());
    expect(h.browser.redirects).toEqual([]);
    const account = person();
    const href = await atProvider('linkedin', popup.url!, account);
    expect(new URL(href).searchParams.get('latchkey_oauth_popup')).toBe('1');
    popup.back(returnIn(href));
    await until(h, 'success');
    expect(h.client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'linkedin_oauth', subject: account.sub }),
    );
    h.detach();
  });

  it('falls back to the redirect when the browser blocks the popup', async () => {
    const { app } = await t.createApp(patch);
    const browser = new TestPage();
    browser.allowPopups = false;
    const h = await harness(app.id, { browser, settings: { oauthMode: 'popup' } });
    h.open('login');
    h.flow.login.chooseMethod('github');
    await waitFor(() => expect(browser.redirects).toHaveLength(1));
    h.detach();
  });

  it('shows the failure when the popup is closed, and still takes a return that arrives after', async () => {
    const { app } = await t.createApp(patch);
    const h = await harness(app.id, { settings: { oauthMode: 'popup' } });
    h.open('login');
    h.flow.login.chooseMethod('tiktok');
    const popup = h.browser.popups[0]!;
    await waitFor(() => expect(popup.url).not.toBeNull());
    popup.closeByUser();
    await until(h, 'failure');
    // A provider page that cut the popup off from this page reads as closed: its return still counts.
    popup.back(returnIn(await atProvider('tiktok', popup.url!, person())));
    await until(h, 'success');
    h.detach();
  });

  it('closes the popup when the modal closes', async () => {
    const { app } = await t.createApp(patch);
    const h = await harness(app.id, { settings: { oauthMode: 'popup' } });
    h.open('login');
    h.flow.login.chooseMethod('instagram');
    h.flow.close();
    expect(h.browser.popups[0]!.closed).toBe(true);
    expect(h.outcomes).toEqual([{ type: 'error', kind: 'login', code: 'exited_auth_flow' }]);
    h.detach();
  });
});

describe('the in-app browser warning', () => {
  it("stops before Google in an app's built-in browser", async () => {
    const { app } = await t.createApp(patch);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone) Mobile/15E148 Instagram 334.0' });
    try {
      const h = await harness(app.id);
      h.open('login');
      h.flow.login.chooseMethod('google');
      expect(h.screen()).toEqual({ name: 'oauth-in-app-browser', provider: 'google' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(h.browser.redirects).toEqual([]);
      h.detach();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
