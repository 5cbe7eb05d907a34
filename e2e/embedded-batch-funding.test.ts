/**
 * Batches and 'Add funds' on the embedded wallets' confirm screens, in the browser, on the real
 * server, a real EVM node (hardhat) and a real SVM (litesvm behind the Solana JSON-RPC shim). The
 * app funds wallets (`funding_config`), so a short balance offers 'Add funds', which opens Receive
 * funds: the address as a QR code, the live balance, and 'Continue' once funds arrive; back on the
 * confirm screen the request can then be approved. A batch of two transfers is stepped through
 * with Continue and Back ('(1 / 2)', '(2 / 2)'), approved on the last, and both land in order.
 * The app also asks for funding on wallet creation (`prompt_funding_on_wallet_creation`): the login
 * that creates the wallets goes on to the Fund wallet chooser for the new Ethereum wallet, and
 * closing it leaves the user logged in with their wallets.
 */

import { fundingMessages } from '@latchkey/core/funding';
import { codeFromMail, enterCode, id, modalClosed, openLogin, submitEmail, text } from '@latchkey/test/e2e';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { expect, test } from 'vitest';
import { describeFunding, walletTimeout } from './funding-stack.ts';

const randomEvmAddress = () =>
  `0x${Buffer.from(ed25519.utils.randomSecretKey().slice(0, 20)).toString('hex')}`;

