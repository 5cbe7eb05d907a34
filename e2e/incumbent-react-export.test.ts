/**
 * The incumbent's React SDK, `@privy-io/react-auth` 3.45.0 unmodified, against Latchkey in Chromium:
 * a page with `PrivyProvider` (our app id, `apiUrl` = our server) logs a user in with an email code
 * (`useLoginWithEmail`, the code from the SMTP listener), creates an embedded Ethereum wallet
 * (`useCreateWallet`), and `useExportWallet().exportWallet()` opens react-auth's export modal, whose
 * key-export frame (our server's page) shows the key; the key must control the wallet's address.
 * react-auth asks the wallet frame `privy:mfa:verify` before every export, also for a user with no
 * MFA factor (packages/wallet-frame/src/frame/handlers/mfa-verify.ts answers `{}` then).
 *
 * react-auth is installed at test time into a cached app outside the repo, not as a devDependency:
 * see e2e/react-auth-app.ts for why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StaticServer, startStaticServer } from '@latchkey/test/browser';
import { codeFromMail, id, type Stack, startStack, text } from '@latchkey/test/e2e';
import type { Frame, Page } from 'playwright-core';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildReactAuthPage, reactAuthAppDir } from './react-auth-app.ts';

/** Wallet creation and the export frame run with server round trips: allow for them. */
const walletTimeout = 60_000;

interface ReactAuthHooks {
  sendCode(args: { email: string }): Promise<void>;
  loginWithCode(args: { code: string }): Promise<void>;
  createWallet(): Promise<{ address: string }>;
  exportWallet(options?: { address: string }): Promise<void>;
}
declare global {
  interface Window {
    reactAuth: ReactAuthHooks;
  }
}

