/**
 * The wallet frame on its own, without the React SDK: a bare host page on an allowed origin embeds the
 * real server's frame and speaks WIRE §6 to it with postMessage, as the SDK's proxy does. Creation,
 * signatures that verify, a new device that must recover (server-kept key, then a user password), the
 * origin check, and where the device share is (and is not) stored.
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
import type { Frame, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const createTimeoutMs = 60_000;

describe('wallet frame protocol in the browser', () => {
  let pages: HostPages;
  let stack: Stack;
  let appId: string;

  beforeAll(async () => {
    pages = await startHostPages();
    ({ stack, appId } = pages);
  });
  afterAll(async () => {
    await pages?.close();
  });

  // State carried from one step to the next, as one user's story.
  let first: { page: Page; errors: string[] };
  let token: string;
  let address: `0x${string}`;
  const email = 'frame.user@example.com';

  test('answers the ready handshake and creates an Ethereum wallet once for identical creates', async () => {
    first = await pages.newDevice();
    token = await loginFromPage(stack, first.page, appId, email);
    await mountFrame(first.page, pages.frameUrl);
    const create = { accessToken: token, recoveryMethod: 'privy' };
    // The host may send the same create twice while the first runs; both get the one wallet.
    const [a, b] = await Promise.all([
      ask(first.page, 'privy:wallet:create', create, createTimeoutMs),
      ask(first.page, 'privy:wallet:create', create, createTimeoutMs),
    ]);
    expect(a.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(b).toEqual(a);
    address = a.address as `0x${string}`;

    const wallets = (await pages.usersMe(token)).linked_accounts.filter(
      (account) => account.type === 'wallet',
    );
    expect(wallets).toEqual([
      expect.objectContaining({
        address,
        chain_type: 'ethereum',
        connector_type: 'embedded',
        wallet_client_type: 'privy',
        wallet_index: 0,
        recovery_method: 'privy',
      }),
    ]);
  });

  test('signs personal_sign with a signature that verifies for the address', async () => {
    const message = 'Sign in to the e2e host';
    const signature = await personalSign(first.page, token, address, message);
    expect(await verifyMessage({ address, message, signature })).toBe(true);
  });

  test('keeps the device share in the frame origin’s storage only', async () => {
    const frameStorage = await walletFrame(stack, first.page).evaluate(() => ({ ...localStorage }));
    const key = `latchkey:device-share:${appId}:${address}`;
    // One share under both names of the entropy: this Ethereum address and the Solana primary's.
    expect(Object.keys(frameStorage)).toContain(key);
    expect(Object.keys(frameStorage)).toHaveLength(2);
    expect(new Set(Object.values(frameStorage)).size).toBe(1);
    expect(frameStorage[key]).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const hostStorage = await first.page.evaluate(() => ({
      local: localStorage.length,
      session: sessionStorage.length,
    }));
    expect(hostStorage).toEqual({ local: 0, session: 0 });
  });

  test('creates a Solana wallet from the same entropy whose signMessage verifies (ed25519)', async () => {
    const { publicKey } = await ask(
      first.page,
      'privy:solana-wallet:create',
      { accessToken: token, ethereumAddress: address },
      createTimeoutMs,
    );
    expect(typeof publicKey).toBe('string');
    const message = new TextEncoder().encode('Solana hello from the e2e host');
    const reply = await ask(first.page, 'privy:wallets:rpc', {
      accessToken: token,
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'solana',
      hdWalletIndex: 0,
      request: { method: 'signMessage', params: { message: base64.encode(message) } },
    });
    expect(reply).toMatchObject({
      address: publicKey,
      chainType: 'solana',
      response: { method: 'signMessage' },
    });
    const signature = base64.decode((reply.response as { data: { signature: string } }).data.signature);
    expect(ed25519.verify(signature, message, base58.decode(publicKey as string))).toBe(true);
    const solana = (await pages.usersMe(token)).linked_accounts.find(
      (account) => account.chain_type === 'solana',
    );
    expect(solana).toMatchObject({ address: publicKey, public_key: publicKey, wallet_index: 0 });
  });

  test('the export frame shows the keys and seed phrase inside the frame only', async () => {
    const page = first.page;
    await page.evaluate((origin) => {
      const host = window as unknown as { exportMessages: unknown[] };
      host.exportMessages = [];
      window.addEventListener('message', (event) => {
        if (event.origin === origin) host.exportMessages.push(event.data);
      });
    }, stack.server.url);
    const mountExport = async (query: Record<string, string>) => {
      const src = `${pages.frameUrl}/export?${new URLSearchParams(query)}#token=${token}`;
      await page.evaluate((src) => {
        document.querySelector('iframe[data-export]')?.remove();
        const iframe = document.createElement('iframe');
        iframe.dataset.export = '';
        iframe.src = src;
        document.body.append(iframe);
      }, src);
      await expect
        .poll(() => page.frames().some((f) => f.url().includes('/embedded-wallets/export')))
        .toBe(true);
      return page.frames().find((f) => f.url().includes('/embedded-wallets/export'))!;
    };
    const reveal = async (frame: Frame, kind: 'key' | 'phrase') => {
      await frame.locator(`[data-testid="lk-export-reveal-${kind}"]`).click();
      const value = frame.locator(`[data-testid="lk-export-${kind}"]`);
      await value.waitFor({ state: 'visible' });
      return (await value.textContent())!;
    };

    const ethereum = await mountExport({
      entropy_id: address,
      entropy_id_verifier: 'ethereum-address-verifier',
      hd_wallet_index: '0',
      chain_type: 'ethereum',
      phrase_export: 'true',
    });
    const privateKey = (await reveal(ethereum, 'key')) as `0x${string}`;
    expect(privateKeyToAddress(privateKey)).toBe(address);
    const phrase = await reveal(ethereum, 'phrase');
    expect(phrase.split(' ')).toHaveLength(12);
    expect(mnemonicToAccount(phrase).address).toBe(address);
    // The token does not stay in the frame's address.
    expect(ethereum.url()).not.toContain('token');

    const solanaAddress = (await pages.usersMe(token)).linked_accounts.find((a) => a.chain_type === 'solana')!
      .address as string;
    const solana = await mountExport({
      entropy_id: address,
      entropy_id_verifier: 'ethereum-address-verifier',
      hd_wallet_index: '0',
      chain_type: 'solana',
    });
    expect(await solana.locator('[data-testid="lk-export-reveal-phrase"]').count()).toBe(0);
    const secretKey = base58.decode(await reveal(solana, 'key'));
    expect(secretKey).toHaveLength(64);
    expect(base58.encode(ed25519.getPublicKey(secretKey.slice(0, 32)))).toBe(solanaAddress);

    // Nothing came out of the export frame to the host page.
    expect(
      await page.evaluate(() => (window as unknown as { exportMessages: unknown[] }).exportMessages),
    ).toEqual([]);
    await page.evaluate(() => document.querySelector('iframe[data-export]')?.remove());
  });

  test('refuses bad request data with invalid_request_arguments', async () => {
    expect(
      (
        await failure(first.page, 'privy:wallets:rpc', {
          accessToken: token,
          entropyId: address,
          entropyIdVerifier: 'ethereum-address-verifier',
          chainType: 'ethereum',
          hdWalletIndex: -1,
          request: { method: 'personal_sign', params: ['x', address] },
        })
      ).type,
    ).toBe('invalid_request_arguments');
  });

  test('does not answer a page on an origin outside allowed_domains', async () => {
    // Framed by a stranger, the page is refused by frame-ancestors: nothing answers.
    const framed = await pages.newDevice(pages.stranger.url);
    const unanswered = await framed.page.evaluate(async (src) => {
      const iframe = document.createElement('iframe');
      iframe.src = src;
      document.body.append(iframe);
      let answered = false;
      window.addEventListener('message', () => {
        answered = true;
      });
      for (let i = 0; i < 7; i++) {
        iframe.contentWindow?.postMessage({ id: `id-${i}`, event: 'privy:iframe:ready', data: {} }, '*');
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      return !answered;
    }, pages.frameUrl);
    expect(unanswered).toBe(true);

    // A live frame (in the allowed host, opened by the stranger) hears the stranger's message and
    // stays silent, while it still answers its own host.
    const [popup] = await Promise.all([
      framed.context.waitForEvent('page'),
      framed.page.evaluate((url) => {
        (window as unknown as { hostWindow: Window | null }).hostWindow = window.open(url);
      }, `${pages.host.url}/`),
    ]);
    await popup.waitForLoadState();
    await mountFrame(popup, pages.frameUrl);
    const strangerGotAnswer = await framed.page.evaluate(async () => {
      const target = (window as unknown as { hostWindow: Window }).hostWindow.frames[0]!;
      let answered = false;
      window.addEventListener('message', () => {
        answered = true;
      });
      target.postMessage({ id: 'id-1', event: 'privy:iframe:ready', data: {} }, '*');
      target.postMessage(JSON.stringify({ id: 'id-2', event: 'privy:iframe:ready', data: {} }), '*');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return answered;
    });
    expect(strangerGotAnswer).toBe(false);
    expect(await request(popup, 'privy:iframe:ready', {})).toMatchObject({ data: {} });
  });

  test('a new device must recover (privy method), then signs for the same address', async () => {
    const second = await pages.newDevice();
    const secondToken = await loginFromPage(stack, second.page, appId, email);
    await mountFrame(second.page, pages.frameUrl);
    const ref = {
      accessToken: secondToken,
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
    };
    expect((await failure(second.page, 'privy:wallets:connect', ref)).type).toBe('wallet_not_on_device');
    expect(await ask(second.page, 'privy:wallets:recover', ref, createTimeoutMs)).toEqual({
      entropyId: address,
    });
    expect(await ask(second.page, 'privy:wallets:connect', ref)).toEqual({ entropyId: address });
    const message = 'Signed on the second device';
    const signature = await personalSign(second.page, secondToken, address, message);
    expect(await verifyMessage({ address, message, signature })).toBe(true);

    // Recovery re-split the entropy: the first device's share is stale, so it is dropped there and
    // that device is told to recover too.
    const ref1 = { accessToken: token, entropyId: address, entropyIdVerifier: 'ethereum-address-verifier' };
    expect((await failure(first.page, 'privy:wallets:connect', ref1)).type).toBe('wallet_not_on_device');
    expect(await walletFrame(stack, first.page).evaluate(() => localStorage.length)).toBe(0);
    expect(second.errors).toEqual([]);
  });

  test('a password-protected wallet recovers on a new device with the right password only', async () => {
    const passwordEmail = 'frame.password@example.com';
    const password = 'correct horse battery staple';
    const device = await pages.newDevice();
    const userToken = await loginFromPage(stack, device.page, appId, passwordEmail);
    await mountFrame(device.page, pages.frameUrl);
    const { address: created } = await ask(
      device.page,
      'privy:wallet:create',
      { accessToken: userToken, recoveryMethod: 'user-passcode', recoveryPassword: password },
      createTimeoutMs,
    );
    const passwordAddress = created as `0x${string}`;
    const account = (await pages.usersMe(userToken)).linked_accounts.find((a) => a.type === 'wallet');
    expect(account).toMatchObject({ address: passwordAddress, recovery_method: 'user-passcode' });

    const other = await pages.newDevice();
    const otherToken = await loginFromPage(stack, other.page, appId, passwordEmail);
    await mountFrame(other.page, pages.frameUrl);
    const ref = {
      accessToken: otherToken,
      entropyId: passwordAddress,
      entropyIdVerifier: 'ethereum-address-verifier',
    };
    expect((await failure(other.page, 'privy:wallets:connect', ref)).type).toBe('wallet_not_on_device');
    expect((await failure(other.page, 'privy:wallets:recover', ref, createTimeoutMs)).type).toBe(
      'invalid_request_arguments',
    );
    expect(
      (
        await failure(
          other.page,
          'privy:wallets:recover',
          { ...ref, recoveryPassword: 'not the password' },
          createTimeoutMs,
        )
      ).type,
    ).toBe('invalid_recovery_pin');
    expect(
      await ask(other.page, 'privy:wallets:recover', { ...ref, recoveryPassword: password }, createTimeoutMs),
    ).toEqual({ entropyId: passwordAddress });
    const message = 'Recovered with a password';
    const signature = await personalSign(other.page, otherToken, passwordAddress, message);
    expect(await verifyMessage({ address: passwordAddress, message, signature })).toBe(true);
  });

  test('a host page cannot take the password off a password wallet without it; with it, it can', async () => {
    const device = await pages.newDevice();
    const userToken = await loginFromPage(stack, device.page, appId, 'frame.downgrade@example.com');
    await mountFrame(device.page, pages.frameUrl);
    const password = 'only the user knows';
    const { address: created } = await ask(
      device.page,
      'privy:wallet:create',
      { accessToken: userToken, recoveryMethod: 'user-passcode', recoveryPassword: password },
      createTimeoutMs,
    );
    const ref = {
      accessToken: userToken,
      entropyId: created,
      entropyIdVerifier: 'ethereum-address-verifier',
    };
    // Script on the app's page can message the frame, as the SDK does: without the password, nothing.
    for (const attempt of [
      { ...ref, recoveryMethod: 'privy' },
      { ...ref, recoveryMethod: 'privy', existingRecoveryPassword: 'a guess' },
      { ...ref, recoveryMethod: 'user-passcode', recoveryPassword: 'attacker chose this' },
    ]) {
      const error = await failure(device.page, 'privy:wallets:set-recovery', attempt, createTimeoutMs);
      expect(error.type, JSON.stringify(attempt)).toBe('invalid_recovery_pin');
    }
    const method = async () =>
      (await pages.usersMe(userToken)).linked_accounts.find((a) => a.type === 'wallet')?.recovery_method;
    expect(await method()).toBe('user-passcode');
    expect(
      await ask(
        device.page,
        'privy:wallets:set-recovery',
        { ...ref, recoveryMethod: 'privy', existingRecoveryPassword: password },
        createTimeoutMs,
      ),
    ).toMatchObject({ recoveryMethod: 'privy' });
    expect(await method()).toBe('privy');
  });

  test('after the SDK’s logout the frame refuses to sign at once, though it held the share and keys', async () => {
    const device = await pages.newDevice();
    const userToken = await loginFromPage(stack, device.page, appId, 'frame.logout@example.com');
    await mountFrame(device.page, pages.frameUrl);
    const { address: created } = await ask(
      device.page,
      'privy:wallet:create',
      { accessToken: userToken, recoveryMethod: 'privy' },
      createTimeoutMs,
    );
    const signed = await personalSign(device.page, userToken, created as string, 'before logout');
    expect(
      await verifyMessage({ address: created as `0x${string}`, message: 'before logout', signature: signed }),
    ).toBe(true);
    // The SDK's logout: the frame is locked (its kept share and keys wiped), and the server told.
    await ask(device.page, 'privy:wallets:lock', {});
    const out = await fetch(`${stack.server.url}/api/v1/sessions/logout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${userToken}`,
        'privy-app-id': appId,
        origin: pages.host.url,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(out.status).toBe(200);
    // Script on the page still has the old token: the frame must ask the server again, which refuses.
    // (A logout the frame is not told of ends signing within 1 s: wallet-frame-keys.test.ts.)
    const refused = await failure(device.page, 'privy:wallets:rpc', {
      accessToken: userToken,
      entropyId: created,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: ['after logout', created] },
    });
    expect(refused).toMatchObject({ type: 'error', message: expect.stringContaining('status code 401') });
  });

  test('no page of the run reported an error', () => {
    expect(first.errors).toEqual([]);
  });
});
