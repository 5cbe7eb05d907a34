/**
 * Account transfer in the browser: linking an email or a wallet another user holds shows
 * '{method} is associated with another account'; 'No thanks' leaves everything as it was, 'Transfer
 * and delete account' moves the account here and the other user is gone (its token refused).
 */

import {
  codeFromMail,
  codeFromSms,
  demoAccessToken,
  enterCode,
  id,
  linkedWallets,
  modalClosed,
  openLogin,
  openWalletLogin,
  pickWallet,
  type Stack,
  startStack,
  submitEmail,
  submitPhone,
  text,
  usersMe,
} from '@latchkey/test/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installEip6963Wallets } from './wallets/eip6963-wallet.ts';

describe('account transfer in the browser', () => {
  let stack: Stack;
  let appId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({ email_auth: true, sms_auth: true, wallet_auth: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await stack?.close();
  });

  async function page(): Promise<{ context: BrowserContext; page: Page }> {
    const fresh = await stack.newPage();
    contexts.push(fresh.context);
    return fresh;
  }

  async function loginWithEmail(target: Page, email: string): Promise<void> {
    await target.goto(stack.demoUrl(appId));
    await openLogin(target);
    await submitEmail(target, email);
    await enterCode(target, await codeFromMail(stack.smtp, email));
    await modalClosed(target);
    await expect.poll(() => text(target, 'demo-authenticated')).toBe('true');
  }

  test('an email: No thanks keeps it where it is; Transfer moves it and deletes the other user', async () => {
    const shared = 'shared@example.com';
    const other = (await page()).page;
    await loginWithEmail(other, shared);
    const otherToken = await demoAccessToken(other);

    const { page: mine } = await page();
    await mine.goto(stack.demoUrl(appId));
    await openLogin(mine);
    await submitPhone(mine, '2015550123');
    await enterCode(mine, await codeFromSms(stack.twilio, '+12015550123'));
    await modalClosed(mine);

    const linkShared = async () => {
      await mine.locator(id('demo-link-email')).click();
      await mine.locator(id('lk-email-input')).fill(shared);
      await mine.locator(id('lk-email-submit')).click();
      await mine.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
      await enterCode(mine, await codeFromMail(stack.smtp, shared));
      await mine.locator(id('lk-screen-transfer')).waitFor({ state: 'visible' });
    };

    await linkShared();
    const screen = await text(mine, 'lk-screen-transfer');
    expect(screen).toContain('Email is associated with another account');
    expect(await text(mine, 'lk-transfer-account')).toBe(shared);
    expect(screen).toContain('Transfer and delete account');
    expect(screen).toContain('No thanks');
    // The other user has no embedded wallet, so there are no assets to check.
    expect(await mine.locator(id('lk-transfer-assets')).count()).toBe(0);

    await mine.locator(id('lk-transfer-decline')).click();
    await modalClosed(mine);
    expect(await text(mine, 'demo-last-error')).toBe('link error: linked_to_another_user');
    expect(await text(mine, 'demo-user-email')).toBe('');
    expect((await usersMe(stack, appId, otherToken)).status).toBe(200);

    await linkShared();
    await mine.locator(id('lk-transfer-confirm')).click();
    await modalClosed(mine);
    await expect.poll(() => text(mine, 'demo-user-email')).toBe(shared);
    expect(await text(mine, 'demo-last-event')).toBe('link complete: method=email');
    // The other user was deleted: its access token is refused.
    expect((await usersMe(stack, appId, otherToken)).status).toBe(401);
  });

  test('a wallet: linking a wallet that logged in on its own moves it here', async () => {
    const privateKey = generatePrivateKey();
    const walletOwner = await page();
    const [ownerWallet] = await installEip6963Wallets(walletOwner.context, [
      { name: 'Shared Wallet', rdns: 'dev.latchkey.sharedwallet', privateKey },
    ]);
    await walletOwner.page.goto(stack.demoUrl(appId));
    await openWalletLogin(walletOwner.page);
    await pickWallet(walletOwner.page, 'Shared Wallet');
    await modalClosed(walletOwner.page);
    const ownerToken = await demoAccessToken(walletOwner.page);

    const mine = await page();
    // The same key, injected into this user's browser too.
    await installEip6963Wallets(mine.context, [
      { name: 'Shared Wallet', rdns: 'dev.latchkey.sharedwallet', privateKey },
    ]);
    await loginWithEmail(mine.page, 'wallet-taker@example.com');
    await mine.page.locator(id('demo-link-wallet')).click();
    await mine.page.locator(id('lk-screen-wallets')).waitFor({ state: 'visible' });
    await pickWallet(mine.page, 'Shared Wallet');
    await mine.page.locator(id('lk-screen-transfer')).waitFor({ state: 'visible' });
    expect(await text(mine.page, 'lk-screen-transfer')).toContain(
      'Wallet is associated with another account',
    );
    expect(await text(mine.page, 'lk-transfer-account')).toBe(ownerWallet!.address);

    await mine.page.locator(id('lk-transfer-confirm')).click();
    await modalClosed(mine.page);
    await mine.page.locator(id(`demo-linked-wallet-${ownerWallet!.address}`)).waitFor({ state: 'visible' });
    const { user } = await usersMe(stack, appId, await demoAccessToken(mine.page));
    expect(linkedWallets(user)).toEqual([
      expect.objectContaining({ address: ownerWallet!.address, connector_type: 'injected' }),
    ]);
    expect((await usersMe(stack, appId, ownerToken)).status).toBe(401);
  });
});
