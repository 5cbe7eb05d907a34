/**
 * Social login through the modal in Chromium, against the real server and the local providers: a
 * real OpenID provider (oidc-provider) standing in for Google, and GitHub's stand-in, each with a
 * consent page the browser clicks through. Redirect and popup, a blocked popup falling back to the
 * redirect, linking and unlinking a second provider, a user who says no, and a tampered state.
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
import { type OAuthStandIns, type StandInAccount, startOAuthStandIns } from '@latchkey/test/stand-ins';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let stack: Stack;
let standIns: OAuthStandIns;
let appId: string;

const ada: StandInAccount = { sub: '110248495921238986420', name: 'Ada Lovelace', email: 'ada@example.com' };
const grace: StandInAccount = {
  sub: '5830912',
  username: 'ghopper',
  name: 'Grace Hopper',
  email: 'grace@example.com',
};
const linus: StandInAccount = {
  sub: '1024025',
  username: 'torvalds',
  name: 'Linus',
  email: 'linus@example.com',
};
const second: StandInAccount = { sub: '77001', username: 'second', name: 'Second Account' };

beforeAll(async () => {
  standIns = await startOAuthStandIns();
  stack = await startStack({ oauthEndpoints: standIns.oauthEndpoints });
  standIns.allowCallback(stack.apiUrl);
  appId = await stack.createApp({
    ...(await standIns.appPatch()),
    email_auth: true,
    return_oauth_tokens: true,
  });
  for (const account of [ada, grace, linus, second]) {
    standIns.oidc.addAccount(account);
    standIns.social.addAccount(account);
  }
});
afterAll(async () => {
  await stack?.close();
  await standIns?.close();
});

/** The demo with `query` added to its address. */
const demo = (query: Record<string, string> = {}) => {
  const url = new URL(stack.demoUrl(appId));
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.href;
};

async function fresh(query: Record<string, string> = {}) {
  const { context, page, errors } = await stack.newPage();
  await page.goto(demo(query));
  await demoState(page);
  return { context, page, errors };
}

/** A provider's button on the landing screen, or behind 'More options' ('Other socials'). */
async function chooseProvider(page: Page, provider: string) {
  const button = page.locator(id(`lk-login-method-${provider}`));
  if (!(await button.isVisible())) {
    await page.locator(id('lk-more-options')).click();
    await page.locator(id('lk-back')).waitFor({ state: 'visible' });
  }
  await button.click();
}

/** On a stand-in's consent page: approve as `account`, or deny. */
async function consent(page: Page, account: StandInAccount | 'deny') {
  const button = account === 'deny' ? id('lk-standin-deny') : id(`lk-standin-approve-${account.sub}`);
  await page.locator(button).click();
}

/**
 * Back on the demo after the provider: the modal verifies, then closes logged in. A returning user
 * with their wallets has nothing to do after the login, so the verifying screen may be up for a
 * moment only, too short to catch on a loaded machine: `statusScreen: false` checks the outcome alone.
 */
async function loggedInAfterReturn(page: Page, { statusScreen = true } = {}) {
  if (statusScreen) await page.locator(id('lk-screen-oauth-status')).waitFor({ state: 'visible' });
  await expect.poll(() => text(page, 'demo-authenticated'), { timeout: 15_000 }).toBe('true');
  await modalClosed(page);
}

const linkedTypes = async (page: Page) => (await text(page, 'demo-linked-accounts')).split(', ');

