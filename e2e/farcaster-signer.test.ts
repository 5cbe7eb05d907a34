/**
 * The Farcaster signer in Chromium (spec document 1 §2–§5): a user with an embedded wallet and a
 * linked Farcaster account asks for a signer from the demo (`useFarcasterSigner`); the modal shows
 * 'Add a signer to Farcaster' with the signed key request's link; the user's Farcaster app approves
 * it on the local chain 10 (the signed-key-request stand-in runs `KeyGateway.add` from their custody
 * address); the modal closes and the user's account shows the signer. A real CastAdd
 * (`@farcaster/core`) is signed through the wallet frame and validates with the signer's key. A key
 * removed on chain shows 'Request rejected', whose Retry asks for the next signer; five minutes
 * without approval ('Connect failed' / 'The request timed out. Try again.') on the paused page clock.
 */

import {
  CastType,
  Ed25519Signer,
  FarcasterNetwork,
  Message,
  makeCastAdd,
  validations,
} from '@farcaster/core';
import { type FarcasterChain, startFarcasterChain } from '@latchkey/test/chains';
import {
  countReads,
  demoAccessToken,
  demoState,
  emailLoginCreatingWallets,
  id,
  modalClosed,
  readsIdle,
  type Stack,
  startStack,
  text,
  usersMe,
} from '@latchkey/test/e2e';
import { testAdminKey } from '@latchkey/test/server';
import {
  farcasterApp,
  type SignedKeyRequestStandIn,
  startSignedKeyRequestStandIn,
} from '@latchkey/test/stand-ins';
import { ok } from 'neverthrow';
import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const relayKey = 'e2e-farcaster-signer-relay-key-0123';
const desktop = { width: 1280, height: 800 };

let chain: FarcasterChain;
let warpcast: SignedKeyRequestStandIn;
let stack: Stack;
let appId: string;

beforeAll(async () => {
  chain = await startFarcasterChain();
  warpcast = await startSignedKeyRequestStandIn({ chain });
  stack = await startStack({
    rpcUrls: { 'eip155:10': chain.url },
    farcaster: { relayKey, signerApiUrl: warpcast.url },
  });
  appId = await stack.createApp({
    email_auth: true,
    farcaster_auth: true,
    embedded_wallet_config: { ethereum: { create_on_login: 'users-without-wallets' } },
  });
  // The app's own Farcaster account, which files the signed key requests.
  const appCustodyKey = generatePrivateKey();
  const appCustody = privateKeyToAccount(appCustodyKey);
  const appFid = await chain.registerFid(appCustody);
  const set = await stack.server.fetch(`/admin/v1/apps/${appId}/farcaster_identity`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fid: Number(appFid), custody_private_key: appCustodyKey }),
  });
  expect(set.status, await set.clone().text()).toBe(200);
});
afterAll(async () => {
  await stack?.close();
  await warpcast?.close();
  await chain?.stop();
});

/**
 * A user logged in by email (an embedded wallet made on login) who linked a Farcaster account of
 * their own (a custody account registered with a fid on the chain), through the modal's QR screen.
 */
async function farcasterUser(name: string, clock = false) {
  const custody = privateKeyToAccount(generatePrivateKey());
  const fid = Number(await chain.registerFid(custody));
  const opened = await stack.newPage(desktop);
  const { page } = opened;
  if (clock) {
    await page.addInitScript(countReads, '/api/v1/farcaster/signer/status');
    await page.clock.install();
  }
  await page.goto(stack.demoUrl(appId));
  await demoState(page);
  await emailLoginCreatingWallets(page, stack.smtp, `${name}@example.com`);
  await page.locator(id('demo-link-farcaster')).click();
  await page.locator(`${id('lk-screen-farcaster-connect')}[data-status="waiting"]`).waitFor();
  const connectUri = await page.locator(id('lk-farcaster-take-me')).getAttribute('href');
  const approval = await farcasterApp({
    relayUrl: `${stack.server.url}/farcaster-relay`,
    account: custody,
    fid,
  }).approve({ authKey: relayKey, connectUri: connectUri! });
  expect(approval.status).toBe(201);
  await expect.poll(() => text(page, 'demo-farcaster-fid'), { timeout: 15_000 }).toBe(String(fid));
  await modalClosed(page);
  return { ...opened, custody, fid };
}

