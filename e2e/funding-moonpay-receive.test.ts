/**
 * Funding through MoonPay and Receive funds in the browser (issue 29, Must show). MoonPay: the server
 * signs the widget URL, the popup opens the stand-in's widget, the modal reads the transaction's
 * status from the stand-in's API, and a completed purchase really sends the ETH on the Hardhat chain;
 * a failed one returns to the chooser with MoonPay's banner. Receive funds: the QR code holds the
 * address, ETH sent to it shows in the live balance, and Continue closes. `defaultFundingMethod:
 * 'manual'` opens Receive funds at once, and Back leaves it for the chooser for good. The page's clock
 * jumps to each of MoonPay's status reads (8 s after the widget opened, then every 3 s) and past the
 * success screen's 4 s, rather than the test waiting for them.
 */

import { fundingTimings } from '@latchkey/core/funding';
import { id, modalClosed, text } from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  clockToRead,
  describeFunding,
  fundResult,
  openFundEthereum,
  providerPopup,
  purchaseEnds,
} from './funding-stack.ts';

describeFunding(
  'funding through MoonPay and Receive funds in the browser',
  { email: 'fund.moonpay@example.com', clock: true },
  (f) => {
    /** Clicks `option` on the chooser and returns the popup once it shows MoonPay's widget. */
    async function widget(option: 'lk-fund-card' | 'lk-fund-alternate'): Promise<Page> {
      const page = await providerPopup(f.page, option, f.moonpay.url);
      // 'Processing payment' once the modal reads the widget's pending transaction (from 8 s on; the
      // page's clock jumps there): the reads work, so a failure after this is the purchase's, not
      // three failed reads.
      await clockToRead(f.page, 'moonpay', fundingTimings.moonpayStartMs);
      await f.page
        .locator(`${id('lk-screen-fund-moonpay-status')}[data-status="processing-payment"]`)
        .waitFor({ state: 'visible', timeout: 20_000 });
      return page;
    }

    test("MoonPay through 'Try a different provider.' fails: back to the chooser with MoonPay's banner", async () => {
      await openFundEthereum(f.page);
      const page = await widget('lk-fund-alternate');
      // The status is read every 3 s from 8 s on.
      await purchaseEnds(f, 'moonpay', page, fundingTimings.moonpayPollMs, 'fail');
    });

    test('Pay with card through MoonPay (the preferred provider): the widget, Complete purchase, success, the balance grew', async () => {
      await openFundEthereum(f.page, { card: { preferredProvider: 'moonpay' } });
      const page = await widget('lk-fund-card');
      // Base's ETH: the providers are told the local chain is Base (providerChainIds).
      expect(new URL(page.url()).searchParams.get('currencyCode')?.toLowerCase()).toBe('eth_base');
      expect(new URL(page.url()).searchParams.get('walletAddress')?.toLowerCase()).toBe(
        f.ethereumAddress.toLowerCase(),
      );
      await purchaseEnds(f, 'moonpay', page, fundingTimings.moonpayPollMs);
    });

    test('Receive funds: the QR code is the address; ETH sent to it shows in the live balance; Continue', async () => {
      await openFundEthereum(f.page);
      await f.page.locator(id('lk-fund-receive')).click();
      await f.page.locator(id('lk-screen-fund-receive')).waitFor({ state: 'visible' });
      expect(await text(f.page, 'lk-receive-notice')).toBe('Make sure to send funds on Latchkey Local.');
      await expect
        .poll(() => f.page.locator(id('lk-receive-qr')).getAttribute('data-value'))
        .toBe(f.ethereumAddress);
      const shown = await f.page.locator(id('lk-receive-qr')).getAttribute('data-value');
      expect(await f.page.locator(id('lk-receive-continue')).count()).toBe(0);
      // Sent to the address the QR code shows, as a wallet scanning it would.
      const before = await f.balanceOf(f.ethereumAddress);
      await f.sendEth(shown ?? '', 10n ** 18n);
      // The balance's display rule: 3 decimals, rounded down, trailing zeros trimmed.
      const milli = (before + 10n ** 18n) / 10n ** 15n;
      const expected = `${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`.replace(/\.?0+$/, '');

      await expect
        .poll(() => text(f.page, 'lk-receive-balance-value'), { timeout: 10_000 })
        .toBe(`${expected} ETH`);
      await f.page.locator(id('lk-receive-continue')).click();
      await modalClosed(f.page);
      expect(await fundResult(f.page)).toBe('resolved {"funded":true}');
    });

    test("defaultFundingMethod 'manual' opens Receive funds directly; Back goes to the chooser and clears it", async () => {
      await openFundEthereum(f.page, { defaultFundingMethod: 'manual' });
      await f.page.locator(id('lk-screen-fund-receive')).waitFor({ state: 'visible' });
      expect(await f.page.locator(id('lk-screen-fund-chooser')).count()).toBe(0);
      await f.page.locator(id('lk-back')).click();
      await f.page.locator(id('lk-screen-fund-chooser')).waitFor({ state: 'visible' });
      // Cleared: the chooser stays, rather than Receive funds opening again.
      await f.page.waitForTimeout(500);
      expect(await f.page.locator(id('lk-screen-fund-receive')).count()).toBe(0);
      await f.page.locator(id('lk-close')).click();
      await modalClosed(f.page);
      expect(await fundResult(f.page)).toBe('resolved {"funded":false}');
    });
  },
);
