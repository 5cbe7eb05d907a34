/**
 * Funding through Coinbase in the browser (issue 29, Must show): 'Pay with card' and 'Transfer from an
 * exchange' open the buy page in a popup (the stand-in's, on the Hardhat chain through
 * `providerChainIds`), the modal follows the purchase on 'Fund account', and the stand-in really sends
 * the ETH, so the wallet's balance on the local chain grows. A failed purchase returns to the chooser
 * with the spec's banner. The failure runs first: the status route reads the user's latest
 * purchase. The page's clock jumps to each status read (5 s after the buy page opened, then every
 * 1.5 s) rather than the test waiting for them.
 */

import { fundingMessages, fundingTimings } from '@latchkey/core/funding';
import { id, modalClosed, text } from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  clockToRead,
  describeFunding,
  fundAmountWei,
  fundResult,
  openFundEthereum,
  providerPopup,
} from './funding-stack.ts';

describeFunding(
  'funding through Coinbase in the browser',
  { email: 'fund.coinbase@example.com', clock: true },
  (f) => {
    const status = () => f.page.locator(id('lk-screen-fund-coinbase-status'));

    /** Clicks a chooser option that opens the buy page, and returns the popup once it shows the page. */
    async function buyPage(option: 'lk-fund-card' | 'lk-fund-exchange'): Promise<Page> {
      await openFundEthereum(f.page);
      const buy = await providerPopup(f.page, option, f.coinbase.url);
      expect(new URL(buy.url()).pathname).toBe('/buy/select-asset');
      await status().waitFor({ state: 'visible' });
      expect(await text(f.page, 'lk-fund-status-title')).toBe(fundingMessages.coinbaseStatusTitle);
      return buy;
    }

    /** The page's clock to the next status read (`ms` on), and its answer. */
    const nextRead = (ms: number) => clockToRead(f.page, ms, '/funding/coinbase_on_ramp/status');

    /** Closes the modal on the chooser: the promise resolves unfunded, and no ETH arrived. */
    async function closedUnfunded(before: bigint) {
      await f.page.locator(id('lk-close')).click();
      await modalClosed(f.page);
      expect(await fundResult(f.page)).toBe('resolved {"funded":false}');
      expect(await f.balanceOf(f.ethereumAddress)).toBe(before);
    }

    /** The purchase completes: 'Fund account' shows success, the modal closes by itself, the ETH arrived. */
    async function completes(buy: Page, paymentMethod: string) {
      expect(new URL(buy.url()).searchParams.get('defaultPaymentMethod')).toBe(paymentMethod);
      const before = await f.balanceOf(f.ethereumAddress);
      await buy.locator('#complete-purchase').click();
      await nextRead(fundingTimings.coinbaseStartMs);
      await f.page
        .locator(`${id('lk-screen-fund-coinbase-status')}[data-status="success"]`)
        .waitFor({ state: 'visible', timeout: 20_000 });
      expect(await f.balanceOf(f.ethereumAddress)).toBe(before + fundAmountWei);
      await f.page.clock.fastForward(fundingTimings.successCloseMs);
      await modalClosed(f.page);
      expect(await fundResult(f.page)).toBe('resolved {"funded":true}');
    }

    test('Pay with card fails: back to the chooser with the failure banner; closing resolves unfunded', async () => {
      const before = await f.balanceOf(f.ethereumAddress);
      const buy = await buyPage('lk-fund-card');
      await buy.locator('#fail-purchase').click();
      await nextRead(fundingTimings.coinbaseStartMs);
      const banner = f.page.locator(id('lk-fund-banner'));
      await banner.waitFor({ state: 'visible', timeout: 20_000 });
      expect(await banner.textContent()).toBe(fundingMessages.coinbaseFailureBanner);
      expect(await f.page.locator(id('lk-screen-fund-chooser')).isVisible()).toBe(true);
      await buy.close();
      await closedUnfunded(before);
    });

    test('Pay with card through Coinbase: the buy page, Complete purchase, success, the balance grew', async () => {
      const buy = await buyPage('lk-fund-card');
      await completes(buy, 'CARD');
    });

    test('Transfer from an exchange: Coinbase in send mode, success, the balance grew', async () => {
      const buy = await buyPage('lk-fund-exchange');
      await completes(buy, 'CRYPTO_ACCOUNT');
    });
  },
);
