/**
 * Farcaster login through the modal in Chromium, against the real server (its embedded relay), the
 * Farcaster registries on a local chain 10 (IdRegistry, KeyRegistry at their OP Mainnet addresses,
 * read through `eip155:10`), a hub stand-in for the profile, and the Farcaster app played by the
 * test kit (`farcasterApp`: `@farcaster/auth-client` builds the SIWF message, the custody account or
 * an auth address signs it, and it completes the channel on the relay). On a computer the modal shows
 * the connect URI as a QR code with 'Copy link' and 'Take me to Farcaster'; on a phone, 'Open Farcaster
 * app'. The channel is read every 2 s and given up after 120 s (the page's clock, paused, is moved
 * past it); Retry opens a new channel. The demo's Farcaster section drives the hooks without the
 * modal: `useLoginWithFarcaster` (the page's own link to the connect URI, cancel stopping the reads),
 * `useLoginWithFarcasterV2` / `useLoginToMiniApp` (a nonce, a SIWF message the custody account signs
 * for it as a Mini App host would), and `useUnlinkFarcaster`; and the modal's account transfer of an
 * fid another user has.
 */

import { type FarcasterChain, startFarcasterChain } from '@latchkey/test/chains';
import {
  codeFromMail,
  countReads,
  demoAccessToken,
  demoState,
  enterCode,
  id,
  modalClosed,
  openLogin,
  pageReads,
  readsIdle,
  type Stack,
  startStack,
  submitEmail,
  text,
  usersMe,
} from '@latchkey/test/e2e';
import { farcasterApp, type HubStandIn, startHubStandIn } from '@latchkey/test/stand-ins';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import decodeQR from 'qr/decode.js';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const relayKey = 'e2e-farcaster-relay-key-0123456789';
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const iPhone: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
};

let chain: FarcasterChain;
let hub: HubStandIn;
let stack: Stack;
let appId: string;

beforeAll(async () => {
  [chain, hub] = await Promise.all([startFarcasterChain(), startHubStandIn()]);
  stack = await startStack({
    rpcUrls: { 'eip155:10': chain.url },
    farcaster: { relayKey, hubUrl: hub.url },
  });
  appId = await stack.createApp({ email_auth: true, farcaster_auth: true });
});
afterAll(async () => {
  await stack?.close();
  await hub?.close();
  await chain?.stop();
});

/** A Farcaster user: a fresh custody account registered with a fid on the chain, and a hub profile. */
async function farcasterUser(username: string) {
  const custody = privateKeyToAccount(generatePrivateKey());
  const fid = await chain.registerFid(custody);
  const profile = {
    username,
    displayName: `${username} (display)`,
    bio: `gm from ${username}`,
    pfpUrl: `https://pfp.test/${username}.png`,
    url: `https://${username}.test`,
  };
  hub.setProfile(fid, profile);
  return { custody, fid: Number(fid), profile };
}

/** The user's Farcaster app, signing with `account` for `fid`, completing channels on the embedded relay. */
const appOf = (account: PrivateKeyAccount, fid: number, authMethod?: 'custody' | 'authAddress') =>
  farcasterApp({ relayUrl: `${stack.server.url}/farcaster-relay`, account, fid, authMethod });

async function fresh(viewport = desktop, options: BrowserContextOptions = {}, clock = false) {
  const opened = await stack.newPage(viewport, options);
  if (clock) {
    await opened.page.addInitScript(countReads, '/api/v1/farcaster/status');
    await opened.page.clock.install();
  }
  await opened.page.goto(stack.demoUrl(appId));
  await demoState(opened.page);
  return opened;
}

/** The landing's Farcaster button; the connect screen waits for the user's signature. */
async function chooseFarcaster(page: Page) {
  await openLogin(page);
  await page.locator(id('lk-login-method-farcaster')).click();
  await page.locator(`${id('lk-screen-farcaster-connect')}[data-status="waiting"]`).waitFor();
}

/** The connect URI the desktop screen links to ('Take me to Farcaster'). */
async function takeMeHref(page: Page): Promise<string> {
  const href = await page.locator(id('lk-farcaster-take-me')).getAttribute('href');
  expect(href).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=[2-9A-HJ-NP-Z]{32}$/);
  return href!;
}

