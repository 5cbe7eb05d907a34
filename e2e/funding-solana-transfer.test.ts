/**
 * Transfer from wallet paid by a connected Solana wallet, in the browser (issue 29): the Test Solana
 * Wallet (Wallet Standard, 10 SOL on the local SVM) is listed with its 'Solana' tag, signs, and
 * (a) funds the embedded Solana wallet directly, or (b) the embedded Ethereum wallet through the
 * Relay stand-in, which pays the ETH on Hardhat. The routes' logic is unit-tested in core
 * (modal/funding/solana-routes.test.ts); this checks the page, the wallet and the chains together.
 */

import { fundingMessages } from '@latchkey/core/funding';
import { id, modalClosed, text } from '@latchkey/test/e2e';
import { expect, test } from 'vitest';
import {
  connectTestWallet,
  describeFunding,
  fundAmountWei,
  fundResult,
  openFundEthereum,
  openFundSolana,
} from './funding-stack.ts';

describeFunding(
  'funding by Transfer from wallet, paid by a connected Solana wallet',
  { email: 'fund.solana.transfer@example.com', solanaWallet: true },
  (f) => {
    test('the Test Solana Wallet connects', async () => {
      await connectTestWallet(f.page, 'Test Solana Wallet', 'solana', f.solanaPayer!.address);
    });

    /** Picks the Solana wallet's row (tagged 'Solana') and continues with the preset amount. */
    async function payWithSolanaWallet() {
      await f.page.locator(id('lk-fund-wallets')).click();
      const row = f.page.locator(id('lk-fund-wallet-row')).filter({ hasText: 'Test Solana Wallet' });
      await row.waitFor({ state: 'visible' });
      expect(await row.textContent()).toContain(fundingMessages.solanaTag);
      await row.click();
      await f.page.locator(id('lk-fund-amount-continue')).click();
    }

    test("Solana to Solana: the wallet signs, 'Success!', the embedded wallet's SOL grew by the amount", async () => {
      const before = f.solana.balance(f.solanaAddress);
      await openFundSolana(f, { amount: '0.1' });
      await payWithSolanaWallet();
      await f.page.locator(id('lk-screen-fund-transfer-confirm')).waitFor({ state: 'visible' });
      await expect
        .poll(() => text(f.page, 'lk-fund-transfer-title'), { timeout: 20_000 })
        .toBe(fundingMessages.success);
      expect(f.solana.balance(f.solanaAddress)).toBe(before + 100_000_000n);
      expect(f.solanaPayer!.calls).toContain('solana:signTransaction');
      await modalClosed(f.page);
      expect(await fundResult(f.page)).toBe('resolved {"funded":true}');
    });

    test("Solana to Ethereum: the bridge's deposit signed, 'Success!', the embedded wallet's ETH grew by the amount", async () => {
      const before = await f.balanceOf(f.ethereumAddress);
      await openFundEthereum(f.page);
      await payWithSolanaWallet();
      await f.page
        .locator(`${id('lk-screen-fund-bridge-progress')}[data-status="success"]`)
        .waitFor({ state: 'visible', timeout: 40_000 });
      expect(await f.balanceOf(f.ethereumAddress)).toBe(before + fundAmountWei);
      expect(f.relay.requests.map((request) => [request.origin, request.status])).toEqual([
        ['solana', 'success'],
      ]);
      await modalClosed(f.page);
      expect(await fundResult(f.page)).toBe('resolved {"funded":true}');
    });
  },
);
