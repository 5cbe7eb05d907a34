/**
 * Key export through @latchkey/react on the real server: an email login creates an Ethereum and a
 * Solana wallet (create_on_login), the demo's `useExportWallet` opens the export screen, and the key and
 * seed phrase are revealed inside the key-export frame (the server's origin). The exported Ethereum key
 * controls the wallet's address, the Solana secret key's public key is the Solana address, and the phrase
 * derives both. The host page never gets any of it: every message posted to the host window is
 * recorded from the first script on, and its DOM and storage (and the server's logs) are searched
 * afterwards.
 */

import { ethereumKey, mnemonicToEntropy, seedFromEntropy, solanaKey } from '@latchkey/keys';
import { emailLoginCreatingWallets, id, pageHtml, type Stack, startStack, text } from '@latchkey/test/e2e';
import { dumpDatabase } from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { Frame, Page } from 'playwright-core';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Creation runs in the frame with server round trips: allow for it. */
const walletTimeout = 60_000;
/** ExportWalletScreen's two heights (the spec's 44 px, and the room for a revealed value). */
const collapsedHeight = 44;
const revealedHeight = 136;

interface HostMessage {
  origin: string;
  data: string;
}

describe('key export in the browser', () => {
  let stack: Stack;
  let appId: string;
  let page: Page;
  let pageErrors: string[];
  /** Every message event the host window (the demo page, not its frames) received. */
  const hostMessages: HostMessage[] = [];
  /** Every secret the export frame showed; none may reach the host page. */
  const secrets: string[] = [];
  const wallets: { ethereum: string; solana: string } = { ethereum: '', solana: '' };

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: {
        ethereum: { create_on_login: 'users-without-wallets' },
        solana: { create_on_login: 'users-without-wallets' },
      },
    });
    ({ page, errors: pageErrors } = await stack.newPage());
    await page.exposeBinding('lkRecordHostMessage', (_source, message: HostMessage) => {
      hostMessages.push(message);
    });
    // Runs before the demo's own scripts, in every frame; only the top window records.
    await page.addInitScript(() => {
      if (window.top !== window) return;
      const record = (window as unknown as { lkRecordHostMessage(m: HostMessage): void }).lkRecordHostMessage;
      window.addEventListener(
        'message',
        (event) => {
          let data: string;
          try {
            data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
          } catch {
            data = String(event.data);
          }
          void record({ origin: event.origin, data });
        },
        true,
      );
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const exportFrame = () => page.locator(id('lk-export-frame'));

  /** The export frame's page, once it has loaded. */
  async function exportPage(): Promise<Frame> {
    await exportFrame().waitFor({ state: 'visible' });
    let frame: Frame | undefined;
    await expect
      .poll(() => {
        frame = page.frames().find((f) => f.url().includes('/embedded-wallets/export'));
        return frame ? frame.locator(id('lk-export-reveal-key')).count() : 0;
      })
      .toBe(1);
    return frame!;
  }

  /** Resolves once every finite animation and transition on the page is over (a phone's sheet slides in). */
  const settled = () =>
    page.evaluate(() =>
      Promise.all(
        // The modal's are its shadow root's (the document's list may leave them out).
        [
          ...new Set([
            ...document.getAnimations(),
            ...(document.querySelector('latchkey-modal')?.shadowRoot?.getAnimations() ?? []),
          ]),
        ]
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );

  /**
   * Clicks 'Copy key' / 'Copy seed phrase' in the export frame and reads the value it shows there. The
   * frame grows when focus moves into it, on the press: neither it nor the modal may move, or the release
   * (the click) would land beside the button.
   */
  async function reveal(frame: Frame, kind: 'key' | 'phrase'): Promise<string> {
    await settled();
    const frameBefore = await exportFrame().boundingBox();
    const modalBefore = await page.locator(id('lk-modal')).boundingBox();
    await frame.locator(id(`lk-export-reveal-${kind}`)).click();
    const value = frame.locator(id(`lk-export-${kind}`));
    await value.waitFor({ state: 'visible', timeout: walletTimeout });
    expect((await exportFrame().boundingBox())?.y).toBe(frameBefore?.y);
    expect(await page.locator(id('lk-modal')).boundingBox()).toEqual(modalBefore);
    const secret = ((await value.textContent()) ?? '').trim();
    secrets.push(secret);
    return secret;
  }

  /** The frame grew once focus moved into it, and the revealed value fits without scrolling. */
  async function expectValueFits(frame: Frame) {
    await expect.poll(() => exportFrame().getAttribute('data-revealed')).toBe('true');
    const box = await exportFrame().boundingBox();
    expect(box?.height).toBe(revealedHeight);
    // The bottom of the page's content (the document itself is never shorter than the frame).
    const contentHeight = await frame.evaluate(() =>
      Math.ceil(document.getElementById('latchkey-export')!.getBoundingClientRect().bottom),
    );
    expect(contentHeight).toBeGreaterThan(collapsedHeight);
    expect(contentHeight).toBeLessThanOrEqual(revealedHeight);
  }

  async function closeModal() {
    await page.locator(id('lk-close')).click();
    await page.locator(id('lk-modal')).waitFor({ state: 'hidden' });
  }

  test('an email login creates the wallets the export buttons use', async () => {
    await page.goto(stack.demoUrl(appId));
    await emailLoginCreatingWallets(page, stack.smtp, 'export.user@example.com', walletTimeout);
    await expect.poll(() => text(page, 'demo-embedded-ethereum-0')).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect.poll(() => text(page, 'demo-embedded-solana-0')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    wallets.ethereum = await text(page, 'demo-embedded-ethereum-0');
    wallets.solana = await text(page, 'demo-embedded-solana-0');
  });

  test('the Ethereum export screen: warning, wallet, frame, subtitle, and a key that controls the address', async () => {
    await page.locator(id('demo-export-ethereum')).click();
    const screen = page.locator(id('lk-screen-export-wallet'));
    await screen.waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(page, 'lk-export-warning')).toBe(
      'Never share your private key or seed phrase with anyone.',
    );
    expect(await text(page, 'lk-export-address')).toBe(wallets.ethereum);
    expect(await screen.textContent()).toContain(
      'Copy either your private key or seed phrase to export your wallet. Learn more',
    );
    await page.locator(id('lk-export-learn-more')).click();
    await page.locator(id('lk-export-learn-more-body')).waitFor({ state: 'visible' });

    // WIRE §6: the frame's address, its permissions, its 44 px before anything is revealed.
    const src = new URL((await exportFrame().getAttribute('src'))!);
    expect(src.origin + src.pathname).toBe(`${stack.server.url}/apps/${appId}/embedded-wallets/export`);
    expect(src.searchParams.get('entropy_id')).toBe(wallets.ethereum);
    expect(src.searchParams.get('entropy_id_verifier')).toBe('ethereum-address-verifier');
    expect(src.searchParams.get('hd_wallet_index')).toBe('0');
    expect(src.searchParams.get('chain_type')).toBe('ethereum');
    expect(src.searchParams.get('phrase_export')).toBe('true');
    expect(src.searchParams.get('width')).toMatch(/^\d+px$/);
    expect(src.searchParams.has('token')).toBe(false);
    expect(src.hash).toMatch(/^#token=ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await exportFrame().getAttribute('allow')).toBe('clipboard-write self *');
    expect((await exportFrame().boundingBox())?.height).toBe(collapsedHeight);

    const frame = await exportPage();
    // The host page cannot reach into the frame: another origin.
    expect(
      await page
        .locator(id('lk-export-frame'))
        .evaluate((frame) => (frame as HTMLIFrameElement).contentDocument),
    ).toBeNull();

    const privateKey = (await reveal(frame, 'key')) as `0x${string}`;
    expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(privateKeyToAccount(privateKey).address).toBe(wallets.ethereum);
    await expectValueFits(frame);

    const phrase = await reveal(frame, 'phrase');
    expect(phrase.split(' ')).toHaveLength(12);
    expect(mnemonicToAccount(phrase).address).toBe(wallets.ethereum);
    const seed = seedFromEntropy(mnemonicToEntropy(phrase));
    expect(ethereumKey(seed, 0).address).toBe(wallets.ethereum);
    expect(solanaKey(seed, 0).address).toBe(wallets.solana);
    // One value at a time: the phrase replaced the key, so the frame's height fits either.
    expect(await frame.locator(id('lk-export-key')).isVisible()).toBe(false);
    await expectValueFits(frame);
    await closeModal();
  });

  test("the Solana export, on a phone: the secret key's public key is the Solana address", async () => {
    // The narrowest the modal gets (a 320 px screen): the longest values still fit the frame.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.locator(id('demo-export-solana')).click();
    await page.locator(id('lk-screen-export-wallet')).waitFor({ state: 'visible', timeout: walletTimeout });
    expect(await text(page, 'lk-export-address')).toBe(wallets.solana);
    const src = new URL((await exportFrame().getAttribute('src'))!);
    expect(src.searchParams.get('chain_type')).toBe('solana');
    // The entropy is named by the user's first wallet (Ethereum, created first).
    expect(src.searchParams.get('entropy_id')).toBe(wallets.ethereum);

    const frame = await exportPage();
    const secretKey = base58.decode(await reveal(frame, 'key'));
    expect(secretKey).toHaveLength(64);
    // The ed25519 seed half is as secret as the whole: searched for as hex too.
    secrets.push(Buffer.from(secretKey.slice(0, 32)).toString('hex'));
    expect(base58.encode(ed25519.getPublicKey(secretKey.slice(0, 32)))).toBe(wallets.solana);
    expect(base58.encode(secretKey.slice(32))).toBe(wallets.solana);
    await expectValueFits(frame);
    const phrase = await reveal(frame, 'phrase');
    expect(solanaKey(seedFromEntropy(mnemonicToEntropy(phrase)), 0).address).toBe(wallets.solana);
    await expectValueFits(frame);
    await closeModal();
  });

  test('the host page never received the key or the phrase, nor did the server or its database', async () => {
    expect(secrets.length).toBe(5);
    // The host did hear from the frames (the hidden wallet frame's replies): the recorder works.
    expect(hostMessages.some((m) => m.origin === stack.server.url)).toBe(true);
    const host = await page.evaluate(() => {
      const storage = (s: Storage) =>
        Object.entries({ ...s })
          .flat()
          .join('\n');
      return {
        storage: `${storage(localStorage)}\n${storage(sessionStorage)}`,
      };
    });
    // The modal's shadow root included (the export screen's DOM is there).
    const dom = await pageHtml(page);
    const serverLogs = stack.server.logs.join('\n');
    const database = (await dumpDatabase(stack.server)).map((row) => row.text).join('\n');
    // The dump covers the wallets' rows (their addresses are there), just never a key.
    expect(database).toContain(wallets.solana);
    for (const secret of secrets) {
      // Hex keys are also searched without 0x and in upper case; phrases by their words in order.
      const forms = [secret, secret.replace(/^0x/, ''), secret.replace(/^0x/, '').toUpperCase()];
      for (const form of forms) {
        for (const message of hostMessages) expect(message.data).not.toContain(form);
        expect(dom).not.toContain(form);
        expect(host.storage).not.toContain(form);
        // Nor did the server ever see it: export rebuilds the key in the frame.
        expect(serverLogs).not.toContain(form);
        // Nor does the database hold it, in any table.
        expect(database).not.toContain(form);
      }
    }
    expect(pageErrors).toEqual([]);
  });
});
