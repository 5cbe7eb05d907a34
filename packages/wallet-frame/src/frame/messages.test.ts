import { describe, expect, it } from 'vitest';
import { AuthShareCache } from './auth-shares.ts';
import { isAllowedOrigin } from './config.ts';
import { memoryDeviceKey } from './device-key.ts';
import { DeviceShares } from './device-share.ts';
import type { FrameContext } from './frame-context.ts';
import { installMessageListener, parseEnvelope } from './messages.ts';
import { ServerApi } from './server-api.ts';

describe('parseEnvelope', () => {
  it('reads the structured object browsers post and the JSON string React Native posts', () => {
    const request = { id: 'id-1', event: 'privy:iframe:ready', data: {} };
    expect(parseEnvelope(request)).toEqual({ envelope: request, asString: false });
    expect(parseEnvelope(JSON.stringify(request))).toEqual({ envelope: request, asString: true });
  });

  it('ignores what is not a privy request', () => {
    for (const message of [
      null,
      42,
      'not json',
      '{"id":"id-1"',
      { id: 'id-1', event: 'other:event', data: {} },
      { id: 'id-1', event: 'privy:', data: {} },
      { event: 'privy:iframe:ready', data: {} },
      { id: '', event: 'privy:iframe:ready', data: {} },
      { id: { nested: true }, event: 'privy:iframe:ready', data: {} },
    ]) {
      expect(parseEnvelope(message), JSON.stringify(message)).toBeNull();
    }
  });
});

describe('isAllowedOrigin', () => {
  const allowed = ['https://app.example.com', 'https://*.example.org'];

  it('accepts the listed origins and subdomains of a wildcard', () => {
    expect(isAllowedOrigin(allowed, 'https://app.example.com')).toBe(true);
    expect(isAllowedOrigin(allowed, 'https://a.b.example.org')).toBe(true);
  });

  it('refuses look-alikes, other schemes and ports', () => {
    for (const origin of [
      'https://app.example.com.evil.test',
      'http://app.example.com',
      'https://app.example.com:8443',
      'https://example.org',
      'https://evilexample.org',
      'http://a.example.org',
      'null',
    ]) {
      expect(isAllowedOrigin(allowed, origin), origin).toBe(false);
    }
  });

  it('accepts any origin when the app lists none, as the API does', () => {
    expect(isAllowedOrigin([], 'https://anything.test')).toBe(true);
  });
});

describe('installMessageListener', () => {
  const appOrigin = 'https://app.example.com';

  function frame(allowedOrigins: string[]) {
    let listener: ((event: MessageEvent) => void) | null = null;
    const win = {
      addEventListener: (_type: string, fn: (event: MessageEvent) => void) => {
        listener = fn;
      },
      removeEventListener: () => {
        listener = null;
      },
    } as unknown as Window;
    const config = { appId: 'app', apiUrl: 'https://auth.example.com', allowedOrigins };
    const ctx: FrameContext = {
      config,
      api: new ServerApi({
        ...config,
        fetch: () => Promise.reject(new Error('no network in this test')),
        // As in a browser that keeps the frame's IndexedDB.
        deviceKey: async () => ({ ...(await memoryDeviceKey()), persistent: true }),
      }),
      deviceShares: new DeviceShares(() => {
        throw new Error('no storage in this test');
      }, 'app'),
      authShares: new AuthShareCache(),
    };
    installMessageListener(win, ctx);
    /** Delivers a message and resolves with what was posted back (or nothing after a while). */
    const deliver = async (data: unknown, origin: string, source: unknown = null) => {
      const posted: [unknown, string][] = [];
      const sender = source ?? {
        postMessage: (reply: unknown, target: string) => posted.push([reply, target]),
      };
      listener!({ data, origin, source: sender } as MessageEvent);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return posted;
    };
    return { win, deliver, ctx };
  }

  it('answers an allowed origin, to that origin, with the same id and event', async () => {
    const { deliver } = frame([appOrigin]);
    expect(await deliver({ id: 'id-7', event: 'privy:iframe:ready', data: {} }, appOrigin)).toEqual([
      [{ id: 'id-7', event: 'privy:iframe:ready', data: {} }, appOrigin],
    ]);
  });

  it("tells a host whose browser gives the frame no storage: storage 'page'", async () => {
    const { deliver, ctx } = frame([appOrigin]);
    ctx.persistentStorage = false;
    expect(await deliver({ id: 'id-8', event: 'privy:iframe:ready', data: {} }, appOrigin)).toEqual([
      [{ id: 'id-8', event: 'privy:iframe:ready', data: { storage: 'page' } }, appOrigin],
    ]);
  });

  it('answers a JSON string request with a JSON string', async () => {
    const { deliver } = frame([appOrigin]);
    const posted = await deliver(
      JSON.stringify({ id: 'id-1', event: 'privy:iframe:ready', data: {} }),
      appOrigin,
    );
    expect(posted).toEqual([
      [JSON.stringify({ id: 'id-1', event: 'privy:iframe:ready', data: {} }), appOrigin],
    ]);
  });

  it('says nothing at all to an origin the app does not allow, or to an opaque one', async () => {
    const { deliver } = frame([appOrigin]);
    expect(await deliver({ id: 'id-1', event: 'privy:iframe:ready', data: {} }, 'https://evil.test')).toEqual(
      [],
    );
    const open = frame([]);
    expect(await open.deliver({ id: 'id-1', event: 'privy:iframe:ready', data: {} }, 'null')).toEqual([]);
  });

  it('does not read its own replies back as requests', async () => {
    const { win, deliver } = frame([]);
    const posted: unknown[] = [];
    (win as unknown as { postMessage: (m: unknown) => void }).postMessage = (m) => posted.push(m);
    await deliver({ id: 'id-1', event: 'privy:iframe:ready', data: {} }, appOrigin, win);
    expect(posted).toEqual([]);
  });

  it('answers bad data and unknown events with an error, never with silence', async () => {
    const { deliver } = frame([appOrigin]);
    // No token at all is cookie mode; a token that is not a string is a bad request.
    expect(
      await deliver({ id: 'id-2', event: 'privy:wallets:rpc', data: { accessToken: 42 } }, appOrigin),
    ).toEqual([
      [
        {
          id: 'id-2',
          event: 'privy:wallets:rpc',
          error: { type: 'invalid_request_arguments', message: 'Missing access token' },
        },
        appOrigin,
      ],
    ]);
    const [[reply]] = (await deliver({ id: 'id-3', event: 'privy:unknown', data: {} }, appOrigin)) as [
      [{ error: { type: string } }, string],
    ];
    expect(reply.error.type).toBe('error');
  });
});
