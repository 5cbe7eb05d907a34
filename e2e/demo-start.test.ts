/**
 * `npm start` as a user runs it (scripts/start.ts, on free ports and a fresh data dir): the server,
 * the local EVM and Solana chains and the demo's Vite dev server come up; in Chromium an email login
 * (the code from the dev outbox) gets embedded wallets that the demo funds by itself, so 'Send ETH'
 * and a SOL transfer land on the local chains with no manual step; the built-in test wallet logs in
 * by SIWE; at 390 px nothing overflows. At the end the whole process group is stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@latchkey/test/browser';
import { jsonRpc as rpc } from '@latchkey/test/chains';
import {
  demoState,
  enterCode,
  id,
  modalClosed,
  openLogin,
  openWalletLogin,
  pickWallet,
  submitEmail,
  text,
} from '@latchkey/test/e2e';
import { cleanEnv } from '@latchkey/test/server/processes';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');
const slow = 120_000;

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('npm start', () => {
  const ports = { server: 0, demo: 0, evm: 0, solana: 0 };
  const dataDir = mkdtempSync(join(tmpdir(), 'lk-start-'));
  let child: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let appId = '';
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const evmUrl = () => `http://127.0.0.1:${ports.evm}`;
  const solanaUrl = () => `http://127.0.0.1:${ports.solana}`;
  const apiUrl = () => `http://127.0.0.1:${ports.server}`;
  const demoUrl = () => `http://127.0.0.1:${ports.demo}/`;

  /** The newest code the dev outbox holds for `email`, read with the development app's secret. */
  async function codeFromOutbox(email: string): Promise<string> {
    const { secret } = JSON.parse(readFileSync(join(dataDir, 'dev-app.json'), 'utf8')) as { secret: string };
    let code = '';
    await expect
      .poll(
        async () => {
          const response = await fetch(
            `${apiUrl()}/api/v1/apps/${appId}/dev_outbox?${new URLSearchParams({ to: email })}`,
            {
              headers: {
                authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
                'privy-app-id': appId,
              },
            },
          );
          const { data } = (await response.json()) as { data: { text: string }[] };
          code = /\b(\d{6})\b/.exec(data[0]?.text ?? '')?.[1] ?? '';
          return code;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    return code;
  }

  beforeAll(async () => {
    ports.server = await freePort();
    ports.demo = await freePort();
    ports.evm = await freePort();
    ports.solana = await freePort();
    child = spawn(
      process.execPath,
      [
        '--conditions=@latchkey/source',
        join(root, 'scripts/start.ts'),
        '--demo-port',
        String(ports.demo),
        '--evm-port',
        String(ports.evm),
        '--solana-port',
        String(ports.solana),
        '--port',
        String(ports.server),
        '--data-dir',
        dataDir,
      ],
      // Its own process group, so the whole tree can be stopped at the end. The environment of a
      // fresh machine: CI's DATABASE_URL / REDIS_URL must not point `npm start` at a shared database.
      { cwd: root, env: cleanEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // Ready once it prints the demo's address (the last part to start), or done for if it exits.
    const deadline = Date.now() + slow;
    while (!output.includes(`[start] ready: ${demoUrl()}`) && child.exitCode === null) {
      if (Date.now() > deadline) throw new Error(`npm start was not ready in ${slow / 1000} s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    appId = /Development app id: (\S+)/.exec(output)![1]!;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, slow + 30_000);

  afterAll(async () => {
    await browser?.close();
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    // It stops by itself: every part of it is gone within a few seconds.
    const code = await Promise.race([
      exited,
      new Promise((r) => setTimeout(() => r('still running'), 10_000)),
    ]);
    if (code === 'still running' && child.pid) process.kill(-child.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    // The key that seals wallet recovery material is kept beside the data dir.
    rmSync(`${dataDir}.keys`, { recursive: true, force: true });
    expect(code).not.toBe('still running');
    await expect(fetch(evmUrl(), { method: 'POST' })).rejects.toThrow();
  });

  test(
    'a second npm start on the same ports names each busy one with its flag, and changes nothing',
    async () => {
      const args = ['--demo-port', ports.demo, '--evm-port', ports.evm, '--solana-port', ports.solana];
      const second = await new Promise<{ code: number | null; text: string }>((resolve) => {
        const again = spawn(
          process.execPath,
          [
            '--conditions=@latchkey/source',
            join(root, 'scripts/start.ts'),
            ...args.map(String),
            '--port',
            String(ports.server),
            '--data-dir',
            dataDir,
          ],
          { cwd: root, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let text = '';
        again.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
        again.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
        again.once('exit', (code) => resolve({ code, text }));
      });
      expect(second.code).toBe(1);
      for (const [port, part, flag] of [
        [ports.server, 'the Latchkey server', '--port'],
        [ports.evm, 'the EVM node', '--evm-port'],
        [ports.solana, 'the Solana RPC', '--solana-port'],
        [ports.demo, 'the demo app', '--demo-port'],
      ])
        expect(second.text).toContain(
          `[start] port ${port} (${part}) is in use: stop the other process (another npm start?) or pass ${flag} N`,
        );
      expect(second.text).not.toMatch(/EADDRINUSE|at .*\.ts:\d+/);
      // The banner names the dashboard with a login link, and codes print as one line each.
      expect(output).toMatch(
        new RegExp(`Dashboard +http://127\\.0\\.0\\.1:${ports.server}/dashboard/#login=`),
      );
    },
    slow,
  );

  test(
    'serves the demo pointed at the local chains, with wallet chain 31337',
    async () => {
      await page.goto(demoUrl());
      expect((await demoState(page)).authenticated).toBe(false);
      expect(Number(await rpc(evmUrl(), 'eth_chainId'))).toBe(31337);
      expect(await rpc(solanaUrl(), 'getHealth')).toBe('ok');
    },
    slow,
  );

  let ethereumAddress = '';
  let solanaAddress = '';

  test(
    'logs in by email (code from the dev outbox) and gets funded embedded wallets',
    async () => {
      const email = `start-${Date.now()}@example.com`;
      await openLogin(page);
      await submitEmail(page, email);
      const code = await codeFromOutbox(email);
      // The server's console shows the same code as one line among the quiet others.
      expect(output).toContain(`[server] ✉ Code ${code} for ${email} (email): `);
      await enterCode(page, code);
      await page.locator(id('lk-screen-embedded-created')).waitFor({ state: 'visible', timeout: slow });
      await modalClosed(page);
      await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');

      // The development app creates both wallets at login (create_on_login), and the demo says so.
      await expect
        .poll(() => text(page, 'demo-config-wallets'))
        .toContain('Ethereum wallet: created at login for users without one');
      await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible', timeout: slow });
      await page.locator(id('demo-embedded-solana-0')).waitFor({ state: 'visible', timeout: slow });
      ethereumAddress = await text(page, 'demo-embedded-ethereum-0');
      solanaAddress = await text(page, 'demo-embedded-solana-0');
      // The shown chain is where sends go.
      await expect.poll(() => text(page, 'demo-wallet-chain')).toBe('eip155:31337');

      for (const [chain, address] of [
        ['ethereum', ethereumAddress],
        ['solana', solanaAddress],
      ]) {
        const funds = page.locator(id(`demo-funds-${chain}-${address}`));
        await expect.poll(() => funds.getAttribute('data-status'), { timeout: 30_000 }).toBe('funded');
        expect(await funds.textContent()).toContain(
          `Funded with test ${chain === 'ethereum' ? 'ETH' : 'SOL'} on the local chain`,
        );
      }
      expect(BigInt(String(await rpc(evmUrl(), 'eth_getBalance', [ethereumAddress, 'latest'])))).toBe(
        10n * 10n ** 18n,
      );
      const { value } = (await rpc(solanaUrl(), 'getBalance', [solanaAddress])) as { value: number };
      expect(value).toBe(10_000_000_000);
    },
    slow,
  );

  test(
    'Send ETH lands on the local node',
    async () => {
      const recipient = `0x${'ab'.repeat(20)}`;
      const before = BigInt(String(await rpc(evmUrl(), 'eth_getBalance', [recipient, 'latest'])));
      await page.locator(id('demo-send-to')).fill(recipient);
      await page.locator(id('demo-send-value')).fill('1000000000000000');
      await page.locator(id('demo-send-eth')).click();
      await page.locator(id('lk-screen-confirm-transaction')).waitFor({ state: 'visible', timeout: slow });
      expect(await text(page, 'lk-tx-network')).toBe('NetworkLatchkey Local');
      await page.locator(id('lk-tx-approve')).click();
      await page.locator(id('lk-screen-transaction-receipt')).waitFor({ state: 'visible', timeout: slow });
      await expect.poll(() => text(page, 'demo-tx-hash'), { timeout: slow }).toMatch(/^0x[0-9a-f]{64}$/);
      const receipt = (await rpc(evmUrl(), 'eth_getTransactionReceipt', [
        await text(page, 'demo-tx-hash'),
      ])) as {
        status: string;
        from: string;
      };
      expect(receipt.status).toBe('0x1');
      expect(receipt.from.toLowerCase()).toBe(ethereumAddress.toLowerCase());
      const after = BigInt(String(await rpc(evmUrl(), 'eth_getBalance', [recipient, 'latest'])));
      expect(after - before).toBe(1_000_000_000_000_000n);
      await page.locator(id('lk-receipt-done')).click();
      await modalClosed(page);
    },
    slow,
  );

  test(
    'a SOL transfer lands on the local cluster',
    async () => {
      const recipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
      await page.locator(id('demo-sol-to')).fill(recipient);
      await page.locator(id('demo-sol-lamports')).fill('100000000');
      await page.locator(id('demo-sol-transfer')).click();
      await page
        .locator(id('lk-screen-confirm-solana-transaction'))
        .waitFor({ state: 'visible', timeout: slow });
      await page.locator(id('lk-tx-approve')).click();
      await page.locator(id('lk-screen-transaction-receipt')).waitFor({ state: 'visible', timeout: slow });
      await expect.poll(() => text(page, 'demo-sol-signature'), { timeout: slow }).not.toBe('');
      const { value } = (await rpc(solanaUrl(), 'getBalance', [recipient])) as { value: number };
      expect(value).toBe(100_000_000);
      await page.locator(id('lk-receipt-done')).click();
      await modalClosed(page);
    },
    slow,
  );

  test(
    'fits 390 px: no horizontal overflow, logged in or with the login sheet open',
    async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);

      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await phone.goto(`${demoUrl()}?theme=dark`);
      await openLogin(phone);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const sheet = await phone.locator(id('lk-modal')).boundingBox();
      expect(sheet!.x).toBeGreaterThanOrEqual(0);
      expect(sheet!.x + sheet!.width).toBeLessThanOrEqual(390);
      // The dark theme is the page's too, not only the sheet's.
      expect(await phone.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(18, 19, 22)',
      );
      await page.screenshot({ path: join(root, 'artifacts/screenshots/demo-390-light.png'), fullPage: true });
      await phone.screenshot({ path: join(root, 'artifacts/screenshots/demo-390-dark-login.png') });
      await phone.close();
    },
    slow,
  );

  test(
    'the built-in test wallet logs in by SIWE',
    async () => {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.locator(id('demo-logout')).click();
      await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
      await Promise.all([page.waitForEvent('load'), page.locator(id('demo-test-wallet-toggle')).check()]);
      await demoState(page);
      const address = await text(page, 'demo-test-wallet-ethereum');
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(await page.locator('.warning').textContent()).toContain('published key');

      await openWalletLogin(page);
      await pickWallet(page, 'Latchkey Test Wallet', 'ethereum');
      await modalClosed(page);
      await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
      await page.locator(id(`demo-linked-wallet-${address}`)).waitFor({ state: 'visible' });
      expect(pageErrors).toEqual([]);
    },
    slow,
  );
});
