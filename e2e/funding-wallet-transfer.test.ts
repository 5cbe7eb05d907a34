/**
 * Transfer from wallet in the browser (issue 29, Must show): the user's connected Ethereum wallet
 * (an EIP-6963 test wallet, sending on the Hardhat node) is listed, 'Confirm or edit amount' takes
 * the app's recommended amount, the wallet is asked to send it to the embedded wallet, 'Success!',
 * and the embedded wallet's balance grew by that amount. Bridge to Solana: the same wallet pays the
 * Relay stand-in's deposit on Hardhat; the SOL arrives ('Success!'), or the bridge refunds the ETH or
 * keeps it ('Transaction failed', the refund link, no SOL).
 */

import { fundingMessages, fundingTimings } from '@latchkey/core/funding';
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
  'funding by Transfer from wallet in the browser',
  { email: 'fund.transfer@example.com', clock: true },
  (f) => {
    test('the test wallet connects', async () => {
      await connectTestWallet(f.page, 'Test Wallet', 'ethereum', f.payer.address);
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
    async function bridge(status: 'success' | 'failed') {
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

    /** The ETH a transaction cost its sender in gas. */
    async function feeOf(hash: string): Promise<bigint> {
      const receipt = (await f.evm.rpc('eth_getTransactionReceipt', [hash])) as {
        gasUsed: string;
        effectiveGasPrice: string;
      };
      return BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
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

    // Relay's two failed endings: `refund` pays the deposit back (less the refund's gas), `failure` keeps it.
    test.each(['refund', 'failure'] as const)(
      "Bridge to Solana, the bridge answers '%s': 'Transaction failed' with the refund link, no SOL; closing resolves unfunded",
      async (outcome) => {
        f.relay.outcome = outcome;
        const sol = f.solana.balance(f.solanaAddress);
        const [eth, held] = await Promise.all([
          f.balanceOf(f.payer.address),
          f.balanceOf(f.relay.depositAddress),
        ]);
        await bridge('failed');
        const request = f.relay.requests.at(-1);
        if (!request?.inTxHash) throw new Error('The bridge saw no deposit');
        expect(request.status).toBe(outcome);
        const deposit = request.inTxHash;
        expect(await text(f.page, 'lk-fund-bridge-title')).toBe(fundingMessages.bridgeFailedTitle);
        expect(await f.page.locator(id('lk-screen-fund-bridge-progress')).textContent()).toContain(
          fundingMessages.bridgeFailed,
        );
        // The bridge's page of the deposit, where the refund shows: Relay's mainnet site, the cluster
        // being mainnet-beta (testnets.relay.link for devnet and testnet).
        expect(await f.page.locator(id('lk-fund-bridge-refund')).getAttribute('href')).toBe(
          `https://relay.link/transaction/${deposit}`,
        );
        expect(f.solana.balance(f.solanaAddress)).toBe(sol);

        // The wallet paid the deposit and its gas; a refund sent the deposit back, less the refund's gas.
        let refunded = 0n;
        if (outcome === 'refund') {
          const refund = (await f.evm.rpc('eth_getTransactionByHash', [request.outTxHash])) as {
            hash: string;
            to: string;
            value: string;
          };
          expect(refund.to.toLowerCase()).toBe(f.payer.address.toLowerCase());
          refunded = BigInt(refund.value);
          expect(request.value - refunded).toBe(await feeOf(refund.hash));
        }
        const paid = request.value + (await feeOf(deposit));
        expect(await f.balanceOf(f.payer.address)).toBe(eth - paid + refunded);
        expect(await f.balanceOf(f.relay.depositAddress)).toBe(
          outcome === 'refund' ? held : held + request.value,
        );

        await f.page.locator(id('lk-close')).click();
        await modalClosed(f.page);
        expect(await fundResult(f.page)).toBe('resolved {"funded":false}');
      },
    );
  },
);