/** The demo's 'Add a Farcaster signer': the modal's screen, waiting for approval, and its request. */
async function requestSigner(page: Page) {
  const before = warpcast.requests.length;
  await page.locator(id('demo-farcaster-signer-request')).click();
  await page.locator(id('lk-screen-farcaster-signer')).waitFor({ timeout: 30_000 });
  expect(warpcast.requests).toHaveLength(before + 1);
  return warpcast.requests.at(-1)!;
}

/** The server's farcaster account of the page's user. */
async function serverFarcasterAccount(page: Page) {
  const { user } = await usersMe(stack, appId, await demoAccessToken(page));
  return user?.linked_accounts.find((account) => account.type === 'farcaster') ?? null;
}

/** `@farcaster/core`'s signer, signing through the demo's page (`useFarcasterSigner`), in the wallet frame. */
class PageSigner extends Ed25519Signer {
  private readonly page: Page;
  private readonly publicKey: Uint8Array;
  constructor(page: Page, publicKey: Uint8Array) {
    super();
    this.page = page;
    this.publicKey = publicKey;
  }
  override async getSignerKey() {
    return ok(this.publicKey);
  }
  override async signMessageHash(hash: Uint8Array) {
    await this.page.locator(id('demo-farcaster-hash')).fill(Buffer.from(hash).toString('hex'));
    await this.page.locator(id('demo-farcaster-signature')).evaluate((node) => {
      node.textContent = '';
    });
    await this.page.locator(id('demo-farcaster-sign')).click();
    await expect
      .poll(() => text(this.page, 'demo-farcaster-signature'), { timeout: 15_000 })
      .toMatch(/^[0-9a-f]{128}$/);
    return ok(Uint8Array.from(Buffer.from(await text(this.page, 'demo-farcaster-signature'), 'hex')));
  }
}

/** A cast by `fid`, signed through the page; the message as `@farcaster/core` builds it. */
async function castFrom(page: Page, fid: number, publicKey: Uint8Array, words: string) {
  const made = await makeCastAdd(
    {
      text: words,
      embeds: [],
      embedsDeprecated: [],
      mentions: [],
      mentionsPositions: [],
      type: CastType.CAST,
    },
    { fid, network: FarcasterNetwork.MAINNET },
    new PageSigner(page, publicKey),
  );
  if (made.isErr()) throw made.error;
  return made.value;
}

