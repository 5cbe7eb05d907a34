// The wallet frame's own code, run in Node against the real server: what it sends is what a browser's
// frame sends (Node has WebCrypto, so its device key is a real non-extractable P-256 key, in memory).

import { EmbeddedWalletError, type EmbeddedWalletErrorType, type FrameProxy } from '@latchkey/core/embedded';
import {
  AuthShareCache,
  DeviceShares,
  dispatcher,
  memoryStorage,
  ServerApi,
} from '@latchkey/wallet-frame/testing';
import type { TestServer } from './test-server.ts';

export interface FrameDevice {
  storage: ReturnType<typeof memoryStorage>;
  /** The auth shares the frame page holds, and the keys it keeps (`authShares.keys`). */
  authShares: AuthShareCache;
  deviceShares: DeviceShares;
  /** Sends a WIRE §6 request with the device's token (unless `data` says otherwise); throws on an error reply. */
  ask(event: string, data: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Sends a request that must fail; resolves with the reply's error. */
  failure(event: string, data: Record<string, unknown>): Promise<{ type: string; message: string }>;
}

/**
 * A browser device running the wallet frame: its own storage, page memory and device key, the app's
 * frame config, and the user's access token on every request (as the host SDK sends it).
 */
export function frameDevice(
  t: TestServer,
  appId: string,
  accessToken: () => string,
  /** The key cache's idle window and the session confirmation's (the frame's defaults when absent). */
  cache: { keyIdleMs?: number; sessionConfirmationMs?: number } = {},
): FrameDevice {
  const storage = memoryStorage();
  const authShares = new AuthShareCache(cache);
  const deviceShares = new DeviceShares(() => storage, appId);
  const dispatch = dispatcher({
    config: { appId, apiUrl: t.origin, allowedOrigins: [] },
    api: new ServerApi({
      apiUrl: t.origin,
      appId,
      // The browser sets the frame page's Origin (the server's own) on its requests; served in process.
      fetch: (input, init) =>
        t.fetch(input, { ...init, headers: { ...(init?.headers as object), origin: t.origin } }),
    }),
    deviceShares,
    authShares,
  });
  let id = 0;
  const send = (event: string, data: Record<string, unknown>) =>
    dispatch({ id: ++id, event, data: { accessToken: accessToken(), ...data } });
  return {
    storage,
    authShares,
    deviceShares,
    async ask(event, data) {
      const reply = await send(event, data);
      if ('error' in reply) throw new Error(`${event}: ${reply.error.type} ${reply.error.message}`);
      return reply.data as Record<string, unknown>;
    },
    async failure(event, data) {
      const reply = await send(event, data);
      if (!('error' in reply)) throw new Error(`${event} succeeded`);
      return reply.error;
    },
  };
}

/**
 * The wallet frame as `@latchkey/core`'s embedded wallets talk to it (a `FrameProxy`), run in Node:
 * the frame's own dispatcher against the real server, with a device of its own. Requests carry what
 * the host puts in them (its access token, the MFA fields); an error reply rejects as the browser
 * proxy's does, with the frame's type.
 */
export function frameProxy(
  t: TestServer,
  appId: string,
): FrameProxy & { storage: ReturnType<typeof memoryStorage> } {
  const storage = memoryStorage();
  const dispatch = dispatcher({
    config: { appId, apiUrl: t.origin, allowedOrigins: [] },
    api: new ServerApi({
      apiUrl: t.origin,
      appId,
      fetch: (input, init) =>
        t.fetch(input, { ...init, headers: { ...(init?.headers as object), origin: t.origin } }),
    }),
    deviceShares: new DeviceShares(() => storage, appId),
    authShares: new AuthShareCache(),
  });
  let id = 0;
  return {
    storage,
    ready: Promise.resolve(),
    async request<T>(event: string, data: Record<string, unknown>): Promise<T> {
      const reply = await dispatch({ id: `id-${++id}`, event, data });
      if ('error' in reply)
        throw new EmbeddedWalletError(reply.error.type as EmbeddedWalletErrorType, reply.error.message);
      return reply.data as T;
    },
    destroy: () => undefined,
  };
}
