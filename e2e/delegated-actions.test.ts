/**
 * Delegated actions through @latchkey/react on the real server, with the app's backend on
 * `@latchkey/node` and a real EVM node (hardhat): an email login creates the wallets; the demo's
 * `useDelegatedActions` asks 'Enable offline access' in the modal; 'Not now' declines with the spec's
 * error; Accept has the wallet frame seal the wallet's key to the server. The user logs out and closes
 * the page, and the backend, with its key quorum's signature (the app's `delegated_actions_signer_id`),
 * signs a message and sends a transaction that the node mines; with the app secret alone, or another
 * key, nothing signs. Back on the page, the user adds and removes a session signer (the frame's own key
 * signs the change), then revokes: the next backend signature is refused at once. Delegated again with
 * a lifetime, the backend's signature is refused once `expires_at` has passed. The page never sees a key.
 */

import { generateKeyPairSync } from 'node:crypto';
import { ApiError, generateAuthorizationKeyPair, LatchkeyClient } from '@latchkey/node';
import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import {
  codeFromMail,
  emailLoginCreatingWallets,
  enterCode,
  id,
  modalClosed,
  openLogin,
  pageHtml,
  type Stack,
  startStack,
  submitEmail,
  text,
} from '@latchkey/test/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { createPublicClient, http, parseEther, verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Creation and the consent run in the frame with server round trips: allow for them. */
const walletTimeout = 60_000;
const email = 'delegating.user@example.com';

