/**
 * A bare host page speaking WIRE §6 to the real wallet frame, as the SDK's proxy does: serve the page
 * on the app's allowed origin and on a stranger's (`startHostPages`), mount the hidden frame, ping it
 * ready, send requests (ids `id-<n>`, replies accepted only from the frame's origin) and log in by
 * email through the real API from the page (the browser sets its Origin).
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type StaticServer, startStaticServer } from '../browser/static-server.ts';
import { codeFromMail } from './modal.ts';
import { type Stack, startStack } from './stack.ts';

/** A frame reply as the host receives it. */
export interface FrameReply {
  id: string;
  event: string;
  data?: Record<string, unknown>;
  error?: { type: string; message: string };
}

/** What `request` gives when nothing answered in time. */
export type FrameOutcome = FrameReply | { timeout: true };

interface HostWindow {
  lkRequest(event: string, data: unknown, timeoutMs?: number): Promise<FrameOutcome>;
  lkReady(): Promise<FrameOutcome>;
}

/** The stack with a blank host page on two origins, and an email-login app that allows only the first. */
export interface HostPages {
  stack: Stack;
  /** The app's one allowed origin. */
  host: StaticServer;
  /** Another origin, not in allowed_domains, serving the same blank page. */
  stranger: StaticServer;
  appId: string;
  /** The app's wallet frame. */
  frameUrl: string;
  /** A fresh browser context (a new device: empty storage) with the page at `origin` loaded. */
  newDevice(origin?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  /** The user behind `accessToken`, from `/users/me` as the host page's origin. */
  usersMe(accessToken: string): Promise<{ linked_accounts: Record<string, unknown>[] }>;
  /** Closes every device opened, both pages and the stack. */
  close(): Promise<void>;
}

export async function startHostPages(): Promise<HostPages> {
  const dir = mkdtempSync(join(tmpdir(), 'lk-frame-host-'));
  const opened: BrowserContext[] = [];
  const stops: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const context of opened) await context.close().catch(() => undefined);
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><title>host</title></head><body></body></html>',
    );
    const stack = await startStack();
    stops.push(() => stack.close());
    const host = await startStaticServer(dir);
    stops.push(() => host.close());
    const stranger = await startStaticServer(dir);
    stops.push(() => stranger.close());
    const appId = (await stack.server.createApp({ email_auth: true, allowed_domains: [host.url] })).app.id;
    return {
      stack,
      host,
      stranger,
      appId,
      frameUrl: `${stack.server.url}/apps/${appId}/embedded-wallets`,
      async newDevice(origin = host.url) {
        const device = await stack.newPage();
        opened.push(device.context);
        await device.page.goto(`${origin}/`);
        return device;
      },
      async usersMe(accessToken) {
        const response = await fetch(`${stack.server.url}/api/v1/users/me`, {
          headers: { authorization: `Bearer ${accessToken}`, 'privy-app-id': appId, origin: host.url },
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { user: { linked_accounts: Record<string, unknown>[] } }).user;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Mounts the hidden frame at `src` in `page`, installs the request helpers and waits for ready. */
export async function mountFrame(page: Page, src: string): Promise<void> {
  await page.evaluate((src) => {
    const origin = new URL(src).origin;
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.style.display = 'none';
    document.body.append(iframe);
    const pending = new Map<string, (reply: FrameOutcome) => void>();
    let counter = 0;
    window.addEventListener('message', (event) => {
      const reply = event.data as FrameReply;
      if (event.origin !== origin || typeof reply?.event !== 'string' || !reply.event.startsWith('privy:'))
        return;
      pending.get(reply.id)?.(reply);
      pending.delete(reply.id);
    });
    const host = window as unknown as HostWindow;
    host.lkRequest = (event, data, timeoutMs = 15_000) =>
      new Promise((resolve) => {
        const id = `id-${++counter}`;
        pending.set(id, resolve);
        iframe.contentWindow!.postMessage({ id, event, data }, origin);
        setTimeout(() => {
          if (pending.delete(id)) resolve({ timeout: true });
        }, timeoutMs);
      });
    host.lkReady = async () => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const reply = await host.lkRequest('privy:iframe:ready', {}, 150);
        if (!('timeout' in reply)) return reply;
      }
      return { timeout: true };
    };
  }, src);
  expect(await page.evaluate(() => (window as unknown as HostWindow).lkReady())).toMatchObject({
    event: 'privy:iframe:ready',
    data: {},
  });
}

export function request(page: Page, event: string, data: unknown, timeoutMs = 15_000): Promise<FrameOutcome> {
  return page.evaluate(
    ({ event, data, timeoutMs }) => (window as unknown as HostWindow).lkRequest(event, data, timeoutMs),
    { event, data, timeoutMs },
  );
}

/** The reply's data; fails the test with the frame's error otherwise. */
export async function ask(page: Page, event: string, data: unknown, timeoutMs?: number) {
  const reply = await request(page, event, data, timeoutMs);
  if ('timeout' in reply) throw new Error(`${event}: no answer`);
  expect(reply.error, event).toBeUndefined();
  expect(reply.event).toBe(event);
  return reply.data!;
}

/** The reply's error. */
export async function failure(page: Page, event: string, data: unknown, timeoutMs?: number) {
  const reply = await request(page, event, data, timeoutMs);
  if ('timeout' in reply) throw new Error(`${event}: no answer`);
  expect(reply.data, event).toBeUndefined();
  return reply.error!;
}

/**
 * `personal_sign` through the frame by the Ethereum wallet at index 0 of the entropy named by
 * `address`; the signature.
 */
export async function personalSign(
  page: Page,
  accessToken: string,
  address: string,
  message: string,
): Promise<`0x${string}`> {
  const reply = await ask(page, 'privy:wallets:rpc', {
    accessToken,
    entropyId: address,
    entropyIdVerifier: 'ethereum-address-verifier',
    chainType: 'ethereum',
    hdWalletIndex: 0,
    request: { method: 'personal_sign', params: [message, address] },
  });
  expect(reply).toMatchObject({ address, chainType: 'ethereum', response: { method: 'personal_sign' } });
  return (reply.response as { data: `0x${string}` }).data;
}

/** Email login from `page` through the real API; returns the access token. */
export async function loginFromPage(stack: Stack, page: Page, appId: string, email: string): Promise<string> {
  const call = (path: string, body: unknown) =>
    page.evaluate(
      async ({ url, appId, body }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'privy-app-id': appId },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as { token?: string } };
      },
      { url: `${stack.server.url}/api/v1/passwordless/${path}`, appId, body },
    );
  expect((await call('init', { email })).status).toBe(200);
  const code = await codeFromMail(stack.smtp, email);
  const auth = await call('authenticate', { email, code });
  expect(auth.status).toBe(200);
  return auth.body.token!;
}

/** The frame mounted in `page` (the one on the Latchkey server's origin). */
export function walletFrame(stack: Stack, page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${stack.server.url}/`));
  if (!frame) throw new Error('the wallet frame is not mounted');
  return frame;
}