describeFunding(
  'batches and Add funds with embedded wallets in the browser',
  { email: null, fundingConfig: { prompt_funding_on_wallet_creation: true } },
  (f) => {
    test('an email login creates the Ethereum and Solana wallets, then the app prompts to fund the new wallet; closing it goes on', async () => {
      const email = 'batch.funding@example.com';
      await openLogin(f.page);
      await submitEmail(f.page, email);
      await enterCode(f.page, await codeFromMail(f.stack.smtp, email));
      await f.page
        .locator(id('lk-screen-embedded-created'))
        .waitFor({ state: 'visible', timeout: walletTimeout });
      // The created screen shows for 2.5 s, then the chooser replaces it, for the wallet just created.
      await f.page.locator(id('lk-screen-fund-chooser')).waitFor({ state: 'visible' });
      await f.walletsShown();
      await f.page.locator(id('lk-fund-receive')).click();
      await f.page.locator(id('lk-screen-fund-receive')).waitFor({ state: 'visible' });
      // The app's recommended amount and currency.
      expect(await text(f.page, 'lk-receive-title')).toBe(fundingMessages.receiveTitle('0.01', 'ETH'));
      expect(await text(f.page, 'lk-receive-wallet')).toContain(f.ethereumAddress);
      await f.page.locator(id('lk-back')).click();
      await f.page.locator(id('lk-screen-fund-chooser')).waitFor({ state: 'visible' });
      await f.page.locator(id('lk-close')).click();
      await modalClosed(f.page);
      // Logged in, as after any login: the login reported its success, and closing reported nothing
      // more; no fundWallet call was made.
      expect(await text(f.page, 'demo-authenticated')).toBe('true');
      expect(await text(f.page, 'demo-last-event')).toBe(
        'login complete: method=email new=true already=false',
      );
      expect(await text(f.page, 'demo-last-error')).toBe('');
      expect(await text(f.page, 'demo-fund-result')).toBe('');
      expect(await f.balanceOf(f.ethereumAddress)).toBe(0n);
    });

    test("'Add funds' on Ethereum: the Fund wallet chooser, Receive funds shows the address and balance; funds arrive, Continue, Approve", async () => {
      const recipient = randomEvmAddress();
      const value = 10n ** 16n; // 0.01 ETH, the wallet holds nothing yet
      await f.page.locator(id('demo-send-to')).fill(recipient);
      await f.page.locator(id('demo-send-value')).fill(value.toString());
      await f.page.locator(id('demo-send-eth')).click();
      await f.page
        .locator(id('lk-screen-confirm-transaction'))
        .waitFor({ state: 'visible', timeout: walletTimeout });
      expect(await text(f.page, 'lk-tx-confirm-kind')).toBe('Confirm address');
      expect(await text(f.page, 'lk-tx-insufficient')).toBe(
        'Add funds on Latchkey Local to complete transaction.',
      );
      expect(await f.page.locator(id('lk-tx-approve')).count()).toBe(0);
      await f.page.locator(id('lk-tx-add-funds')).click();
      const chooser = f.page.locator(id('lk-screen-fund-chooser'));
      await chooser.waitFor({ state: 'visible' });
      await f.page.locator(id('lk-fund-receive')).click();

      const receive = f.page.locator(id('lk-screen-fund-receive'));
      await receive.waitFor({ state: 'visible' });
      // The whole shortfall: the value plus the most the fee can be.
      expect(await text(f.page, 'lk-receive-title')).toMatch(/^Receive 0\.01\d* ETH$/);
      expect(await receive.textContent()).toContain(
        'Scan this code or copy your wallet address to receive funds on Latchkey Local.',
      );
      expect(await text(f.page, 'lk-receive-notice')).toBe('Make sure to send funds on Latchkey Local.');
      expect(await text(f.page, 'lk-receive-wallet')).toContain(f.ethereumAddress);
      await expect
        .poll(() => f.page.locator(id('lk-receive-qr')).getAttribute('data-value'))
        .toBe(f.ethereumAddress);
      expect(await f.page.locator(`${id('lk-receive-qr')} path`).count()).toBe(1);
      await expect.poll(() => text(f.page, 'lk-receive-balance-value')).toBe('0 ETH');
      expect(await f.page.locator(id('lk-receive-continue')).count()).toBe(0);

      // Back (to the chooser, then the confirm screen) keeps the request; 'Add funds' again opens the chooser.
      await f.page.locator(id('lk-back')).click();
      await chooser.waitFor({ state: 'visible' });
      await f.page.locator(id('lk-back')).click();
      await f.page.locator(id('lk-tx-add-funds')).click();
      await f.page.locator(id('lk-fund-receive')).click();
      await receive.waitFor({ state: 'visible' });

      await f.sendEth(f.ethereumAddress, 10n ** 18n);
      await expect.poll(() => text(f.page, 'lk-receive-balance-value'), { timeout: 10_000 }).toBe('1 ETH');
      await f.page.locator(id('lk-receive-continue')).click();

      // Priced again: the balance covers it now.
      await f.page.locator(id('lk-tx-approve')).waitFor({ state: 'visible', timeout: walletTimeout });
      expect(await f.page.locator(id('lk-tx-insufficient')).count()).toBe(0);
      expect(await text(f.page, 'lk-tx-balance')).toContain('1 ETH');
      await f.page.locator(id('lk-tx-approve')).click();
      await f.page
        .locator(id('lk-screen-transaction-receipt'))
        .waitFor({ state: 'visible', timeout: walletTimeout });
      await expect.poll(() => text(f.page, 'demo-tx-hash'), { timeout: walletTimeout }).toMatch(/^0x/);
      expect(await f.balanceOf(recipient)).toBe(value);
      await f.page.locator(id('lk-receipt-done')).click();
      await modalClosed(f.page);
    });

    test("a batch: '(1 / 2)' Continue, '(2 / 2)' Back and Continue, Approve on the last, both land in order", async () => {
      const recipient = randomEvmAddress();
      const value = 2_000_000_000_000_000n; // 0.002 ETH each
      await f.page.locator(id('demo-send-to')).fill(recipient);
      await f.page.locator(id('demo-send-value')).fill(value.toString());
      const nonce = Number.parseInt(
        (await f.evm.rpc('eth_getTransactionCount', [f.ethereumAddress, 'latest'])) as string,
        16,
      );
      await f.page.locator(id('demo-send-batch')).click();

      const title = () => text(f.page, 'lk-tx-title');
      await f.page.locator(id('lk-tx-continue')).waitFor({ state: 'visible', timeout: walletTimeout });
      expect(await title()).toBe('Approve transaction (1 / 2)');
      expect(await text(f.page, 'lk-tx-send')).toBe('Send0.002 ETH');
      expect(await f.page.locator(id('lk-tx-back')).count()).toBe(0);
      expect(await f.page.locator(id('lk-tx-approve')).count()).toBe(0);
      await f.page.locator(id('lk-tx-continue')).click();

      await expect.poll(title, { timeout: walletTimeout }).toBe('Approve transaction (2 / 2)');
      expect(await f.page.locator(id('lk-tx-continue')).count()).toBe(0);
      await f.page.locator(id('lk-tx-back')).click();
      await expect.poll(title, { timeout: walletTimeout }).toBe('Approve transaction (1 / 2)');
      await f.page.locator(id('lk-tx-continue')).click();
      await expect.poll(title, { timeout: walletTimeout }).toBe('Approve transaction (2 / 2)');
      // Nothing was sent while stepping.
      expect(await f.balanceOf(recipient)).toBe(0n);
      await f.page.locator(id('lk-tx-approve')).click();

      await f.page
        .locator(id('lk-screen-transaction-receipt'))
        .waitFor({ state: 'visible', timeout: walletTimeout });
      await expect
        .poll(() => text(f.page, 'demo-tx-hashes'), { timeout: walletTimeout })
        .toMatch(/^0x\S+ 0x\S+$/);
      const hashes = (await text(f.page, 'demo-tx-hashes')).split(' ');
      expect(new Set(hashes).size).toBe(2);
      expect(await text(f.page, 'lk-receipt-hash')).toContain(hashes[1]);
      const sent = await Promise.all(
        hashes.map(async (hash) => {
          const receipt = (await f.evm.rpc('eth_getTransactionReceipt', [hash])) as { status: string };
          const transaction = (await f.evm.rpc('eth_getTransactionByHash', [hash])) as { nonce: string };
          return { status: receipt.status, nonce: Number.parseInt(transaction.nonce, 16) };
        }),
      );
      expect(sent).toEqual([
        { status: '0x1', nonce },
        { status: '0x1', nonce: nonce + 1 },
      ]);
      expect(await f.balanceOf(recipient)).toBe(2n * value);
      await f.page.locator(id('lk-receipt-done')).click();
      await modalClosed(f.page);
    });

    test("'Not now' in the middle of a batch sends nothing and refuses with 4001", async () => {
      const recipient = randomEvmAddress();
      await f.page.locator(id('demo-send-to')).fill(recipient);
      await f.page.locator(id('demo-send-batch')).click();
      await f.page.locator(id('lk-tx-continue')).waitFor({ state: 'visible', timeout: walletTimeout });
      await f.page.locator(id('lk-tx-continue')).click();
      await f.page.locator(id('lk-tx-approve')).waitFor({ state: 'visible', timeout: walletTimeout });
      await f.page.locator(id('lk-tx-cancel')).click();
      await expect.poll(() => text(f.page, 'demo-signing-error')).toBe('4001 The user rejected the request.');
      await modalClosed(f.page);
      expect(await f.balanceOf(recipient)).toBe(0n);
    });

    test("a batch request that fails after the first landed: the error screen, and 'Retry transaction' goes on from it", async () => {
      const recipient = randomEvmAddress();
      // A contract that reverts whatever it is sent.
      const reverter = randomEvmAddress();
      await f.evm.rpc('hardhat_setCode', [reverter, '0x60006000fd']);
      const value = 1_000_000_000_000_000n;
      await f.page.locator(id('demo-send-to')).fill(recipient);
      await f.page.locator(id('demo-send-to-second')).fill(reverter);
      await f.page.locator(id('demo-send-value')).fill(value.toString());
      await f.page.locator(id('demo-send-batch')).click();
      await f.page.locator(id('lk-tx-continue')).waitFor({ state: 'visible', timeout: walletTimeout });
      await f.page.locator(id('lk-tx-continue')).click();
      // Its gas cannot be estimated (it reverts): the fee shows as unknown, to be estimated when sent.
      await f.page.locator(id('lk-tx-approve')).waitFor({ state: 'visible', timeout: walletTimeout });
      expect(await text(f.page, 'lk-tx-fee')).toBe('Estimated fee—');
      expect(await text(f.page, 'lk-tx-confirm-kind')).toBe('Confirm address');
      await f.page.locator(id('lk-tx-approve')).click();

      const failed = f.page.locator(id('lk-screen-transaction-error'));
      await failed.waitFor({ state: 'visible', timeout: walletTimeout });
      expect(await f.balanceOf(recipient)).toBe(value);
      await f.page.locator(id('lk-tx-error-retry')).click();
      // The retry sends the failed request again, not the one that landed.
      await failed.waitFor({ state: 'visible', timeout: walletTimeout });
      expect(await f.balanceOf(recipient)).toBe(value);
      await f.page.locator(id('lk-close')).click();
      await expect.poll(() => text(f.page, 'demo-signing-error')).not.toBe('');
      await modalClosed(f.page);
      await f.page.locator(id('demo-send-to-second')).fill('');
    });

    test("'Add funds' on Solana: the Fund wallet chooser, Receive funds for the missing SOL, an airdrop, Continue, and the transfer lands", async () => {
      const recipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
      await f.page.locator(id('demo-sol-to')).fill(recipient);
      await f.page.locator(id('demo-sol-lamports')).fill('100000000'); // 0.1 SOL, the wallet holds none
      await f.page.locator(id('demo-sol-transfer')).click();
      await f.page
        .locator(id('lk-screen-confirm-solana-transaction'))
        .waitFor({ state: 'visible', timeout: walletTimeout });
      expect(await text(f.page, 'lk-tx-insufficient')).toBe('Add funds on Solana to complete transaction.');
      await f.page.locator(id('lk-tx-add-funds')).click();
      await f.page.locator(id('lk-screen-fund-chooser')).waitFor({ state: 'visible' });
      await f.page.locator(id('lk-fund-receive')).click();

      await f.page.locator(id('lk-screen-fund-receive')).waitFor({ state: 'visible' });
      // Transfer plus fee; the SOL amount is shown in full.
      expect(await text(f.page, 'lk-receive-title')).toBe('Receive 0.100005 SOL');
      expect(await text(f.page, 'lk-receive-notice')).toBe('Make sure to send funds on Solana localnet.');
      expect(await text(f.page, 'lk-receive-wallet')).toContain(f.solanaAddress);
      await expect
        .poll(() => f.page.locator(id('lk-receive-qr')).getAttribute('data-value'))
        .toBe(f.solanaAddress);
      await expect.poll(() => text(f.page, 'lk-receive-balance-value')).toBe('0 SOL');

      f.solana.airdrop(f.solanaAddress, 1_000_000_000n);
      await expect.poll(() => text(f.page, 'lk-receive-balance-value'), { timeout: 10_000 }).toBe('1 SOL');
      await f.page.locator(id('lk-receive-continue')).click();

      // The wallet simulates it again: now it can pay.
      await f.page.locator(id('lk-tx-approve')).waitFor({ state: 'visible', timeout: walletTimeout });
      expect(await f.page.locator(id('lk-tx-approve')).isDisabled()).toBe(false);
      await f.page.locator(id('lk-tx-approve')).click();
      await f.page
        .locator(id('lk-screen-transaction-receipt'))
        .waitFor({ state: 'visible', timeout: walletTimeout });
      await expect.poll(() => text(f.page, 'demo-sol-signature'), { timeout: walletTimeout }).not.toBe('');
      expect(f.solana.balance(recipient)).toBe(100_000_000n);
      await f.page.locator(id('lk-receipt-done')).click();
      await modalClosed(f.page);
    });

    test('a wallet created outside the modal (useCreateWallet) is prompted for too: the chooser for the new wallet', async () => {
      await f.page.locator(id('demo-create-additional')).click();
      // The app asks for funding on wallet creation: the chooser opens by itself, for the new wallet.
      await f.page
        .locator(id('lk-screen-fund-chooser'))
        .waitFor({ state: 'visible', timeout: walletTimeout });
      await f.page.locator(id('demo-embedded-ethereum-1')).waitFor({ state: 'visible' });
      const created = await text(f.page, 'demo-embedded-ethereum-1');
      expect(created).not.toBe(f.ethereumAddress);
      await f.page.locator(id('lk-fund-receive')).click();
      await f.page.locator(id('lk-screen-fund-receive')).waitFor({ state: 'visible' });
      expect(await text(f.page, 'lk-receive-title')).toBe(fundingMessages.receiveTitle('0.01', 'ETH'));
      expect(await text(f.page, 'lk-receive-wallet')).toContain(created);
      await f.page.locator(id('lk-close')).click();
      await modalClosed(f.page);
    });
  },
);