describe('@privy-io/react-auth 3.45.0 against Latchkey', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'lk-react-auth-page-'));
  let stack: Stack;
  let site: StaticServer;
  let appId: string;
  let page: Page;
  let pageErrors: string[];
  let address = '';
  /** The wallet frame's replies to the page (react-auth), by event. */
  const replies: { event: string; data?: unknown; error?: unknown }[] = [];
  /** Our server's error responses to the page and its frames: method, path, status and body. */
  const refused: string[] = [];

  beforeAll(async () => {
    await buildReactAuthPage(await reactAuthAppDir(), outdir);
    stack = await startStack();
    site = await startStaticServer(outdir);
    appId = (await stack.server.createApp({ email_auth: true, allowed_domains: [site.url] })).app.id;
    ({ page, errors: pageErrors } = await stack.newPage());
    const context = page.context();
    context.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== stack.apiUrl || response.status() < 400) return;
      void response
        .text()
        .then((body) =>
          refused.push(`${response.request().method()} ${url.pathname} ${response.status()} ${body}`),
        );
    });
    // The frame's replies, as react-auth's window receives them (structured objects; `fid` may be a BigInt).
    await page.exposeBinding('lkRecordReply', (_source, reply: string) => replies.push(JSON.parse(reply)));
    await page.addInitScript((apiUrl) => {
      if (window.top !== window) return;
      window.addEventListener('message', (event) => {
        if (event.origin !== apiUrl || typeof event.data?.event !== 'string') return;
        const { event: name, data, error } = event.data;
        const reply = JSON.stringify({ event: name, data, error }, (_k, v) =>
          typeof v === 'bigint' ? String(v) : v,
        );
        void (window as unknown as { lkRecordReply(r: string): void }).lkRecordReply(reply);
      });
    }, stack.apiUrl);
  }, 300_000);
  afterAll(async () => {
    await site?.close();
    await stack?.close();
    rmSync(outdir, { recursive: true, force: true });
  });

  test('logs in with an email code and creates an embedded Ethereum wallet', async () => {
    await page.goto(`${site.url}/?${new URLSearchParams({ appId, apiUrl: stack.apiUrl })}`);
    await expect.poll(() => text(page, 'ra-ready'), { timeout: 30_000 }).toBe('true');
    const email = 'react-auth.export@example.com';
    await page.evaluate((email) => window.reactAuth.sendCode({ email }), email);
    const code = await codeFromMail(stack.smtp, email);
    await page.evaluate((code) => window.reactAuth.loginWithCode({ code }), code);
    await expect.poll(() => text(page, 'ra-authenticated')).toBe('true');
    const created = await page.evaluate(() =>
      window.reactAuth.createWallet().then((w) => ({ address: w.address })),
    );
    expect(created.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect.poll(() => text(page, 'ra-wallet'), { timeout: walletTimeout }).toBe(created.address);
    address = created.address;
    expect(replies.map((r) => r.event)).toContain('privy:wallet:create');
    expect(pageErrors).toEqual([]);
  });

  /** The key-export frame react-auth mounts in its modal, once its page has loaded. */
  async function exportFrame(): Promise<Frame> {
    const exportUrl = `${stack.apiUrl}/apps/${appId}/embedded-wallets/export?`;
    let frame: Frame | undefined;
    await expect
      .poll(
        () => {
          frame = page.frames().find((f) => f.url().startsWith(exportUrl));
          return frame ? frame.locator(id('lk-export-reveal-key')).count() : 0;
        },
        { timeout: walletTimeout },
      )
      .toBe(1);
    return frame!;
  }

  /** Clicks 'Copy key' / 'Copy seed phrase' in the export frame and reads the value it shows there. */
  async function reveal(frame: Frame, kind: 'key' | 'phrase'): Promise<string> {
    await frame.locator(id(`lk-export-reveal-${kind}`)).click();
    const value = frame.locator(id(`lk-export-${kind}`));
    await value.waitFor({ state: 'visible', timeout: walletTimeout });
    return ((await value.textContent()) ?? '').trim();
  }

  test('exportWallet() opens its export modal, whose frame shows the key and phrase of the wallet', async () => {
    expect(address).not.toBe('');
    // Resolves once the user closes the modal (a rejection when the page closes first is kept as text).
    const exported = page
      .evaluate((address) => window.reactAuth.exportWallet({ address }).then(() => 'closed'), address)
      .catch((error: unknown) => String(error));
    // react-auth's modal (its `#privy-dialog` element has no box of its own: its content panel is what shows).
    const dialog = page.locator('#privy-modal-content');
    await dialog.waitFor({ state: 'visible' });
    await expect.poll(() => dialog.textContent(), { timeout: walletTimeout }).toContain('Export wallet');
    // react-auth asked the frame for MFA first; a user with no factor gets `{}`, not an error. (Its
    // modal may ask more than once as its view re-renders, so every answer is checked, not the count.)
    const mfaReplies = () => replies.filter((r) => r.event === 'privy:mfa:verify');
    await expect.poll(() => mfaReplies().length, { timeout: walletTimeout }).toBeGreaterThan(0);
    for (const reply of mfaReplies()) expect(reply).toEqual({ event: 'privy:mfa:verify', data: {} });
    const frame = await exportFrame();
    // react-auth builds the on-device (`v=1`) export URL from the wallet's entropy id.
    const query = new URL(frame.url()).searchParams;
    expect(query.get('v')).toBe('1');
    expect(query.get('entropy_id')?.toLowerCase()).toBe(address.toLowerCase());
    expect(query.get('chain_type')).toBe('ethereum');

    const key = await reveal(frame, 'key');
    expect(key).toMatch(/^(0x)?[0-9a-f]{64}$/);
    const hex = (key.startsWith('0x') ? key : `0x${key}`) as `0x${string}`;
    expect(privateKeyToAccount(hex).address).toBe(address);
    const phrase = await reveal(frame, 'phrase');
    expect(phrase.split(' ')).toHaveLength(12);
    expect(mnemonicToAccount(phrase).address).toBe(address);
    // The secrets stay in the frame (our server's origin): react-auth's page never has them.
    const html = await page.content();
    expect(html).not.toContain(key.replace(/^0x/, ''));
    expect(html).not.toContain(phrase);

    // A click beside the modal (on its backdrop), not the header's 'close modal' button: in react-auth
    // 3.45.0 that button closes the modal without settling the promise (the export view passes `onClose`
    // without `showClose`, so its `Screen.Header` falls back to a bare `closePrivyModal()`); the backdrop
    // and Escape call the export screen's own close, which resolves it. (Escape would go to the export
    // frame, which has the focus after the reveal clicks.)
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    expect(await exported).toBe('closed');
    expect(pageErrors).toEqual([]);
    // The one refusal on the way is our frames' DPoP nonce challenge (RFC 9449 §8), which they answer.
    expect(refused.filter((r) => !r.includes('"code":"use_dpop_nonce"'))).toEqual([]);
  });
});
