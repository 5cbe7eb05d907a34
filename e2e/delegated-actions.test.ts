/**
 * Delegated actions through @latchkey/react on the real server: an email login creates the wallets,
 * the demo's `useDelegatedActions` asks 'Enable offline access' in the modal; 'Not now' declines, Accept
 * has the wallet frame seal the wallet's key to the server, after which the app's backend (its key
 * quorum, the app's `delegated_actions_signer_id`) signs with the wallet while the page does nothing;
 * 'Revoke offline access to wallet' ends that. The host page never sees the key.
 */

import { generateKeyPairSync, sign } from 'node:crypto';
import { authorizationPayload } from '@latchkey/protocol';
import { emailLoginCreatingWallets, id, pageHtml, type Stack, startStack, text } from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Creation and the consent run in the frame with server round trips: allow for them. */
const walletTimeout = 60_000;

describe('delegated actions in the browser', () => {
  let stack: Stack;
  let appId: string;
  let page: Page;
  let pageErrors: string[];
  let ethereum: `0x${string}`;
  const signer = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

  /** A call of the app's backend: its secret, and signed by its key when `signed`. */
  async function backend(method: 'GET' | 'POST', path: string, body?: unknown, signed = false) {
    const headers: Record<string, string> = {
      'privy-app-id': appId,
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${appId}:${stack.appSecret(appId)}`).toString('base64')}`,
    };
    if (signed) {
      const payload = authorizationPayload({
        method: 'POST',
        url: `${stack.server.origin}${path}`,
        body,
        headers: { 'privy-app-id': appId },
      });
      headers['privy-authorization-signature'] = sign('sha256', payload, signer.privateKey).toString(
        'base64',
      );
    }
    const res = await stack.server.fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** The server wallet of the delegated Ethereum wallet, as the app's backend lists them. */
  async function delegatedWalletId(): Promise<string | undefined> {
    const list = await backend('GET', '/api/v1/wallets?chain_type=ethereum');
    const wallets = (list.body.data ?? []) as { id: string; address: string }[];
    return wallets.find((w) => w.address.toLowerCase() === ethereum.toLowerCase())?.id;
  }

  const personalSign = (walletId: string, message: string) =>
    backend(
      'POST',
      `/v1/wallets/${walletId}/rpc`,
      { method: 'personal_sign', params: { message, encoding: 'utf-8' } },
      true,
    );

  const delegated = () => page.locator(id('demo-delegate-ethereum')).getAttribute('data-delegated');

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: {
        ethereum: { create_on_login: 'users-without-wallets' },
        solana: { create_on_login: 'users-without-wallets' },
      },
    });
    const quorum = await backend('POST', '/api/v1/key_quorums', {
      public_keys: [signer.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')],
      authorization_threshold: 1,
    });
    expect(quorum.status).toBe(200);
    await stack.server.updateApp(appId, { delegated_actions_signer_id: quorum.body.id });
    ({ page, errors: pageErrors } = await stack.newPage());
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('an email login creates the wallet the delegate button uses', async () => {
    await page.goto(stack.demoUrl(appId));
    await emailLoginCreatingWallets(page, stack.smtp, 'delegating.user@example.com', walletTimeout);
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
    expect(await delegatedWalletId()).toBeUndefined();
  });

  test('Accept delegates: the success closes by itself and the backend signs with the wallet', async () => {
    await page.locator(id('demo-delegate-ethereum')).click();
    await page
      .locator(id('lk-screen-delegation-consent'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await page.locator(id('lk-delegation-accept')).click();
    const result = page.locator(id('lk-screen-delegation-result'));
    await result.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.textContent()).toContain(
      "You've successfully granted delegated action permissions to Latchkey e2e.",
    );
    // Closed after 2.5 s, with no click.
    await page.locator(id('lk-modal')).waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => delegated()).toBe('true');
    expect(await text(page, 'demo-last-error')).toBe('');

    const walletId = await delegatedWalletId();
    expect(walletId).toBeTruthy();
    const message = 'signed while the user is away';
    const signed = await personalSign(walletId!, message);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const signature = (signed.body.data as { signature: `0x${string}` }).signature;
    expect(await verifyMessage({ address: ethereum, message, signature })).toBe(true);
  });

  test("session signers: the frame's own key for the session signs the user's change of them", async () => {
    const walletId = (await delegatedWalletId())!;
    const agent = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const quorum = await backend('POST', '/api/v1/key_quorums', {
      public_keys: [agent.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')],
      authorization_threshold: 1,
    });
    const signers = async () =>
      ((await backend('GET', `/api/v1/wallets/${walletId}`)).body.additional_signers ?? []) as {
        signer_id: string;
      }[];
    await page.locator(id('demo-session-signer-id')).fill(quorum.body.id as string);
    await page.locator(id('demo-add-session-signer')).click();
    await expect
      .poll(() => text(page, 'demo-last-event'), { timeout: walletTimeout })
      .toBe('addSessionSigners done');
    expect((await signers()).map((s) => s.signer_id)).toContain(quorum.body.id);
    await page.locator(id('demo-remove-session-signers')).click();
    await expect
      .poll(() => text(page, 'demo-last-event'), { timeout: walletTimeout })
      .toBe('removeSessionSigners done');
    expect(await signers()).toEqual([]);
    expect(await text(page, 'demo-last-error')).toBe('');
  });

  test("'Revoke offline access to wallet': Confirm revokes, and the backend signs no more", async () => {
    const walletId = (await delegatedWalletId())!;
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
    expect((await personalSign(walletId, 'too late')).status).not.toBe(200);
  });

  test('the page never saw a private key, and logged no error', async () => {
    const html = await pageHtml(page);
    expect(html).not.toMatch(/0x[0-9a-f]{64}/);
    expect(pageErrors).toEqual([]);
  });
});
