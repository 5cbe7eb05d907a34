import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedWalletError } from './errors.ts';
import {
  createFrameProxy,
  type FrameDocument,
  type FrameElement,
  type FrameMessageEvent,
  type FrameTarget,
  type FrameWindow,
  readyMaxTries,
} from './frame-proxy.ts';

const apiUrl = 'https://auth.example.com';
const appId = 'cm0000000000000000000000a';

interface Envelope {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** What the scripted frame does with one request: answer with data or an error, or stay silent. */
type FrameAnswer = { data: unknown } | { error: { type: string; message: string } } | 'silent';

/**
 * A page with a scripted wallet frame that answers per WIRE.md §6: messages sent to another origin
 * are dropped (as the browser does), the first `loadAfter` ready messages are lost (the page is
 * still loading), and each event is answered by `handlers`. Replies arrive asynchronously on the
 * page's message bus, from the frame's window and origin.
 */
function scriptedPage(
  options: {
    loadAfter?: number;
    /** When the frame page's `load` fires after mounting; default at once (a microtask). */
    loadDelayMs?: number;
    handlers?: Record<string, (data: Envelope) => FrameAnswer>;
    /** What the frame answers the handshake with (a Latchkey frame may say where it keeps shares). */
    readyData?: Record<string, unknown>;
  } = {},
) {
  const listeners = new Set<(event: FrameMessageEvent) => void>();
  const win: FrameWindow = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const received: Envelope[] = [];
  let readySeen = 0;
  const deliver = (event: FrameMessageEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const frame: FrameTarget = {
    postMessage(message, targetOrigin) {
      if (targetOrigin !== apiUrl) return;
      const envelope = message as Envelope;
      received.push(envelope);
      if (envelope.event === 'privy:iframe:ready') {
        readySeen += 1;
        if (readySeen <= (options.loadAfter ?? 0)) return;
        const data = options.readyData ?? {};
        void Promise.resolve().then(() => reply({ id: envelope.id, event: envelope.event, data }));
        return;
      }
      const answer = options.handlers?.[envelope.event]?.(envelope) ?? 'silent';
      if (answer === 'silent') return;
      void Promise.resolve().then(() => reply({ id: envelope.id, event: envelope.event, ...answer }));
    },
  };
  const reply = (data: unknown, overrides: Partial<FrameMessageEvent> = {}) =>
    deliver({ origin: apiUrl, source: frame, data, ...overrides });
  const attributes: Record<string, string> = {};
  const mounted: FrameElement[] = [];
  let removed = false;
  let onLoad = () => {};
  const styles: Record<string, string> = {};
  const iframe: FrameElement = {
    src: '',
    style: {
      setProperty: (name, value, priority) => {
        styles[name] = `${value}${priority ? ` !${priority}` : ''}`;
      },
    },
    setAttribute: (name, value) => {
      attributes[name] = value;
    },
    addEventListener: (_type, listener) => {
      onLoad = listener;
    },
    remove: () => {
      removed = true;
    },
    get contentWindow() {
      return removed ? null : frame;
    },
  };
  const doc: FrameDocument = {
    createElement: () => iframe,
    // The frame page loads as soon as it is mounted.
    body: {
      appendChild: (node) => {
        mounted.push(node);
        if (options.loadDelayMs === undefined) queueMicrotask(() => onLoad());
        else setTimeout(() => onLoad(), options.loadDelayMs);
      },
    },
  };
  return {
    win,
    doc,
    frame,
    iframe,
    attributes,
    styles,
    mounted,
    received,
    reply,
    deliver,
    listenerCount: () => listeners.size,
    isRemoved: () => removed,
    sent: (event: string) => received.filter((m) => m.event === event),
  };
}

const ok = (data: unknown) => (): FrameAnswer => ({ data });

function proxyOn(
  page: ReturnType<typeof scriptedPage>,
  extra: { clientId?: string; analyticsId?: string; keyIdleSeconds?: number } = {},
) {
  return createFrameProxy({ apiUrl, appId, window: page.win, document: page.doc, ...extra });
}

/** Settles `promise` for inspection without letting a rejection go unhandled. */
function observe<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('frame proxy: mounting and the ready handshake', () => {
  it('mounts a hidden iframe at the frame URL with caid and client_id', () => {
    const page = scriptedPage();
    const proxy = proxyOn(page, { clientId: 'client-1', analyticsId: 'caid-1' });
    expect(page.mounted).toHaveLength(1);
    expect(page.iframe.src).toBe(`${apiUrl}/apps/${appId}/embedded-wallets?caid=caid-1&client_id=client-1`);
    expect(page.styles).toEqual({
      display: 'none !important',
      width: '0 !important',
      height: '0 !important',
      border: '0 !important',
    });
    expect(page.attributes['aria-hidden']).toBe('true');
    proxy.destroy();
  });

  it('passes the key idle window in whole seconds, 0 included', () => {
    for (const [seconds, expected] of [
      [90, '90'],
      [0, '0'],
      [12.6, '13'],
    ] as const) {
      const page = scriptedPage();
      const proxy = proxyOn(page, { keyIdleSeconds: seconds });
      expect(new URL(page.iframe.src).searchParams.get('key_idle_seconds')).toBe(expected);
      proxy.destroy();
    }
  });

  it('leaves empty query parameters out', () => {
    const page = scriptedPage();
    const proxy = proxyOn(page);
    expect(page.iframe.src).toBe(`${apiUrl}/apps/${appId}/embedded-wallets`);
    proxy.destroy();
  });

  it('retries privy:iframe:ready every 150 ms until the frame answers, then stops', async () => {
    const page = scriptedPage({ loadAfter: 3 });
    const proxy = proxyOn(page);
    const ready = observe(proxy.ready);
    // The first goes once the frame page has loaded (here: right after mounting).
    expect(page.sent('privy:iframe:ready')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.sent('privy:iframe:ready')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(149);
    expect(page.sent('privy:iframe:ready')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.sent('privy:iframe:ready')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(ready.settled).toBe(true);
    expect(ready.error).toBeUndefined();
    const readies = page.sent('privy:iframe:ready');
    expect(readies).toHaveLength(4);
    expect(readies.map((m) => m.id)).toEqual(['id-1', 'id-2', 'id-3', 'id-4']);
    expect(readies.every((m) => Object.keys(m.data).length === 0)).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.sent('privy:iframe:ready')).toHaveLength(4);
    proxy.destroy();
  });

  it('posts nothing before the frame page has loaded (the iframe is about:blank on the host origin), then at once', async () => {
    const page = scriptedPage({ loadDelayMs: 1000 });
    const proxy = proxyOn(page);
    const ready = observe(proxy.ready);
    await vi.advanceTimersByTimeAsync(999);
    expect(page.received).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.sent('privy:iframe:ready')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(ready.settled).toBe(true);
    expect(ready.error).toBeUndefined();
    proxy.destroy();
  });

  it(`fails with 'Failed to connect to wallet proxy' after ${readyMaxTries} tries`, async () => {
    const page = scriptedPage({ loadAfter: Number.POSITIVE_INFINITY });
    const proxy = proxyOn(page);
    const ready = observe(proxy.ready);
    const request = observe(proxy.request('privy:wallets:connect', { accessToken: 't' }));
    await vi.advanceTimersByTimeAsync(150 * (readyMaxTries - 1));
    expect(page.sent('privy:iframe:ready')).toHaveLength(readyMaxTries);
    expect(ready.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(ready.error).toBeInstanceOf(EmbeddedWalletError);
    expect((ready.error as EmbeddedWalletError).message).toBe('Failed to connect to wallet proxy');
    expect((ready.error as EmbeddedWalletError).type).toBe('embedded_wallet_webview_not_loaded');
    expect(request.error).toBe(ready.error);
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.sent('privy:iframe:ready')).toHaveLength(readyMaxTries);
    expect(page.sent('privy:wallets:connect')).toHaveLength(0);
    proxy.destroy();
  });
});

describe('frame proxy: a frame without lasting storage', () => {
  it("warns the developer once when the frame answers the handshake with storage 'page'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const blocked = proxyOn(scriptedPage({ readyData: { storage: 'page' } }));
      await blocked.ready;
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/blocks the wallet frame's storage/);
      blocked.destroy();
      const normal = proxyOn(scriptedPage());
      await normal.ready;
      expect(warn).toHaveBeenCalledTimes(1);
      normal.destroy();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('frame proxy: requests', () => {
  it('waits for ready, posts {id, event, data} to the frame origin and resolves with the reply data', async () => {
    const page = scriptedPage({
      loadAfter: 1,
      handlers: { 'privy:wallet:create': ok({ address: '0xabc' }) },
    });
    const proxy = proxyOn(page);
    const pending = proxy.request('privy:wallet:create', { accessToken: 'token-1', recoveryMethod: 'privy' });
    expect(page.sent('privy:wallet:create')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(150);
    await expect(pending).resolves.toEqual({ address: '0xabc' });
    const [create] = page.sent('privy:wallet:create');
    expect(create).toEqual({
      id: 'id-3',
      event: 'privy:wallet:create',
      data: { accessToken: 'token-1', recoveryMethod: 'privy' },
    });
    proxy.destroy();
  });

  it("turns the frame's {type, message} error into an EmbeddedWalletError", async () => {
    const page = scriptedPage({
      handlers: {
        'privy:wallets:connect': () => ({
          error: { type: 'wallet_not_on_device', message: 'Wallet not on device' },
        }),
      },
    });
    const proxy = proxyOn(page);
    const error = await proxy.request('privy:wallets:connect', { accessToken: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddedWalletError);
    expect(error).toMatchObject({
      type: 'wallet_not_on_device',
      code: 'wallet_not_on_device',
      message: 'Wallet not on device',
    });
    proxy.destroy();
  });

  it('ignores replies from another origin, another window, with a non-privy event, the wrong event or an unknown id', async () => {
    const page = scriptedPage();
    const proxy = proxyOn(page);
    await vi.advanceTimersByTimeAsync(0);
    const result = observe(proxy.request('privy:wallets:rpc', { accessToken: 't' }));
    await vi.advanceTimersByTimeAsync(0);
    const [sent] = page.sent('privy:wallets:rpc');
    const good = { id: sent!.id, event: 'privy:wallets:rpc', data: { response: { data: 'real' } } };
    const forged = { ...good, data: { response: { data: 'forged' } } };
    page.reply(forged, { origin: 'https://evil.example.com' });
    page.reply(forged, { origin: `${apiUrl}/` });
    page.reply(forged, { origin: 'https://auth.example.com:443x' });
    page.reply(forged, { source: { postMessage: () => undefined } });
    page.reply({ ...forged, event: 'wallet:rpc' });
    page.reply({ ...forged, event: 'privy:' });
    page.reply({ ...forged, event: 'privy:wallets:connect' });
    page.reply({ ...forged, id: 'id-999' });
    page.reply('not json');
    page.reply(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(result.settled).toBe(false);
    page.reply(good);
    await vi.advanceTimersByTimeAsync(0);
    expect(result.value).toEqual({ response: { data: 'real' } });
    // A second reply to an answered id is ignored too.
    page.reply(forged);
    proxy.destroy();
  });

  it('accepts a reply posted as a JSON string', async () => {
    const page = scriptedPage();
    const proxy = proxyOn(page);
    await vi.advanceTimersByTimeAsync(0);
    const result = observe(proxy.request('privy:wallets:connect', { accessToken: 't' }));
    await vi.advanceTimersByTimeAsync(0);
    const [sent] = page.sent('privy:wallets:connect');
    page.reply(JSON.stringify({ id: sent!.id, event: sent!.event, data: { entropyId: '0x1' } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(result.value).toEqual({ entropyId: '0x1' });
    proxy.destroy();
  });

  it('times out after 15 s by default and 60 s for create, set-recovery, import and recover', async () => {
    const page = scriptedPage();
    const proxy = proxyOn(page);
    await vi.advanceTimersByTimeAsync(0);
    const rpc = observe(proxy.request('privy:wallets:rpc', { accessToken: 't' }));
    const events = [
      'privy:wallet:create',
      'privy:solana-wallet:create',
      'privy:wallets:add',
      'privy:wallets:set-recovery',
      'privy:wallets:import',
      'privy:wallets:recover',
    ];
    const long = events.map((event) => observe(proxy.request(event, { accessToken: 't' })));
    const custom = observe(proxy.request('privy:wallets:connect', { accessToken: 't' }, { timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(custom.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(custom.error).toMatchObject({ type: 'client_request_timeout', message: 'Request timed out' });
    await vi.advanceTimersByTimeAsync(15_000 - 1000 - 1);
    expect(rpc.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(rpc.error).toMatchObject({ type: 'client_request_timeout' });
    await vi.advanceTimersByTimeAsync(60_000 - 15_000 - 1);
    expect(long.every((s) => !s.settled)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(long.map((s) => (s.error as EmbeddedWalletError | undefined)?.type)).toEqual(
      events.map(() => 'client_request_timeout'),
    );
    // A late answer to a timed-out id changes nothing.
    page.reply({ id: page.sent('privy:wallets:rpc')[0]!.id, event: 'privy:wallets:rpc', data: {} });
    proxy.destroy();
  });

  it('de-duplicates identical in-flight creates, and only those', async () => {
    let creates = 0;
    const page = scriptedPage({
      handlers: {
        'privy:wallet:create': () => {
          creates += 1;
          return 'silent';
        },
      },
    });
    const proxy = proxyOn(page);
    const data = { accessToken: 't', recoveryMethod: 'privy' };
    const first = proxy.request('privy:wallet:create', data);
    const second = proxy.request('privy:wallet:create', { ...data });
    const other = proxy.request('privy:wallet:create', {
      ...data,
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'pw',
    });
    const add1 = proxy.request('privy:wallets:add', {
      accessToken: 't',
      chainType: 'ethereum',
      hdWalletIndex: 1,
    });
    const add2 = proxy.request('privy:wallets:add', {
      accessToken: 't',
      chainType: 'ethereum',
      hdWalletIndex: 1,
    });
    const sol1 = proxy.request('privy:solana-wallet:create', { accessToken: 't' });
    const sol2 = proxy.request('privy:solana-wallet:create', { accessToken: 't' });
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    expect(add2).toBe(add1);
    expect(sol2).toBe(sol1);
    const rpc1 = observe(proxy.request('privy:wallets:rpc', { accessToken: 't' }));
    const rpc2 = observe(proxy.request('privy:wallets:rpc', { accessToken: 't' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(creates).toBe(2);
    expect(page.sent('privy:wallets:add')).toHaveLength(1);
    expect(page.sent('privy:solana-wallet:create')).toHaveLength(1);
    expect(page.sent('privy:wallets:rpc')).toHaveLength(2);
    const [sent] = page.sent('privy:wallet:create');
    page.reply({ id: sent!.id, event: sent!.event, data: { address: '0x1' } });
    await expect(first).resolves.toEqual({ address: '0x1' });
    // Once settled, the same create is a new request.
    const again = observe(proxy.request('privy:wallet:create', data));
    await vi.advanceTimersByTimeAsync(0);
    expect(creates).toBe(3);
    proxy.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(again.error).toBeInstanceOf(EmbeddedWalletError);
    for (const p of [other, add1, sol1]) await expect(p).rejects.toBeInstanceOf(EmbeddedWalletError);
    expect(rpc1.settled && rpc2.settled).toBe(true);
  });
});

describe('frame proxy: destroy', () => {
  it('removes the iframe and the listener and rejects pending and later requests', async () => {
    const page = scriptedPage();
    const proxy = proxyOn(page);
    await vi.advanceTimersByTimeAsync(0);
    const pending = observe(proxy.request('privy:wallets:rpc', { accessToken: 't' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(page.listenerCount()).toBe(1);
    proxy.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.isRemoved()).toBe(true);
    expect(page.listenerCount()).toBe(0);
    expect(pending.error).toMatchObject({ type: 'embedded_wallet_webview_not_loaded' });
    await expect(proxy.request('privy:wallets:rpc', { accessToken: 't' })).rejects.toMatchObject({
      type: 'embedded_wallet_webview_not_loaded',
    });
    expect(page.sent('privy:wallets:rpc')).toHaveLength(1);
    // The timeout of the destroyed request never fires into anything.
    await vi.advanceTimersByTimeAsync(20_000);
  });

  it('stops an unfinished handshake and rejects ready', async () => {
    const page = scriptedPage({ loadAfter: Number.POSITIVE_INFINITY });
    const proxy = proxyOn(page);
    const ready = observe(proxy.ready);
    const request = observe(proxy.request('privy:wallets:connect', { accessToken: 't' }));
    await vi.advanceTimersByTimeAsync(450);
    proxy.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(ready.error).toMatchObject({ type: 'embedded_wallet_webview_not_loaded' });
    expect(request.error).toBe(ready.error);
    const readies = page.sent('privy:iframe:ready').length;
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.sent('privy:iframe:ready')).toHaveLength(readies);
  });
});