describe('the Farcaster signer in the browser', () => {
  test('requested on a computer (QR and link), approved in the Farcaster app: the modal closes, and a cast signed in the frame validates', async () => {
    const { context, page, errors, custody, fid } = await farcasterUser('signer.ada');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.demo.url });
    const request = await requestSigner(page);
    const screen = page.locator(id('lk-screen-farcaster-signer'));
    expect(await screen.locator('h2').textContent()).toBe('Add a signer to Farcaster');
    expect(await screen.textContent()).toContain(
      'This will allow Latchkey e2e to add casts, likes, follows, and more on your behalf.',
    );
    // The QR code (275 px) holds the request's link, which 'Copy link' copies.
    const qr = page.locator(id('lk-farcaster-signer-qr'));
    expect(await qr.getAttribute('width')).toBe('275');
    const approvalUrl = `farcaster://signed-key-request?token=${request.token}`;
    expect(await qr.getAttribute('data-value')).toBe(approvalUrl);
    await page.locator(id('lk-farcaster-signer-copy')).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(approvalUrl);
    // The request names the user's key, filed by the app's fid.
    expect(request.key).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await text(page, 'demo-farcaster-signer-key')).toBe('');

    await warpcast.approve(request.token, custody);
    const status = page.locator(id('lk-screen-farcaster-signer-status'));
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('success');
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-farcaster-signer-key')).toBe(request.key);
    expect(await serverFarcasterAccount(page)).toMatchObject({ fid, signer_public_key: request.key });
    const keyData = await chain.keyDataOf(BigInt(fid), request.key);
    expect(keyData).toMatchObject({ state: 1, keyType: 1 });

    // The hook's public key is the approved one; a real cast signed through the frame validates.
    await page.locator(id('demo-farcaster-signer-public-key')).click();
    await expect.poll(() => text(page, 'demo-farcaster-signer-read-key')).toBe(request.key.slice(2));
    const publicKey = Uint8Array.from(Buffer.from(request.key.slice(2), 'hex'));
    const cast = await castFrom(page, fid, publicKey, 'gm from the Latchkey wallet frame');
    expect(Buffer.from(cast.signer).toString('hex')).toBe(request.key.slice(2));
    expect((await validations.validateMessage(cast)).isOk()).toBe(true);
    const tampered = Message.decode(Message.encode(cast).finish());
    tampered.signature[0]! ^= 1;
    expect((await validations.validateMessage(tampered)).isErr()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the key removed while waiting: 'Request rejected'; Retry asks for the next signer, which is approved", async () => {
    const { context, page, errors, custody, fid } = await farcasterUser('signer.grace');
    const first = await requestSigner(page);
    // The user adds the key and removes it before the modal's next read: the key is gone for good.
    await warpcast.approve(first.token, custody);
    await warpcast.revoke(first.token);
    const status = page.locator(id('lk-screen-farcaster-signer-status'));
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('failure');
    expect(await text(page, 'lk-farcaster-signer-title')).toBe('Request rejected');
    expect(await text(page, 'lk-farcaster-signer-detail')).toBe(
      'The request was rejected. Please try again.',
    );

    await page.locator(id('lk-farcaster-signer-retry')).click();
    await page.locator(id('lk-screen-farcaster-signer')).waitFor();
    const second = warpcast.requests.at(-1)!;
    expect(second.token).not.toBe(first.token);
    expect(second.key).not.toBe(first.key);
    await warpcast.approve(second.token, custody);
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('success');
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-farcaster-signer-key')).toBe(second.key);
    // The new signer signs; the removed one is never used again.
    const cast = await castFrom(
      page,
      fid,
      Uint8Array.from(Buffer.from(second.key.slice(2), 'hex')),
      'second try',
    );
    expect((await validations.validateMessage(cast)).isOk()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("nobody approves: after 5 minutes on the paused page clock, 'Connect failed' / 'The request timed out. Try again.'", async () => {
    const { context, page, errors } = await farcasterUser('signer.hopper', true);
    await requestSigner(page);
    await page.clock.pauseAt(Date.now() + 1000);
    let answered = await readsIdle(page, 0);
    const status = page.locator(id('lk-screen-farcaster-signer-status'));
    // 290 s on, the request is still read (its link still on screen)…
    await page.clock.fastForward(290_000);
    answered = await readsIdle(page, answered + 1);
    expect(await page.locator(id('lk-screen-farcaster-signer')).isVisible()).toBe(true);
    // …and at the first read past 300 s the modal gives up, one read every 2 s until then.
    for (let step = 0; step < 10 && !(await status.isVisible()); step += 1) {
      await page.clock.runFor(2000);
      answered = await readsIdle(page, answered + 1).catch(() => answered);
    }
    await expect.poll(() => status.getAttribute('data-status')).toBe('failure');
    expect(await text(page, 'lk-farcaster-signer-title')).toBe('Connect failed');
    expect(await text(page, 'lk-farcaster-signer-detail')).toBe('The request timed out. Try again.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
