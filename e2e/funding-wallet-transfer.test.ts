/**
 * Transfer from wallet in the browser (issue 29, Must show): the user's connected Ethereum wallet
 * (an EIP-6963 test wallet, sending on the Hardhat node) is listed, 'Confirm or edit amount' takes
 * the app's recommended amount, the wallet is asked to send it to the embedded wallet, 'Success!',
 * and the embedded wallet's balance grew by that amount. Bridge to Solana: the same wallet pays the
 * Relay stand-in's deposit on Hardhat, and the SOL arrives ('Success!').
 */

import { fundingMessages, fundingTimings } from '@latchkey/core/funding';
import { id, modalClosed, pickWallet, text } from '@latchkey/test/e2e';
import { expect, test } from 'vitest';
import {
  describeFunding,
  fundAmountWei,
  fundResult,
  openFundEthereum,
  openFundSolana,
} from './funding-stack.ts';

describeFunding(
  'funding by Transfer from wallet in the browser',
  { email: 'fund.transfer@example.com', clock: true },
  (f) => {
    test('the test wallet connects', async () => {
      await f.page.locator(id('demo-connect-wallet')).click();
      await f.page.locator(id('lk-screen-wallets')).waitFor({ state: 'visible' });
      await pickWallet(f.page, 'Test Wallet', 'ethereum');
      await modalClosed(f.page);
      await f.page.locator(id(`demo-wallet-${f.payer.address}`)).waitFor({ state: 'visible' });
    });

    test("Transfer from wallet: the connected wallet, 'Confirm or edit amount', the wallet sends, 'Success!', the balance grew", async () => {
      const before = await f.balanceOf(f.ethereumAddress);
      await openFundEthereum(f.page);
      await f.page.locator(id('lk-fund-wallets')).click();
      await f.page.locator(id('lk-screen-fund-transfer-wallets')).waitFor({ state: 'visible' });
      const row = f.page.locator(id('lk-fund-wallet-row')).filter({ hasText: 'Test Wallet' });
      await row.click();
      await f.page.locator(id('lk-screen-fund-transfer-amount')).waitFor({ state: 'visible' });
      expect(await f.page.locator(id('lk-screen-fund-transfer-amount')).textContent()).toContain(
        fundingMessages.confirmAmount,
      );
      expect(await f.page.locator(id('lk-fund-amount')).inputValue()).toBe('0.01');
      await f.page.locator(id('lk-fund-amount-continue')).click();
      await f.page.locator(id('lk-screen-fund-transfer-confirm')).waitFor({ state: 'visible' });
      await expect
        .poll(() => text(f.page, 'lk-fund-transfer-title'), { timeout: 20_000 })
        .toBe(fundingMessages.success);
      expect(await f.balanceOf(f.ethereumAddress)).toBe(before + fundAmountWei);
      const sent = f.payer.requests.filter((request) => request.method === 'eth_sendTransaction');
      expect(sent.map((request) => (request.params as { to: string }[])[0]?.to.toLowerCase())).toEqual([
        f.ethereumAddress.toLowerCase(),
      ]);
      // 'Success!' closes by itself after 4 s (the page's clock jumps there).
      await f.page.clock.fastForward(fundingTimings.successCloseMs);
      await modalClosed(f.page);
      expect(await fundResult(f.page)).toBe('resolved {"funded":true}');
    });

    /** Bridge to Solana of 0.1 SOL from the connected wallet, up to the progress screen's `status`. */
    async function bridge(status: 'success') {
      await openFundSolana(f, { amount: '0.1' });
      await f.page.locator(id('lk-fund-wallets')).click();
      await f.page.locator(id('lk-fund-wallet-row')).filter({ hasText: 'Test Wallet' }).click();
      const amount = f.page.locator(id('lk-screen-fund-transfer-amount'));
      const progress = f.page.locator(id('lk-screen-fund-bridge-progress'));
      await amount.or(progress).first().waitFor({ state: 'visible', timeout: 20_000 });
      if (await amount.isVisible()) await f.page.locator(id('lk-fund-amount-continue')).click();
      await f.page
        .locator(`${id('lk-screen-fund-bridge-progress')}[data-status="${status}"]`)
        .waitFor({ state: 'visible', timeout: 40_000 });
    }

    test("Bridge to Solana: the connected Ethereum wallet pays the bridge on Hardhat, 'Success!', the SOL arrives", async () => {
      const before = f.solana.balance(f.solanaAddress);
      await bridge('success');
      expect(f.solana.balance(f.solanaAddress)).toBe(before + 100_000_000n);
      expect(f.relay.requests.map((request) => request.status)).toEqual(['success']);
      await f.page.clock.fastForward(fundingTimings.successCloseMs);
      await modalClosed(f.page);
      expect(await fundResult(f.page)).toBe('resolved {"funded":true}');
    });
  },
);
