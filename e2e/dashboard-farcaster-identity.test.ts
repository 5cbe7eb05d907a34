/**
 * The dashboard's Farcaster signer card (Login methods, shown while Farcaster login is on) in
 * Chromium, against the real server reading a local chain 10's IdRegistry: the app's fid and custody
 * key, refused in the form when malformed, refused by the server when the key is not the fid's
 * custody (its message under the field), then saved: the card shows the fid and custody address,
 * never the key, which the server holds sealed.
 */
import { buildDashboard } from '@latchkey/dashboard/build';
import { launchChromium } from '@latchkey/test/browser';
import { type FarcasterChain, startFarcasterChain } from '@latchkey/test/chains';
import { startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

describe('dashboard: the app’s Farcaster identity', () => {
  let chain: FarcasterChain;
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    await buildDashboard();
    chain = await startFarcasterChain();
    t = await startTestServer('sqlite', { listen: true, settings: { rpcUrls: { 'eip155:10': chain.url } } });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => errors.push(error.message));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await chain?.stop();
  });

  test('sets the fid and custody key, with the form’s and the server’s error messages', async () => {
    const { app } = await t.createApp({ farcaster_auth: true });
    const custodyKey = generatePrivateKey();
    const custody = privateKeyToAccount(custodyKey);
    const fid = await chain.registerFid(custody);

    await page.goto(`${t.url}/dashboard`);
    await page.getByLabel('Admin key').fill(testAdminKey);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Apps', exact: true }).waitFor();
    await page.goto(`${t.url}/dashboard#/apps/${app.id}/settings/login-methods`);
    const card = page.getByTestId('lk-farcaster-identity');
    await card.waitFor();
    const save = card.getByRole('button', { name: 'Save Farcaster account' });

    // Malformed: refused in the form, nothing sent.
    await card.getByLabel('App fid').fill('0');
    await card.getByLabel('Custody private key').fill('0x1234');
    await save.click();
    expect(await card.getByTestId('error-farcaster_identity.fid').textContent()).toBe(
      'The fid is a positive whole number (the app account’s Farcaster id).',
    );
    expect(await card.getByTestId('error-farcaster_identity.custody_private_key').textContent()).toBe(
      'The custody key is a private key: 0x and 64 hex digits.',
    );

    // Well-formed, but another account's key: the server's word, under the key.
    await card.getByLabel('App fid').fill(String(fid));
    await card.getByLabel('Custody private key').fill(generatePrivateKey());
    await save.click();
    const refused = card.getByTestId('error-farcaster_identity.custody_private_key');
    await expect.poll(() => refused.textContent()).toContain(`is not the custody address of fid ${fid}`);

    // The custody key: saved; the card shows the fid and the address, and the key field is empty.
    await card.getByLabel('Custody private key').fill(custodyKey);
    await save.click();
    await expect.poll(() => card.getByRole('status').textContent()).toBe('Saved.');
    expect(await card.locator('.facts').textContent()).toContain(custody.address);
    expect(await card.getByLabel('Custody private key').inputValue()).toBe('');
    const stored = await (
      await fetch(`${t.url}/admin/v1/apps/${app.id}/farcaster_identity`, {
        headers: { authorization: `Bearer ${testAdminKey}` },
      })
    ).json();
    expect(stored).toEqual({ fid: Number(fid), custody_address: custody.address });
    expect(await page.content()).not.toContain(custodyKey.slice(2));
    expect(errors).toEqual([]);
  });
});