/** What the QR code on the screen reads as, decoded from a screenshot of it. */
async function qrText(page: Page): Promise<string> {
  const qr = page.locator(`${id('lk-farcaster-qr')}[data-value]`);
  const png = PNG.sync.read(await qr.screenshot());
  return decodeQR({ width: png.width, height: png.height, data: png.data });
}

/** The approval went through the relay (201), then the modal verifies it and closes logged in. */
async function loggedIn(page: Page, approval: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await approval;
  expect(status, JSON.stringify(body)).toBe(201);
  await expect.poll(() => text(page, 'demo-authenticated'), { timeout: 15_000 }).toBe('true');
  await modalClosed(page);
}

/** The server's farcaster account of the page's user (GET /api/v1/users/me with its access token). */
async function serverFarcasterAccount(page: Page) {
  const { user } = await usersMe(stack, appId, await demoAccessToken(page));
  return user?.linked_accounts.find((account) => account.type === 'farcaster') ?? null;
}

describe('Farcaster login in the browser', () => {
  test('desktop: the QR code and links carry the connect URI; the Farcaster app approves and the modal logs in', async () => {
    const { custody, fid, profile } = await farcasterUser('ada');
    const { context, page, errors } = await fresh();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.demo.url });
    await expect.poll(() => text(page, 'demo-config-methods')).toBe('Email code, Farcaster');
    await chooseFarcaster(page);
    expect(await text(page, 'lk-screen-farcaster-connect')).toContain('Sign in with Farcaster');
    const connectUri = await takeMeHref(page);
    expect(await page.locator(id('lk-farcaster-take-me')).textContent()).toBe('Take me to Farcaster');
    // The QR code (275 px) scans as the connect URI; no phone button on a computer.
    const qr = page.locator(id('lk-farcaster-qr'));
    expect(await qr.getAttribute('width')).toBe('275');
    expect(await qrText(page)).toBe(connectUri);
    expect(await page.locator(id('lk-farcaster-open-app')).count()).toBe(0);
    await page.locator(id('lk-farcaster-copy')).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(connectUri);

    await loggedIn(page, appOf(custody, fid).approve({ authKey: relayKey, connectUri }));
    expect(await text(page, 'demo-farcaster-fid')).toBe(String(fid));
    expect(await text(page, 'demo-farcaster-username')).toBe('ada');
    expect(await text(page, 'demo-farcaster-owner')).toBe(custody.address);
    expect(await text(page, 'demo-last-event')).toBe(
      'login complete: method=farcaster new=true already=false',
    );
    expect(await serverFarcasterAccount(page)).toMatchObject({
      type: 'farcaster',
      fid,
      owner_address: custody.address,
      username: profile.username,
      display_name: profile.displayName,
      bio: profile.bio,
      profile_picture_url: profile.pfpUrl,
      homepage_url: profile.url,
    });
    // The profile is the hub's: the server read it there for this fid.
    expect(hub.log).toContainEqual(expect.stringContaining(`/v1/userDataByFid?fid=${fid}`));
    expect(errors).toEqual([]);
    await context.close();
  });

  test("phone: 'Open Farcaster app' (no QR code) links to the connect URI; approved there, the modal logs in", async () => {
    const { custody, fid } = await farcasterUser('grace');
    const { context, page, errors } = await fresh(phone, iPhone);
    await chooseFarcaster(page);
    const openApp = page.locator(id('lk-farcaster-open-app'));
    expect(await openApp.textContent()).toBe('Open Farcaster app');
    expect(await page.locator(id('lk-farcaster-qr')).count()).toBe(0);
    expect(await page.locator(id('lk-farcaster-take-me')).count()).toBe(0);
    const connectUri = (await openApp.getAttribute('href'))!;
    expect(connectUri).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=[2-9A-HJ-NP-Z]{32}$/);

    await loggedIn(page, appOf(custody, fid).approve({ authKey: relayKey, connectUri }));
    expect(await text(page, 'demo-farcaster-fid')).toBe(String(fid));
    expect(await text(page, 'demo-farcaster-username')).toBe('grace');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an email user links a Farcaster account from the app, then unlinks it', async () => {
    const { custody, fid } = await farcasterUser('linus');
    const { context, page, errors } = await fresh();
    const email = 'farcaster.linker@example.com';
    await openLogin(page);
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    expect(await text(page, 'demo-linked-accounts')).toBe('email');

    await page.locator(id('demo-link-farcaster')).click();
    await page.locator(`${id('lk-screen-farcaster-connect')}[data-status="waiting"]`).waitFor();
    const approval = await appOf(custody, fid).approve({
      authKey: relayKey,
      connectUri: await takeMeHref(page),
    });
    expect(approval.status).toBe(201);
    await expect.poll(() => text(page, 'demo-farcaster-fid'), { timeout: 15_000 }).toBe(String(fid));
    await modalClosed(page);
    expect(await text(page, 'demo-linked-accounts')).toBe('email, farcaster');
    expect(await text(page, 'demo-last-event')).toBe('link complete: method=farcaster');
    expect(await serverFarcasterAccount(page)).toMatchObject({ fid, owner_address: custody.address });

    await page.locator(id('demo-unlink-farcaster')).click();
    await expect.poll(() => text(page, 'demo-farcaster-fid')).toBe('');
    expect(await text(page, 'demo-linked-accounts')).toBe('email');
    expect(await serverFarcasterAccount(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('nobody approves: after 120 s on the paused page clock the modal times out, and Retry opens a new channel', async () => {
    const { custody, fid } = await farcasterUser('hopper');
    const { context, page, errors } = await fresh(desktop, {}, true);
    await chooseFarcaster(page);
    await page.clock.pauseAt(Date.now() + 1000);
    const first = await takeMeHref(page);
    const waiting = page.locator(`${id('lk-screen-farcaster-connect')}[data-status="waiting"]`);
    // 110 s on, the modal still reads the channel (its next read is due 2 s later)…
    let answered = await readsIdle(page, 1);
    await page.clock.fastForward(110_000);
    answered = await readsIdle(page, answered + 1);
    expect(await waiting.isVisible()).toBe(true);
    // …and at the first read past 120 s it gives up: the spec's failure, 'The request timed out. Try again.'
    await page.clock.fastForward(11_000);
    const status = page.locator(id('lk-screen-farcaster-status'));
    await expect.poll(() => status.getAttribute('data-status')).toBe('failure');
    expect(await pageReads(page)).toEqual({ begun: answered + 1, answered: answered + 1 });
    expect(await text(page, 'lk-farcaster-title')).toBe('Something went wrong');
    expect(await text(page, 'lk-farcaster-detail')).toBe('The request timed out. Try again.');
    expect(await text(page, 'demo-last-error')).toBe('login error: farcaster_polling_timeout');
    expect(await text(page, 'demo-authenticated')).toBe('false');

    await page.locator(id('lk-farcaster-retry')).click();
    await waiting.waitFor();
    const second = await takeMeHref(page);
    expect(second).not.toBe(first);
    // The new channel logs in once approved (the clock runs again for its reads and the close).
    await page.clock.resume();
    await loggedIn(page, appOf(custody, fid).approve({ authKey: relayKey, connectUri: second }));
    expect(await text(page, 'demo-farcaster-fid')).toBe(String(fid));
    expect(errors).toEqual([]);
    await context.close();
  });

  test("an auth address of the fid (KeyRegistry key type 2) signs in as the fid's user; another address is refused", async () => {
    const { custody, fid } = await farcasterUser('turing');
    const authAddress = privateKeyToAccount(generatePrivateKey());
    await chain.addAuthAddress(BigInt(fid), authAddress.address);

    const byAuth = await fresh();
    await chooseFarcaster(byAuth.page);
    const approval = appOf(authAddress, fid, 'authAddress').approve({
      authKey: relayKey,
      connectUri: await takeMeHref(byAuth.page),
    });
    await loggedIn(byAuth.page, approval);
    expect(await text(byAuth.page, 'demo-farcaster-fid')).toBe(String(fid));
    // The account's owner is the fid's custody address, whoever signed.
    expect(await text(byAuth.page, 'demo-farcaster-owner')).toBe(custody.address);
    await byAuth.context.close();

    const stranger = privateKeyToAccount(generatePrivateKey());
    const { context, page, errors } = await fresh();
    await chooseFarcaster(page);
    const first = await takeMeHref(page);
    const refused = await appOf(stranger, fid).approve({ authKey: relayKey, connectUri: first });
    // The relay takes the completion (the signer's authority is the login's to check)…
    expect(refused.status).toBe(201);
    // …and the server's login refuses it: the spec's error screen, then Retry back to the failure.
    await page.locator(id('lk-screen-error')).waitFor();
    expect(await text(page, 'lk-error-title')).toBe('Something went wrong');
    expect(await text(page, 'lk-error-detail')).toBe('Try again later');
    expect(await text(page, 'demo-last-error')).toBe('login error: invalid_credentials');
    expect(await text(page, 'demo-authenticated')).toBe('false');
    await page.locator(id('lk-error-retry')).click();
    const status = page.locator(id('lk-screen-farcaster-status'));
    await expect.poll(() => status.getAttribute('data-status')).toBe('failure');
    expect(await text(page, 'lk-farcaster-detail')).toBe(
      `The signer is neither the custody address nor an auth address of fid ${fid}.`,
    );
    // Its Retry opens a new channel, which the custody account then signs in on.
    await page.locator(id('lk-farcaster-retry')).click();
    await page.locator(`${id('lk-screen-farcaster-connect')}[data-status="waiting"]`).waitFor();
    const second = await takeMeHref(page);
    expect(second).not.toBe(first);
    await loggedIn(page, appOf(custody, fid).approve({ authKey: relayKey, connectUri: second }));
    expect(await text(page, 'demo-farcaster-fid')).toBe(String(fid));
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The demo's Mini App login: a nonce from `init`, a SIWF message the fid's custody account signs for it (as the host's `sdk.actions.signIn` would), then `button`. */
async function miniAppLogin(
  page: Page,
  user: { custody: PrivateKeyAccount; fid: number },
  button: 'demo-farcaster-v2-login' | 'demo-farcaster-mini-app-login',
) {
  const before = await text(page, 'demo-farcaster-v2-nonce');
  await page.locator(id('demo-farcaster-v2-init')).click();
  await expect.poll(() => text(page, 'demo-farcaster-v2-nonce')).not.toBe(before);
  const nonce = await text(page, 'demo-farcaster-v2-nonce');
  // The message's domain is the page's (one of the app's allowed domains), as the host signs it.
  const { message, signature } = await farcasterApp({ account: user.custody, fid: user.fid }).signInMessage({
    domain: new URL(stack.demo.url).host,
    uri: stack.demo.url,
    nonce,
  });
  await page.locator(id('demo-farcaster-v2-message')).fill(message);
  await page.locator(id('demo-farcaster-v2-signature')).fill(signature);
  await page.locator(id(button)).click();
  await expect.poll(() => text(page, 'demo-authenticated'), { timeout: 15_000 }).toBe('true');
  return nonce;
}

describe('Farcaster hooks in the browser (the demo, without the modal)', () => {
  test("useLoginWithFarcaster: the page shows the hook's connect URI; cancel stops the reads; approved, logged in", async () => {
    const { custody, fid } = await farcasterUser('mary');
    const { context, page, errors } = await fresh(desktop, {}, true);
    await page.locator(id('demo-farcaster-headless-login')).click();
    const link = page.locator(id('demo-farcaster-connect-uri'));
    await link.waitFor();
    const first = (await link.getAttribute('href'))!;
    expect(first).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=[2-9A-HJ-NP-Z]{32}$/);
    expect(await text(page, 'demo-farcaster-state')).toBe('loading');
    // No modal: the app's own screen.
    expect(await page.locator(id('lk-modal')).count()).toBe(0);
    // Read every 2 s on the page's clock; after cancel (as after an unmount) no read follows.
    await page.clock.pauseAt(Date.now() + 1000);
    let answered = await readsIdle(page, 1);
    await page.clock.fastForward(2000);
    answered = await readsIdle(page, answered + 1);
    await page.locator(id('demo-farcaster-cancel')).click();
    await expect.poll(() => text(page, 'demo-farcaster-state')).toBe('initial');
    await page.clock.fastForward(20_000);
    expect(await pageReads(page)).toEqual({ begun: answered, answered });
    await page.clock.resume();

    // A new channel, approved in the Farcaster app: the hook logs in.
    await page.locator(id('demo-farcaster-headless-login')).click();
    await link.waitFor();
    const second = (await link.getAttribute('href'))!;
    expect(second).not.toBe(first);
    const approval = await appOf(custody, fid).approve({ authKey: relayKey, connectUri: second });
    expect(approval.status).toBe(201);
    await expect.poll(() => text(page, 'demo-authenticated'), { timeout: 15_000 }).toBe('true');
    expect(await text(page, 'demo-farcaster-state')).toBe('done');
    expect(await text(page, 'demo-farcaster-fid')).toBe(String(fid));
    expect(await text(page, 'demo-last-event')).toBe(
      'login complete: method=farcaster new=true already=false',
    );
    expect(await serverFarcasterAccount(page)).toMatchObject({ fid, owner_address: custody.address });
    expect(await page.locator(id('lk-modal')).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('useLoginWithFarcasterV2 and useLoginToMiniApp: a nonce from init, the SIWF message signed for it, logged in', async () => {
    const user = await farcasterUser('ida');
    const { context, page, errors } = await fresh();
    // Bad input is refused in the page with a clear error, before any request.
    await page.locator(id('demo-farcaster-v2-login')).click();
    await expect
      .poll(() => text(page, 'demo-last-error'))
      .toBe(
        'farcasterV2Login: A Mini App login needs the signed SIWF message and its signature: { message, signature }',
      );

    await miniAppLogin(page, user, 'demo-farcaster-v2-login');
    expect(await text(page, 'demo-farcaster-fid')).toBe(String(user.fid));
    expect(await text(page, 'demo-farcaster-username')).toBe('ida');
    expect(await serverFarcasterAccount(page)).toMatchObject({
      fid: user.fid,
      owner_address: user.custody.address,
    });
    await expect.poll(() => text(page, 'demo-last-event')).toBe('farcasterV2Login done');

    // The same fid again through the incumbent's other hook: the same user, not a new one.
    const userId = await text(page, 'demo-user-id');
    await page.locator(id('demo-logout')).click();
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    await miniAppLogin(page, user, 'demo-farcaster-mini-app-login');
    expect(await text(page, 'demo-user-id')).toBe(userId);
    expect(await text(page, 'demo-farcaster-fid')).toBe(String(user.fid));
    expect(errors).toEqual([]);
    await context.close();
  });

  test('account transfer: a second user links an fid the first has, transfers it in the modal, then unlinks it with useUnlinkFarcaster', async () => {
    const user = await farcasterUser('emmy');
    const first = await fresh();
    await miniAppLogin(first.page, user, 'demo-farcaster-v2-login');
    const firstToken = await demoAccessToken(first.page);
    await first.context.close();

    const { context, page, errors } = await fresh();
    const email = 'farcaster.taker@example.com';
    await openLogin(page);
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    await page.locator(id('demo-link-farcaster')).click();
    await page.locator(`${id('lk-screen-farcaster-connect')}[data-status="waiting"]`).waitFor();
    const approval = await appOf(user.custody, user.fid).approve({
      authKey: relayKey,
      connectUri: await takeMeHref(page),
    });
    expect(approval.status).toBe(201);
    await page.locator(id('lk-screen-transfer')).waitFor({ timeout: 15_000 });
    expect(await text(page, 'lk-screen-transfer')).toContain('Farcaster is associated with another account');
    expect(await text(page, 'lk-transfer-account')).toBe(String(user.fid));
    await page.locator(id('lk-transfer-confirm')).click();
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-farcaster-fid')).toBe(String(user.fid));
    // The account moved as it was (its row, first verified before the email).
    expect(await text(page, 'demo-linked-accounts')).toBe('farcaster, email');
    expect(await text(page, 'demo-last-event')).toBe('link complete: method=farcaster');
    expect(await serverFarcasterAccount(page)).toMatchObject({
      fid: user.fid,
      owner_address: user.custody.address,
    });
    // The first user was deleted with the transfer: its access token is refused.
    expect((await usersMe(stack, appId, firstToken)).status).toBe(401);

    await page.locator(id('demo-unlink-farcaster-hook')).click();
    await expect.poll(() => text(page, 'demo-farcaster-fid')).toBe('');
    await expect.poll(() => text(page, 'demo-last-event')).toBe('useUnlinkFarcaster done');
    expect(await text(page, 'demo-linked-accounts')).toBe('email');
    expect(await serverFarcasterAccount(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