describe('social login in the browser', () => {
  test('Google by redirect: the provider button, the consent page, and back logged in', async () => {
    const { context, page, errors } = await fresh();
    await openLogin(page);
    const google = page.locator(id('lk-login-method-google'));
    await expect.poll(() => google.textContent()).toContain('Google');
    expect(await google.locator('svg').count()).toBe(1);
    await google.click();
    await page.waitForURL((url) => url.origin === standIns.oidc.issuer);
    await consent(page, ada);
    await page.waitForURL((url) => url.origin === stack.demo.url);
    await loggedInAfterReturn(page);
    expect(await text(page, 'demo-last-event')).toBe('login complete: method=google new=true already=false');
    expect(await linkedTypes(page)).toEqual(['google_oauth']);
    // The OAuth parameters left the address; the demo's own stayed.
    const address = new URL(page.url());
    expect([...address.searchParams.keys()].filter((k) => k.startsWith('privy_oauth'))).toEqual([]);
    expect(address.searchParams.get('appId')).toBe(appId);
    // The verifier and state are spent.
    expect(await page.evaluate(() => localStorage.getItem('privy:code_verifier'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('GitHub against its stand-in; the same account logs in again as the same user', async () => {
    const first = await fresh();
    await openLogin(first.page);
    await chooseProvider(first.page, 'github');
    await consent(first.page, grace);
    await loggedInAfterReturn(first.page);
    const userId = await text(first.page, 'demo-user-id');
    expect(await text(first.page, 'demo-last-event')).toContain('method=github new=true');

    const second = await fresh();
    await openLogin(second.page);
    await chooseProvider(second.page, 'github');
    await consent(second.page, grace);
    await loggedInAfterReturn(second.page, { statusScreen: false });
    expect(await text(second.page, 'demo-user-id')).toBe(userId);
    expect(await text(second.page, 'demo-last-event')).toContain('method=github new=false');
    await first.context.close();
    await second.context.close();
  });

  test("the app's own OpenID provider has its button, by the name the app gave it", async () => {
    const { context, page } = await fresh();
    await openLogin(page);
    await page.locator(id('lk-more-options')).click();
    const acme = page.locator(id('lk-login-method-custom:acme'));
    expect((await acme.textContent())?.trim()).toBe('Acme');
    await acme.click();
    await page.waitForURL((url) => url.origin === standIns.oidc.issuer);
    await consent(page, ada);
    await loggedInAfterReturn(page);
    expect(await text(page, 'demo-last-event')).toContain('method=custom:acme');
    expect(await linkedTypes(page)).toEqual(['custom:acme']);
    await context.close();
  });

  test('in a popup: the provider opens in its own window and this page logs in', async () => {
    const { context, page } = await fresh({ oauthMode: 'popup' });
    await openLogin(page);
    const opened = context.waitForEvent('page');
    await chooseProvider(page, 'github');
    const popup = await opened;
    await popup.waitForURL((url) => url.origin !== 'null' && url.href !== 'about:blank');
    // The popup comes back to the demo, hands the return over and is closed (by itself, or by this page
    // once it reads the return in the popup's address). Heard from before the click: the close can come
    // while the click still waits for the navigation it started.
    const closed = popup.waitForEvent('close', { timeout: 15_000 });
    await consent(popup, linus);
    await closed;
    await loggedInAfterReturn(page);
    expect(new URL(page.url()).searchParams.has('privy_oauth_code')).toBe(false);
    expect(await text(page, 'demo-last-event')).toContain('method=github');
    await context.close();
  });

  test('a blocked popup falls back to the redirect', async () => {
    const { context, page } = await blockedPopups();
    await openLogin(page);
    await chooseProvider(page, 'github');
    await page.waitForURL((url) => url.origin === standIns.social.url);
    await consent(page, linus);
    await loggedInAfterReturn(page);
    await context.close();
  });

  test('a user who says no at the provider sees the failure, and Retry goes back there', async () => {
    const { context, page } = await fresh();
    await openLogin(page);
    await chooseProvider(page, 'github');
    await consent(page, 'deny');
    const status = page.locator(id('lk-screen-oauth-status'));
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('failure');
    expect(await text(page, 'lk-oauth-detail')).toBe('You did not give access to your GitHub account.');
    expect(await text(page, 'demo-last-error')).toBe('login error: oauth_user_denied');
    expect(await text(page, 'demo-authenticated')).toBe('false');
    await page.locator(id('lk-oauth-retry')).click();
    await page.waitForURL((url) => url.origin === standIns.social.url);
    await consent(page, grace);
    await loggedInAfterReturn(page);
    await context.close();
  });

  test('a state changed on the way back is refused as a possible phishing attempt', async () => {
    const { context, page } = await fresh();
    // The way back is held after the consent page (a routed request's redirects are not routed), and
    // the page is sent to the app with another state, as a page planting someone else's code would.
    let back: URL | null = null;
    await page.route(
      (url) => url.origin === standIns.social.url,
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const toCallback = (await route.fetch({ maxRedirects: 0 })).headers().location ?? '';
        const toApp = await fetch(toCallback, { redirect: 'manual' });
        back = new URL(toApp.headers.get('location') ?? '');
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>held</p>' });
      },
    );
    const analytics: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/analytics_events'))
        analytics.push(String((request.postDataJSON() as { event_name?: string }).event_name));
    });
    await openLogin(page);
    await chooseProvider(page, 'github');
    await consent(page, grace);
    await expect.poll(() => back !== null, { timeout: 15_000 }).toBe(true);
    const tampered = back as unknown as URL;
    expect(tampered.searchParams.get('privy_oauth_code')).toBeTruthy();
    tampered.searchParams.set('privy_oauth_state', 'planted');
    await page.goto(tampered.href);
    const status = page.locator(id('lk-screen-oauth-status'));
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('failure');
    expect(await text(page, 'lk-oauth-detail')).toBe('Unexpected auth flow. This may be a phishing attempt.');
    expect(await text(page, 'demo-last-error')).toBe('login error: pkce_state_code_mismatch');
    await expect.poll(() => analytics).toContain('possible_phishing_attempt');
    expect(await text(page, 'demo-authenticated')).toBe('false');
    await context.close();
  });

  test('links a second provider to a user who logged in by email, then unlinks it', async () => {
    const { context, page } = await fresh();
    await openLogin(page);
    await submitEmail(page, 'linker@example.com');
    await enterCode(page, await codeFromMail(stack.smtp, 'linker@example.com'));
    await expect.poll(() => text(page, 'demo-authenticated'), { timeout: 15_000 }).toBe('true');
    await modalClosed(page);

    await page.locator(id('demo-social-provider')).selectOption('github');
    await page.locator(id('demo-social-link')).click();
    await page.waitForURL((url) => url.origin === standIns.social.url);
    await consent(page, second);
    await page.waitForURL((url) => url.origin === stack.demo.url);
    await page.locator(id('lk-screen-oauth-status')).waitFor({ state: 'visible' });
    await expect
      .poll(() => text(page, 'demo-last-event'), { timeout: 15_000 })
      .toBe('link complete: method=github');
    await modalClosed(page);
    expect(await linkedTypes(page)).toEqual(['email', 'github_oauth']);
    await page.locator(id('demo-social-provider')).selectOption('github');
    expect(await text(page, 'demo-social-subject')).toBe('77001');
    // The app returns the providers' tokens: the link brought the first grant.
    await expect.poll(() => text(page, 'demo-social-tokens')).toBe('github: present');
    expect(await text(page, 'demo-social-grants')).toBe('1');

    // useOAuthTokens().reauthorize: the provider again for the linked account, and fresh tokens.
    await page.locator(id('demo-social-reauthorize')).click();
    await page.waitForURL((url) => url.origin === standIns.social.url);
    await consent(page, second);
    await page.waitForURL((url) => url.origin === stack.demo.url);
    await demoState(page);
    await expect.poll(() => text(page, 'demo-social-grants'), { timeout: 15_000 }).toBe('1');
    expect(await text(page, 'demo-social-tokens')).toBe('github: present');
    expect(await linkedTypes(page)).toEqual(['email', 'github_oauth']);
    await page.locator(id('demo-social-provider')).selectOption('github');

    await page.locator(id('demo-social-unlink')).click();
    await expect.poll(() => linkedTypes(page)).toEqual(['email']);
    await context.close();
  });
});

/** A page whose `window.open` is refused, as a popup blocker refuses it. */
async function blockedPopups(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await stack.newPage();
  await context.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto(demo({ oauthMode: 'popup' }));
  await demoState(page);
  return { context, page };
}
