/**
 * Funding through Coinbase in the browser (issue 29, Must show): 'Pay with card' and 'Transfer from an
 * exchange' open the buy page in a popup (the stand-in's, on the Hardhat chain through
 * `providerChainIds`), the modal follows the purchase on 'Fund account', and the stand-in really sends
 * the ETH, so the wallet's balance on the local chain grows. A failed purchase returns to the chooser
 * with the spec's banner; a popup closed before buying returns to it without one, after three status
 * reads with the popup closed. The failures run first: the status route reads the user's latest
 * purchase. The page's clock jumps to each status read (5 s after the buy page opened, then every
 * 1.5 s) rather than the test waiting for them.
 */

import { fundingMessages, fundingTimings } from '@latchkey/core/funding';
import { id, text } from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  clockToRead,
  closeUnfunded,
  describeFunding,
  openFundEthereum,
  providerPopup,
  purchaseEnds,
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

    test('Pay with card fails: back to the chooser with the failure banner; closing resolves unfunded', async () => {
      const buy = await buyPage('lk-fund-card');
      await purchaseEnds(f, 'coinbase', buy, fundingTimings.coinbaseStartMs, 'fail');
    });

    test('the user closes the Coinbase popup: after 3 status reads with it closed, back to the chooser without a banner; closing resolves unfunded', async () => {
      const before = await f.balanceOf(f.ethereumAddress);
      const buy = await buyPage('lk-fund-card');
      expect(await status().getAttribute('data-status')).toBe('pending-in-flow');
      await buy.close();
      // The first read 5 s after the buy page opened, then one every 1.5 s; the third with the popup
      // closed (and no purchase) goes back to the chooser.
      const waits = [
        fundingTimings.coinbaseStartMs,
        fundingTimings.coinbasePollMs,
        fundingTimings.coinbasePollMs,
      ];
      expect(waits).toHaveLength(fundingTimings.coinbaseClosedPollLimit);
      for (const [index, wait] of waits.entries()) {
        await clockToRead(f.page, 'coinbase', wait);
        if (index === waits.length - 1) break;
        await expect.poll(() => status().getAttribute('data-status')).toBe('pending-after-flow');
      }
      await f.page.locator(id('lk-screen-fund-chooser')).waitFor({ state: 'visible' });
      // Nothing failed: the user left the purchase.
      expect(await f.page.locator(id('lk-fund-banner')).count()).toBe(0);
      await closeUnfunded(f, before);
    });

    test('Pay with card through Coinbase: the buy page, Complete purchase, success, the balance grew', async () => {
      const buy = await buyPage('lk-fund-card');
      expect(new URL(buy.url()).searchParams.get('defaultPaymentMethod')).toBe('CARD');
      await purchaseEnds(f, 'coinbase', buy, fundingTimings.coinbaseStartMs);
    });

    test('Transfer from an exchange: Coinbase in send mode, success, the balance grew', async () => {
      const buy = await buyPage('lk-fund-exchange');
      expect(new URL(buy.url()).searchParams.get('defaultPaymentMethod')).toBe('CRYPTO_ACCOUNT');
      await purchaseEnds(f, 'coinbase', buy, fundingTimings.coinbaseStartMs);
    });
  },
);
