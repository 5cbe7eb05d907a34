/**
 * What the bench runs inside the host page. Each function is handed to `page.evaluate`, which sends
 * its source text to the browser: it must not use anything from this module's scope or its imports.
 */

/** A frame reply as the host receives it (WIRE §6). */
export interface FrameReply {
  id: string;
  event: string;
  data?: Record<string, unknown>;
  error?: { type: string; message: string };
}

/** What `installFrame` leaves on the host window for the other functions. */
export interface BenchHost {
  /** Posts `{id, event, data}` to the frame and resolves with the reply and its round-trip time. */
  lkBench(event: string, data: unknown): Promise<{ reply: FrameReply; ms: number }>;
}

/**
 * Mounts the hidden wallet frame as core's proxy does (0×0, display:none) and installs `lkBench`: ids
 * `id-<n>`, one message listener that takes replies only from the frame's origin and `privy:` events,
 * and times each request from just before `postMessage` to the reply's arrival, with
 * `performance.now()` in the page. Resolves when the frame answers the ready handshake (150 ms pings).
 */
export async function installFrame(src: string): Promise<void> {
  const origin = new URL(src).origin;
  const iframe = document.createElement('iframe');
  iframe.src = src;
  iframe.style.display = 'none';
  iframe.width = '0';
  iframe.height = '0';
  document.body.append(iframe);
  const pending = new Map<string, { resolve: (reply: FrameReply) => void; start: number }>();
  const times = new Map<string, number>();
  let counter = 0;
  window.addEventListener('message', (event) => {
    const end = performance.now();
    const reply = event.data as FrameReply;
    if (event.origin !== origin || typeof reply?.event !== 'string' || !reply.event.startsWith('privy:'))
      return;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    times.set(reply.id, end - waiting.start);
    waiting.resolve(reply);
  });
  const send = (event: string, data: unknown) =>
    new Promise<{ reply: FrameReply; ms: number }>((resolve) => {
      const id = `id-${++counter}`;
      pending.set(id, {
        resolve: (reply) => {
          const ms = times.get(id)!;
          times.delete(id);
          resolve({ reply, ms });
        },
        start: performance.now(),
      });
      iframe.contentWindow!.postMessage({ id, event, data }, origin);
    });
  (window as unknown as BenchHost).lkBench = send;
  for (let attempt = 0; attempt < 270; attempt++) {
    const answered = await Promise.race([
      send('privy:iframe:ready', {}).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 150)),
    ]);
    if (answered) return;
  }
  throw new Error('the wallet frame never answered privy:iframe:ready');
}

/** Email login through the real API from the page (so the browser sets the page's Origin). */
export async function apiPost(args: {
  url: string;
  appId: string;
  body: unknown;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(args.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'privy-app-id': args.appId },
    body: JSON.stringify(args.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** One request through `lkBench`: its reply and round-trip time. */
export function frameRequest(args: {
  event: string;
  data: unknown;
}): Promise<{ reply: FrameReply; ms: number }> {
  return (window as unknown as BenchHost).lkBench(args.event, args.data);
}

/**
 * `warmup + count` personal_sign requests, one after another (each waits for the previous reply), each
 * over a different message. Returns the measured round trips (warm-up dropped), the first signature
 * and message (checked by the caller), and how many replies were not signatures.
 */
export async function signLoop(args: {
  warmup: number;
  count: number;
  rpc: Record<string, unknown>;
  address: string;
}): Promise<{ samples: number[]; errors: string[]; first: { message: string; signature: string } | null }> {
  const host = window as unknown as BenchHost;
  const samples: number[] = [];
  const errors: string[] = [];
  let first: { message: string; signature: string } | null = null;
  for (let i = 0; i < args.warmup + args.count; i++) {
    const message = `Latchkey wallet bench, signature ${i}`;
    const { reply, ms } = await host.lkBench('privy:wallets:rpc', {
      ...args.rpc,
      request: { method: 'personal_sign', params: [message, args.address] },
    });
    const signature = (reply.data?.response as { data?: unknown } | undefined)?.data;
    if (typeof signature !== 'string') {
      if (errors.length < 5)
        errors.push(reply.error ? `${reply.error.type}: ${reply.error.message}` : 'no data');
      continue;
    }
    first ??= { message, signature };
    if (i >= args.warmup) samples.push(ms);
  }
  return { samples, errors, first };
}

/**
 * `count` personal_sign requests, each after `pauseMs` of quiet or right after a `privy:wallets:lock`
 * (not timed): what a signature costs when the frame's session confirmation has lapsed (a server
 * check), or when its kept keys were wiped (the auth share fetched, the seed and key rebuilt).
 */
export async function signAfter(args: {
  count: number;
  before: { pauseMs: number } | 'lock';
  rpc: Record<string, unknown>;
  address: string;
}): Promise<{ samples: number[]; errors: string[] }> {
  const host = window as unknown as BenchHost;
  const samples: number[] = [];
  const errors: string[] = [];
  for (let i = 0; i < args.count; i++) {
    const before = args.before;
    if (before === 'lock') await host.lkBench('privy:wallets:lock', {});
    else await new Promise((resolve) => setTimeout(resolve, before.pauseMs));
    const { reply, ms } = await host.lkBench('privy:wallets:rpc', {
      ...args.rpc,
      request: { method: 'personal_sign', params: [`Latchkey wallet bench, after ${i}`, args.address] },
    });
    if (typeof (reply.data?.response as { data?: unknown } | undefined)?.data !== 'string') {
      errors.push(reply.error ? `${reply.error.type}: ${reply.error.message}` : 'no data');
      continue;
    }
    samples.push(ms);
  }
  return { samples, errors };
}

/**
 * `warmup + count` `privy:iframe:ready` round trips: the same postMessage path with no work in the frame,
 * the floor under every request.
 */
export async function readyLoop(args: { warmup: number; count: number }): Promise<number[]> {
  const host = window as unknown as BenchHost;
  const samples: number[] = [];
  for (let i = 0; i < args.warmup + args.count; i++) {
    const { ms } = await host.lkBench('privy:iframe:ready', {});
    if (i >= args.warmup) samples.push(ms);
  }
  return samples;
}
