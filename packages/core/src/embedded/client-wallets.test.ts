import { startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import type { TestClient } from '@latchkey/test/server';
import { embeddedWalletFixture, framePost } from '@latchkey/test/server/frame-api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../storage.ts';
import type {
  FrameDocument,
  FrameElement,
  FrameMessageEvent,
  FrameTarget,
  FrameWindow,
} from './frame-proxy.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer('sqlite', { listen: true });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A browser page whose wallet frame is scripted: it answers the ready handshake, and creates an
 * Ethereum wallet the way the real frame does towards the server (`/frame/create` with the
 * request's access token, a device proof and the wallet key's proof: the server tests' frame
 * stand-in), with a test-side key and shaped shares.
 */
function pageWithFrame(apiUrl: string, server: TestClient) {
  const listeners = new Set<(event: FrameMessageEvent) => void>();
  const received: { event: string; data: Record<string, unknown> }[] = [];
  const frame: FrameTarget = {
    postMessage(message, targetOrigin) {
      if (targetOrigin !== apiUrl) return;
      const { id, event, data } = message as { id: string; event: string; data: Record<string, unknown> };
      received.push({ event, data });
      void answer(event, data).then((reply) => {
        for (const listener of [...listeners])
          listener({ origin: apiUrl, source: frame, data: { id, event, ...reply } });
      });
    },
  };
  async function answer(event: string, data: Record<string, unknown>) {
    if (event === 'privy:iframe:ready' || event === 'privy:wallets:lock') return { data: {} };
    if (event !== 'privy:wallet:create') return { error: { type: 'error', message: `unscripted ${event}` } };
    const fixture = embeddedWalletFixture();
    const response = await framePost(
      t,
      server,
      '/api/v1/embedded_wallets/frame/create',
      fixture.body,
      String(data.accessToken),
    );
    if (response.status !== 200)
      return { error: { type: 'error', message: `create failed: ${JSON.stringify(response.body)}` } };
    return { data: { address: fixture.ethereumAddress } };
  }
  const mounted: FrameElement[] = [];
  let onLoad = () => {};
  const iframe: FrameElement = {
    src: '',
    style: { setProperty: () => undefined },
    setAttribute: () => undefined,
    addEventListener: (_type, listener) => {
      onLoad = listener;
    },
    remove: () => undefined,
    contentWindow: frame,
  };
  const window: FrameWindow = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const document: FrameDocument = {
    createElement: () => iframe,
    // The frame page loads as soon as it is mounted.
    body: {
      appendChild: (node) => {
        mounted.push(node);
        queueMicrotask(() => onLoad());
      },
    },
  };
  return { window, document, iframe, mounted, received };
}

describe('client.embeddedWallets()', () => {
  it('needs a browser page, and loads once a page is there', async () => {
    const { app, client: server } = await t.createApp();
    const { client } = testClient(t, app.id);
    await expect(client.embeddedWallets()).rejects.toThrow('Embedded wallets need a browser page');
    const page = pageWithFrame(t.url, server);
    vi.stubGlobal('window', page.window);
    vi.stubGlobal('document', page.document);
    const wallets = await client.embeddedWallets();
    expect(await client.embeddedWallets()).toBe(wallets);
  });

  it('creates a wallet with the session’s access token and refreshes the user to show it', async () => {
    const { app, client: server } = await t.createApp();
    const { client, storage } = testClient(t, app.id, { clientId: 'client-1' });
    await client.initialize();
    await client.email.sendCode({ email: 'wallet@example.com' });
    await client.email.loginWithCode({
      email: 'wallet@example.com',
      code: server.lastCode('wallet@example.com'),
    });
    const page = pageWithFrame(t.url, server);
    vi.stubGlobal('window', page.window);
    vi.stubGlobal('document', page.document);

    const wallets = await client.embeddedWallets();
    expect(page.mounted).toHaveLength(0);
    await wallets.ready();
    const caid = await storage.get(storageKeys.analyticsId);
    expect(page.iframe.src).toBe(`${t.url}/apps/${app.id}/embedded-wallets?caid=${caid}&client_id=client-1`);

    const token = await client.getAccessToken();
    const wallet = await wallets.createEthereumWallet();
    const create = page.received.find((r) => r.event === 'privy:wallet:create');
    expect(create?.data).toEqual({ accessToken: token, recoveryMethod: 'privy' });
    expect(wallet).toMatchObject({
      chainType: 'ethereum',
      walletIndex: 0,
      recoveryMethod: 'privy',
      imported: false,
    });
    // The refresh put the wallet in the client's state, where the UI reads it.
    const linked = client.getState().user?.linked_accounts.find((a) => a.type === 'wallet') as
      | Record<string, unknown>
      | undefined;
    expect(linked).toMatchObject({
      address: wallet.address,
      connector_type: 'embedded',
      wallet_client_type: 'privy',
      wallet_index: 0,
    });
    expect(wallets.entropy()).toEqual({
      entropyId: wallet.address,
      entropyIdVerifier: 'ethereum-address-verifier',
      recoveryMethod: 'privy',
    });
    await expect(wallets.createEthereumWallet()).rejects.toMatchObject({
      type: 'embedded_wallet_already_exists',
    });
  });

  it('puts the app’s key idle window in the frame URL, and a logout has the frame wipe its keys', async () => {
    const { app, client: server } = await t.createApp();
    const { client } = testClient(t, app.id, { walletKeyIdleSeconds: 90 });
    await client.initialize();
    await client.email.sendCode({ email: 'lock@example.com' });
    await client.email.loginWithCode({
      email: 'lock@example.com',
      code: server.lastCode('lock@example.com'),
    });
    const page = pageWithFrame(t.url, server);
    vi.stubGlobal('window', page.window);
    vi.stubGlobal('document', page.document);
    const wallets = await client.embeddedWallets();
    // Nothing mounted, nothing held: a lock sends nothing (and mounts nothing).
    await wallets.lock();
    expect(page.mounted).toHaveLength(0);
    await wallets.ready();
    expect(new URL(page.iframe.src).searchParams.get('key_idle_seconds')).toBe('90');
    await client.logout();
    expect(page.received.map((r) => r.event)).toContain('privy:wallets:lock');
    expect(client.getState().authenticated).toBe(false);
  });
});
