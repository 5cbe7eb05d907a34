/**
 * Importing a private key into the real wallet frame, in Chromium, from a bare host page on an
 * allowed origin (WIRE §6 `privy:wallets:import`): the address is the key's, signatures verify, the
 * key is kept only as shares, a second device recovers it (privy method) and signs, and a page on
 * another origin gets no answer.
 */

import type { Stack } from '@latchkey/test/e2e';
import {
  ask,
  failure,
  type HostPages,
  loginFromPage,
  mountFrame,
  personalSign,
  request,
  startHostPages,
  walletFrame,
} from '@latchkey/test/e2e';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import type { Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** viem's (and Hardhat's / Anvil's) first test account: a key everyone knows, and its address. */
const privateKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const address = privateKeyToAddress(privateKey);
const importTimeoutMs = 60_000;

describe('importing a private key into the wallet frame', () => {
  let pages: HostPages;
  let stack: Stack;
  let appId: string;
  const email = 'importer@example.com';
  let first: { page: Page; errors: string[] };
  let token: string;

  beforeAll(async () => {
    pages = await startHostPages();
    ({ stack, appId } = pages);
  });
  afterAll(async () => {
    await pages?.close();
  });

  const linkedWallets = async (accessToken: string) =>
    (await pages.usersMe(accessToken)).linked_accounts.filter((account) => account.type === 'wallet');

  test('imports the key as an on-device wallet at the key’s address, linked as imported', async () => {
    first = await pages.newDevice();
    token = await loginFromPage(stack, first.page, appId, email);
    await mountFrame(first.page, pages.frameUrl);
    // TEE wallets are not built here: a clear refusal, and nothing is stored.
    expect(
      await failure(first.page, 'privy:wallets:import', {
        accessToken: token,
        privateKey,
        chainType: 'ethereum',
        mode: 'tee',
      }),
    ).toEqual({
      type: 'invalid_request_arguments',
      message: "TEE wallets are not supported by this server: import with mode 'on-device'",
    });
    expect(
      (
        await failure(first.page, 'privy:wallets:import', {
          accessToken: token,
          privateKey: privateKey.slice(0, 50),
          chainType: 'ethereum',
          mode: 'on-device',
        })
      ).type,
    ).toBe('invalid_request_arguments');
    expect(await linkedWallets(token)).toEqual([]);

    const reply = await ask(
      first.page,
      'privy:wallets:import',
      { accessToken: token, privateKey, chainType: 'ethereum', mode: 'on-device' },
      importTimeoutMs,
    );
    expect(reply).toEqual({ address });
    expect(await linkedWallets(token)).toEqual([
      expect.objectContaining({
        address,
        chain_type: 'ethereum',
        connector_type: 'embedded',
        wallet_client_type: 'privy',
        wallet_index: 0,
        imported: true,
        delegated: false,
        recovery_method: 'privy',
      }),
    ]);
  });

  test('signs personal_sign with a signature that verifies for the key’s address', async () => {
    const message = 'Signed by an imported key';
    const signature = await personalSign(first.page, token, address, message);
    expect(await verifyMessage({ address, message, signature })).toBe(true);
  });

  test('keeps only a share, in the frame origin’s storage; the host page holds nothing', async () => {
    const frameStorage = await walletFrame(stack, first.page).evaluate(() => ({ ...localStorage }));
    expect(Object.keys(frameStorage)).toEqual([`latchkey:imported-key-share:${appId}:${address}`]);
    const stored = Object.values(frameStorage)[0]!;
    expect(base64.decode(stored)).toHaveLength(33);
    expect(stored).not.toContain(privateKey.slice(2));
    expect(
      await first.page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })),
    ).toEqual({ local: 0, session: 0 });
  });

  test('imports a Solana keypair (base58, as Phantom exports it) whose signMessage verifies', async () => {
    const seed = ed25519.utils.randomSecretKey();
    const publicKey = ed25519.getPublicKey(seed);
    const solanaAddress = base58.encode(publicKey);
    const reply = await ask(
      first.page,
      'privy:wallets:import',
      {
        accessToken: token,
        privateKey: base58.encode(new Uint8Array([...seed, ...publicKey])),
        chainType: 'solana',
        mode: 'on-device',
      },
      importTimeoutMs,
    );
    expect(reply).toEqual({ address: solanaAddress });
    const message = new TextEncoder().encode('Solana, imported');
    const signed = await ask(first.page, 'privy:wallets:rpc', {
      accessToken: token,
      entropyId: solanaAddress,
      entropyIdVerifier: 'solana-address-verifier',
      chainType: 'solana',
      hdWalletIndex: 0,
      request: { method: 'signMessage', params: { message: base64.encode(message) } },
    });
    const signature = base64.decode((signed.response as { data: { signature: string } }).data.signature);
    expect(ed25519.verify(signature, message, publicKey)).toBe(true);
    expect((await linkedWallets(token)).find((w) => w.address === solanaAddress)).toMatchObject({
      chain_type: 'solana',
      public_key: solanaAddress,
      imported: true,
    });
  });

  test('a second device must recover the imported key (privy), then signs for the same address', async () => {
    const second = await pages.newDevice();
    const secondToken = await loginFromPage(stack, second.page, appId, email);
    await mountFrame(second.page, pages.frameUrl);
    const ref = {
      accessToken: secondToken,
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
    };
    expect((await failure(second.page, 'privy:wallets:connect', ref)).type).toBe('wallet_not_on_device');
    expect(await ask(second.page, 'privy:wallets:recover', ref, importTimeoutMs)).toEqual({
      entropyId: address,
    });
    expect(await ask(second.page, 'privy:wallets:connect', ref)).toEqual({ entropyId: address });
    const message = 'Signed on the second device';
    const signature = await personalSign(second.page, secondToken, address, message);
    expect(await verifyMessage({ address, message, signature })).toBe(true);

    // The recovery re-split the key: the first device's share no longer combines, so it is dropped
    // there and that device is sent to recover too.
    const ref1 = { accessToken: token, entropyId: address, entropyIdVerifier: 'ethereum-address-verifier' };
    expect((await failure(first.page, 'privy:wallets:connect', ref1)).type).toBe('wallet_not_on_device');
    const left = await walletFrame(stack, first.page).evaluate(() => Object.keys(localStorage));
    expect(left.some((key) => key.endsWith(`:${address}`))).toBe(false);

    // Export is for HD wallets only: the export frame, even on the device that holds the imported
    // key's share, does not rebuild it, and leaves the share in place.
    const query = new URLSearchParams({
      entropy_id: address,
      entropy_id_verifier: 'ethereum-address-verifier',
      hd_wallet_index: '0',
      chain_type: 'ethereum',
    });
    await second.page.evaluate((src) => {
      const iframe = document.createElement('iframe');
      iframe.src = src;
      document.body.append(iframe);
    }, `${pages.frameUrl}/export?${query}#token=${secondToken}`);
    await expect
      .poll(() => second.page.frames().some((f) => f.url().includes('/embedded-wallets/export')))
      .toBe(true);
    const exportFrame = second.page.frames().find((f) => f.url().includes('/embedded-wallets/export'))!;
    await exportFrame.locator('[data-testid="lk-export-reveal-key"]').click();
    await expect
      .poll(() => exportFrame.locator('[data-testid="lk-export-error"]').textContent())
      .toBe('The wallet is not on this device; recover it first.');
    expect(await exportFrame.locator('[data-testid="lk-export-key"]').textContent()).toBe('');
    const after = await walletFrame(stack, second.page).evaluate(() => Object.keys(localStorage));
    expect(after).toContain(`latchkey:imported-key-share:${appId}:${address}`);
    expect(second.errors).toEqual([]);
  });

  test('a page on another origin gets no answer, and imports nothing', async () => {
    const framed = await pages.newDevice(pages.stranger.url);
    // The allowed host, opened by the stranger, mounts the live frame; the stranger then posts to it.
    const [popup] = await Promise.all([
      framed.context.waitForEvent('page'),
      framed.page.evaluate((url) => {
        (window as unknown as { hostWindow: Window | null }).hostWindow = window.open(url);
      }, `${pages.host.url}/`),
    ]);
    await popup.waitForLoadState();
    await mountFrame(popup, pages.frameUrl);
    const other = privateKeyToAddress('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    const strangerGotAnswer = await framed.page.evaluate(
      async ({ accessToken }) => {
        const target = (window as unknown as { hostWindow: Window }).hostWindow.frames[0]!;
        let answered = false;
        window.addEventListener('message', () => {
          answered = true;
        });
        const data = {
          accessToken,
          privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
          chainType: 'ethereum',
          mode: 'on-device',
        };
        target.postMessage({ id: 'id-1', event: 'privy:wallets:import', data }, '*');
        target.postMessage(JSON.stringify({ id: 'id-2', event: 'privy:wallets:import', data }), '*');
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        return answered;
      },
      { accessToken: token },
    );
    expect(strangerGotAnswer).toBe(false);
    expect((await linkedWallets(token)).some((w) => w.address === other)).toBe(false);
    // The frame still answers its own host.
    expect(await request(popup, 'privy:iframe:ready', {})).toMatchObject({ data: {} });
  });

  test('no page of the run reported an error', () => {
    expect(first.errors).toEqual([]);
  });
});