describe('delegated actions in the browser, signed for by the backend while the user is away', () => {
  let stack: Stack;
  let evm: EvmNode;
  let appId: string;
  let latchkey: LatchkeyClient;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let firstPageErrors: string[] = [];
  let ethereum: `0x${string}`;
  let walletId: string;
  /** The app's authorization key: its key quorum is the signer of every delegated wallet. */
  const appKey = generateAuthorizationKeyPair();
  const signed = { authorizationContext: { authorizationPrivateKeys: [appKey.privateKey] } };

  /** The demo's view of the Ethereum wallet's `delegated` flag, as the server's user says. */
  const delegated = () => page.locator(id('demo-delegate-ethereum')).getAttribute('data-delegated');

  /** The code of the backend call's refusal. */
  async function refusal(call: Promise<unknown>): Promise<string> {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).code;
  }

  /** A new page of the same browser (the same device: its share and key stay), on the demo. */
  async function openDemo(): Promise<void> {
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(stack.demoUrl(appId));
  }

  /** Answers the consent question (Accept) and waits for the result to close by itself. */
  async function accept(): Promise<void> {
    await page.locator(id('demo-delegate-ethereum')).click();
    await page
      .locator(id('lk-screen-delegation-consent'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-delegation-accept')).click();
    await page
      .locator(id('lk-screen-delegation-result'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-modal')).waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => delegated()).toBe('true');
  }

  beforeAll(async () => {
    [stack, evm] = await Promise.all([startStack(), startEvmNode()]);
    appId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: {
        ethereum: { create_on_login: 'users-without-wallets' },
        solana: { create_on_login: 'users-without-wallets' },
      },
    });
    latchkey = new LatchkeyClient({ appId, appSecret: stack.appSecret(appId), apiUrl: stack.server.origin });
    const quorum = await latchkey.keyQuorums.create({ public_keys: [appKey.publicKey] });
    await stack.server.updateApp(appId, {
      delegated_actions_signer_id: quorum.id,
      rpc_urls: { 'eip155:31337': evm.url },
    });
    const first = await stack.newPage();
    ({ context, page } = first);
    firstPageErrors = first.errors;
    await page.goto(stack.demoUrl(appId));
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await Promise.all([stack?.close(), evm?.stop()]);
  });

  test('an email login creates the wallet the delegate button uses', async () => {
    await emailLoginCreatingWallets(page, stack.smtp, email, walletTimeout);
    await expect.poll(() => text(page, 'demo-embedded-ethereum-0')).toMatch(/^0x[0-9a-fA-F]{40}$/);
    ethereum = (await text(page, 'demo-embedded-ethereum-0')) as `0x${string}`;
    expect(await delegated()).toBe('false');
  });

  test("'Not now' declines: the hook rejects with the spec's message, nothing is delegated", async () => {
    await page.locator(id('demo-delegate-ethereum')).click();
    const consent = page.locator(id('lk-screen-delegation-consent'));
    await consent.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await consent.locator('h2').textContent()).toBe('Enable offline access');
    await page.locator(id('lk-delegation-decline')).click();
    await page.locator(id('lk-modal')).waitFor({ state: 'hidden' });
    await expect
      .poll(() => text(page, 'demo-last-error'))
      .toBe('delegateWallet ethereum: User declined delegating actions.');
    const user = await latchkey.getUserByEmail(email);
    const wallets = [];
    for await (const wallet of latchkey.wallets.list({ user_id: user!.id })) wallets.push(wallet);
    expect(wallets).toEqual([]);
  });

  test('Accept: the success text, the modal closes by itself, then the user logs out and leaves', async () => {
    await page.locator(id('demo-delegate-ethereum')).click();
    await page
      .locator(id('lk-screen-delegation-consent'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-delegation-accept')).click();
    const result = page.locator(id('lk-screen-delegation-result'));
    await result.waitFor({ state: 'visible', timeout: walletTimeout });
    const shownAt = Date.now();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.textContent()).toContain(
      "You've successfully granted delegated action permissions to Latchkey e2e.",
    );
    // Closed after 2.5 s, with no click.
    await page.locator(id('lk-modal')).waitFor({ state: 'hidden', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_000);
    await expect.poll(() => delegated()).toBe('true');
    expect(await text(page, 'demo-last-error')).toBe('');
    // A delegation outlives the user's logout: that is what it is for.
    await page.locator(id('demo-logout')).click();
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    expect(await pageHtml(page)).not.toMatch(/0x[0-9a-f]{64}/);
    await page.close();
  });

  test('with the page closed, the backend signs and sends with its signature, and never without it', async () => {
    const user = await latchkey.getUserByEmail(email);
    const wallets = [];
    for await (const wallet of latchkey.wallets.list({ user_id: user!.id })) wallets.push(wallet);
    const wallet = wallets.find((w) => w.address.toLowerCase() === ethereum.toLowerCase());
    expect(wallet?.additional_signers.map((s) => s.signer_id)).toHaveLength(1);
    walletId = wallet!.id;

    const { signature } = await latchkey.wallets.ethereum.signMessage(walletId, 'while you are away', signed);
    const ok = await verifyMessage({
      address: ethereum,
      message: 'while you are away',
      signature: signature as `0x${string}`,
    });
    expect(ok).toBe(true);
    // The app secret alone, or a key that is not the app's signer, signs nothing.
    expect(await refusal(latchkey.wallets.ethereum.signMessage(walletId, 'no'))).toBe('invalid_credentials');
    const stranger = generateAuthorizationKeyPair();
    const strangers = { authorizationContext: { authorizationPrivateKeys: [stranger.privateKey] } };
    expect(await refusal(latchkey.wallets.ethereum.signMessage(walletId, 'no', strangers))).toBe(
      'invalid_credentials',
    );

    // Funded from hardhat's first (unlocked) account, the wallet pays on its own.
    const [funder] = (await evm.rpc('eth_accounts')) as string[];
    await evm.rpc('eth_sendTransaction', [{ from: funder, to: ethereum, value: '0xde0b6b3a7640000' }]);
    const recipient = '0x000000000000000000000000000000000000dEaD';
    const sent = await latchkey.wallets.ethereum.sendTransaction(
      walletId,
      {
        caip2: 'eip155:31337',
        transaction: { to: recipient, value: `0x${parseEther('0.01').toString(16)}` },
      },
      signed,
    );
    const chain = createPublicClient({ transport: http(evm.url) });
    const receipt = await chain.waitForTransactionReceipt({ hash: sent.hash as `0x${string}` });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(ethereum.toLowerCase());
    expect(await chain.getBalance({ address: recipient })).toBeGreaterThanOrEqual(parseEther('0.01'));
  });

  test("back on the page, session signers: the frame's own key signs the user's change of them", async () => {
    await openDemo();
    await openLogin(page);
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    await expect.poll(() => delegated()).toBe('true');

    const agent = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const quorum = await latchkey.keyQuorums.create({
      public_keys: [agent.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')],
    });
    const signers = async () =>
      (await latchkey.wallets.get(walletId)).additional_signers.map((s) => s.signer_id);
    const before = await signers();
    await page.locator(id('demo-session-signer-id')).fill(quorum.id);
    await page.locator(id('demo-add-session-signer')).click();
    await expect
      .poll(() => text(page, 'demo-last-event'), { timeout: walletTimeout })
      .toBe('addSessionSigners done');
    expect(await signers()).toEqual([...before, quorum.id]);
    await page.locator(id('demo-remove-session-signers')).click();
    await expect
      .poll(() => text(page, 'demo-last-event'), { timeout: walletTimeout })
      .toBe('removeSessionSigners done');
    expect(await signers()).toEqual([]);
    expect(await text(page, 'demo-last-error')).toBe('');
  });

  test("'Revoke offline access to wallet': Confirm revokes, and the backend's next signature is refused", async () => {
    // The session signers' removal took the app's signer with it: the wallet is still delegated,
    // but nothing but the user signs for it until the user consents again.
    expect(await refusal(latchkey.wallets.ethereum.signMessage(walletId, 'no signer', signed))).toBe(
      'invalid_credentials',
    );
    await page.locator(id('demo-revoke-wallets')).click();
    const question = page.locator(id('lk-screen-delegation-revoke'));
    await question.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await question.locator('h2').textContent()).toBe('Revoke offline access to wallet');
    await page.locator(id('lk-delegation-accept')).click();
    const result = page.locator(id('lk-screen-delegation-result'));
    await result.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await result.textContent()).toContain("You've successfully revoked permissions.");
    await page.locator(id('lk-modal')).waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => delegated()).toBe('false');
    expect(await refusal(latchkey.wallets.ethereum.signMessage(walletId, 'too late', signed))).toBe(
      'user_has_not_delegated_wallet',
    );
  });

  test('delegated again with a lifetime: the same wallet id signs, and is refused once expires_at passed', async () => {
    await stack.server.updateApp(appId, { delegated_actions_ttl_seconds: 120 });
    await accept();
    await latchkey.wallets.ethereum.signMessage(walletId, 'within the lifetime', signed);
    stack.server.advance(121);
    expect(await refusal(latchkey.wallets.ethereum.signMessage(walletId, 'after it', signed))).toBe(
      'user_has_not_delegated_wallet',
    );
  });

  test('the page never saw a private key, and logged no error', async () => {
    expect(await pageHtml(page)).not.toMatch(/0x[0-9a-f]{64}/);
    expect([...firstPageErrors, ...pageErrors]).toEqual([]);
  });
});
