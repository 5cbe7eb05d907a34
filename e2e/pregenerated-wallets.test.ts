/**
 * Pregenerated wallets in the browser: a user who signed up without a wallet gets an Ethereum and a
 * Solana wallet from the app's backend (`POST /api/v1/apps/:app_id/users/wallet`, the app secret),
 * then logs in to the demo in Chromium. The SDK finds the wallets (no 'Creating your wallet'), the
 * frame claims them by the automatic `privy` recovery, and the demo's signatures verify for the
 * pregenerated addresses. The device share the frame made is in the frame origin's storage only.
 */

import { embeddedDemoMessage } from '@latchkey/demo/testing';
import { createApp } from '@latchkey/server';
import {
  codeFromMail,
  enterCode,
  id,
  modalClosed,
  openLogin,
  type Stack,
  startStack,
  submitEmail,
  text,
} from '@latchkey/test/e2e';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import type { BrowserContext, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Recovery runs server round trips and PBKDF2 in the frame: allow for them. */
const walletTimeout = 60_000;

interface WireWallet {
  type: string;
  address: string;
  chain_type: string;
  connector_type?: string;
}

describe('pregenerated wallets in the browser', () => {
  let stack: Stack;
  let appId: string;
  let secret: string;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    stack = await startStack();
    // Made here rather than with stack.createApp: the backend's calls need the app secret.
    ({
      app: { id: appId },
      secret,
    } = await createApp(stack.server.ctx, {
      name: 'Latchkey e2e',
      allowedDomains: [stack.demo.url],
      patch: {
        email_auth: true,
        // Users without wallets get them at login: a pregenerated user must not get another.
        embedded_wallet_config: {
          ethereum: { create_on_login: 'users-without-wallets' },
          solana: { create_on_login: 'users-without-wallets' },
        },
      },
    }));
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await stack?.close();
  });

  /** The app's API as the demo's origin calls it. */
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stack.server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'privy-app-id': appId,
        origin: stack.demo.url,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** A user who signed up by email some time ago (through the API), without a wallet. */
  async function signUp(email: string): Promise<string> {
    expect((await post('/api/v1/passwordless/init', { email })).status).toBe(200);
    const code = await codeFromMail(stack.smtp, email);
    const auth = await post('/api/v1/passwordless/authenticate', { email, code });
    expect(auth.status).toBe(200);
    const user = auth.body.user as { id: string; linked_accounts: WireWallet[] };
    expect(user.linked_accounts.filter((a) => a.type === 'wallet')).toEqual([]);
    return user.id;
  }

  async function ethereumSignature(page: Page): Promise<`0x${string}`> {
    const approve = page.getByRole('button', { name: 'Sign and continue' });
    await expect
      .poll(
        async () => {
          if (await approve.isVisible()) await approve.click();
          return text(page, 'demo-embedded-signature');
        },
        { timeout: walletTimeout },
      )
      .toMatch(/^0x/);
    return (await text(page, 'demo-embedded-signature')) as `0x${string}`;
  }

  async function solanaSignature(page: Page): Promise<Uint8Array> {
    const approve = page.getByRole('button', { name: 'Sign and continue' });
    await expect
      .poll(
        async () => {
          if (await approve.isVisible()) await approve.click();
          return text(page, 'demo-embedded-solana-signature');
        },
        { timeout: walletTimeout },
      )
      .not.toBe('');
    return base64.decode(await text(page, 'demo-embedded-solana-signature'));
  }

  test('the backend pregenerates; the user logs in to the demo and signs with both wallets', async () => {
    const email = 'pregenerated.user@example.com';
    const userId = await signUp(email);

    const basic = `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;
    const made = await post(
      `/api/v1/apps/${appId}/users/wallet`,
      { user_id: userId, create_ethereum_wallet: true, create_solana_wallet: true },
      { authorization: basic },
    );
    expect(made.status).toBe(200);
    const wallets = (made.body.linked_accounts as WireWallet[]).filter((a) => a.type === 'wallet');
    const ethereum = wallets.find((w) => w.chain_type === 'ethereum')!.address as `0x${string}`;
    const solana = wallets.find((w) => w.chain_type === 'solana')!.address;

    // The user's first login since, on a new device.
    const device = await stack.newPage();
    context = device.context;
    const { page } = device;
    await page.goto(stack.demoUrl(appId));
    await openLogin(page);
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(stack.smtp, email));
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-embedded-ethereum-0')).toBe(ethereum);
    expect(await text(page, 'demo-embedded-solana-0')).toBe(solana);
    expect(await page.locator(id('lk-screen-embedded-creating')).count()).toBe(0);

    await page.locator(id('demo-sign-embedded')).click();
    const signature = await ethereumSignature(page);
    expect(await verifyMessage({ address: ethereum, message: embeddedDemoMessage, signature })).toBe(true);

    await page.locator(id('demo-sign-embedded-solana')).click();
    const solanaSigned = await solanaSignature(page);
    await modalClosed(page);
    expect(
      ed25519.verify(solanaSigned, new TextEncoder().encode(embeddedDemoMessage), base58.decode(solana)),
    ).toBe(true);

    // The frame made and keeps its own device share, in its origin's storage only.
    const frame = page.frames().find((f) => f.url().startsWith(`${stack.server.url}/apps/`))!;
    const frameStorage = await frame.evaluate(() => ({ ...localStorage }));
    expect(Object.keys(frameStorage).sort()).toEqual(
      [`latchkey:device-share:${appId}:${ethereum}`, `latchkey:device-share:${appId}:${solana}`].sort(),
    );
    const host = await page.evaluate(() => ({ ...localStorage, ...sessionStorage }));
    expect(Object.keys(host).filter((key) => key.includes('device-share'))).toEqual([]);
    // Still the two pregenerated wallets, no other.
    const accounts = await stack.server.ctx.db
      .selectFrom('linked_accounts')
      .select('identifier')
      .where('app_id', '=', appId)
      .where('type', '=', 'wallet')
      .execute();
    expect(accounts).toHaveLength(2);
    expect(device.errors).toEqual([]);
  });
});
