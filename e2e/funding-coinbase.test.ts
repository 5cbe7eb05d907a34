/**
 * Funding through Coinbase in the browser (issue 29, Must show): 'Pay with card' and 'Transfer from an
 * exchange' open the buy page in a popup (the stand-in's, on the Hardhat chain through
 * `providerChainIds`), the modal follows the purchase on 'Fund account', and the stand-in really sends
 * the ETH, so the wallet's balance on the local chain grows. A failed purchase returns to the chooser
 * with the spec's banner. The failure runs first: the status route reads the user's latest purchase.
 */

import { fundingMessages } from '@latchkey/core/funding';
import { id, modalClosed } from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type FundingStack,
  fundAmountWei,
  fundResult,
  openFundEthereum,
  startFundingStack,
} from './funding-stack.ts';

describe('funding through Coinbase in the browser', () => {
  let f: FundingStack;

  beforeAll(async () => {
    f = await startFundingStack();
  });
  afterAll(async () => {
    await f?.close();
  });

  test('an email login creates the embedded wallets', async () => {
    await f.login('fund.coinbase@example.com');
  });

  /** Clicks a chooser option that opens the buy page, and returns the popup once it shows the page. */
  async function buyPage(option: 'lk-fund-card' | 'lk-fund-exchange'): Promise<Page> {
    await openFundEthereum(f.page);
    await f.page.locator(id('lk-screen-fund-chooser')).waitFor({ state: 'visible' });
    const popup = f.page.waitForEvent('popup');
    await f.page.locator(id(option)).click();
    const buy = await popup;
    await buy.locator('#complete-purchase').waitFor({ state: 'visible' });
    expect(new URL(buy.url()).origin).toBe(f.coinbase.url);
    expect(new URL(buy.url()).pathname).toBe('/buy/select-asset');
    return buy;
  }

  /** The purchase completes: 'Fund account' shows success, the modal closes by itself, the ETH arrived. */
  async function completes(buy: Page, paymentMethod: string) {
    expect(new URL(buy.url()).searchParams.get('defaultPaymentMethod')).toBe(paymentMethod);
    const before = await f.balanceOf(f.ethereumAddress);
    await f.page.locator(id('lk-screen-fund-coinbase-status')).waitFor({ state: 'visible' });
    await buy.locator('#complete-purchase').click();
    await f.page
      .locator(`${id('lk-screen-fund-coinbase-status')}[data-status="success"]`)
      .waitFor({ state: 'visible', timeout: 20_000 });
    expect(await f.balanceOf(f.ethereumAddress)).toBe(before + fundAmountWei);
    await modalClosed(f.page);
    expect(await fundResult(f.page)).toBe('resolved {"funded":true}');
  }

  test('Pay with card fails: back to the chooser with the failure banner; closing resolves unfunded', async () => {
    const before = await f.balanceOf(f.ethereumAddress);
    const buy = await buyPage('lk-fund-card');
    await buy.locator('#fail-purchase').click();
    const banner = f.page.locator(id('lk-fund-banner'));
    await banner.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await banner.textContent()).toBe(fundingMessages.coinbaseFailureBanner);
    expect(await f.page.locator(id('lk-screen-fund-chooser')).isVisible()).toBe(true);
    await buy.close();
    await f.page.locator(id('lk-close')).click();
    await modalClosed(f.page);
    expect(await fundResult(f.page)).toBe('resolved {"funded":false}');
    expect(await f.balanceOf(f.ethereumAddress)).toBe(before);
  });

  test('Pay with card through Coinbase: the buy page, Complete purchase, success, the balance grew', async () => {
    const buy = await buyPage('lk-fund-card');
    await completes(buy, 'CARD');
  });

  test('Transfer from an exchange: Coinbase in send mode, success, the balance grew', async () => {
    const buy = await buyPage('lk-fund-exchange');
    await completes(buy, 'CRYPTO_ACCOUNT');
  });

  test('no uncaught page error', () => {
    expect(f.pageErrors).toEqual([]);
  });
});
