import { ethereumKey, generateEntropy, seedFromEntropy, splitEntropy, toBase64 } from '@latchkey/keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthShareCache, sessionConfirmationMs } from './auth-shares.ts';
import { DeviceShares } from './device-share.ts';
import { type Entropy, withEntropy } from './entropy-session.ts';
import type { FrameContext } from './frame-context.ts';
import { dispatcher } from './messages.ts';
import { memoryStorage } from './page-storage.ts';
import type { EntropyRef } from './request-data.ts';
import { ServerApi } from './server-api.ts';

/**
 * A frame context whose server knows one entropy and one session per token: `/frame/auth_share` answers
 * the current auth share and the token's session, `/frame/session` the token's session, and a token in
 * `refused` (logged out, revoked) gets 401 from both. Calls are recorded as `path token`. `reshare` makes a
 * new split, as a recovery on another device does, and returns its device share.
 */
async function setup(options: { keyIdleMs?: number } = {}) {
  const entropy = generateEntropy();
  const entropyId = ethereumKey(seedFromEntropy(entropy), 0).address;
  let shares = await splitEntropy(entropy);
  const calls: string[] = [];
  const refused = new Set<string>();
  const proofs: (string | null)[] = [];
  const api = new ServerApi({
    apiUrl: 'https://auth.example.com',
    appId: 'app',
    fetch: async (input, init) => {
      const path = new URL(String(input)).pathname.replace('/api/v1/embedded_wallets', '');
      const requestHeaders = new Headers(init?.headers);
      const bearer = requestHeaders.get('authorization')!.slice('Bearer '.length);
      calls.push(`${path} ${bearer}`);
      proofs.push(requestHeaders.get('dpop'));
      const nonce = { 'dpop-nonce': 'n1' };
      if (refused.has(bearer))
        return Response.json({ error: 'Invalid token.' }, { status: 401, headers: nonce });
      const session = `session-of-${bearer}`;
      if (path === '/frame/session') return Response.json({ session_id: session }, { headers: nonce });
      return Response.json(
        { auth_share: toBase64(shares.authShare), session_id: session },
        { headers: nonce },
      );
    },
  });
  const storage = memoryStorage();
  const ctx: FrameContext = {
    config: { appId: 'app', apiUrl: 'https://auth.example.com', allowedOrigins: [] },
    api,
    deviceShares: new DeviceShares(() => storage, 'app'),
    authShares: new AuthShareCache(options),
  };
  ctx.deviceShares.save([entropyId], shares.deviceShare);
  const ref: EntropyRef = { entropyId, verifier: 'ethereum-address-verifier', primaryChain: 'ethereum' };
  return {
    ctx,
    ref,
    entropy,
    calls,
    proofs,
    refused,
    storage,
    async reshare() {
      shares = await splitEntropy(entropy);
      return shares.deviceShare;
    },
    /** Rebuilds the entropy and returns it as base64 (a copy: the session wipes the bytes afterwards). */
    open(
      accessToken: string,
      fresh = false,
      use = (secret: { entropy: Uint8Array }) => toBase64(secret.entropy),
    ) {
      return withEntropy(ctx, accessToken, ref, use, { fresh });
    },
  };
}

/** Past the window in which the server's last word on the session holds: the next use asks again. */
const afterConfirmation = () => vi.advanceTimersByTime(sessionConfirmationMs);

beforeEach(() => {
  // Only the clock and timers: WebCrypto and the fake server's promises run as usual.
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withEntropy and the auth share cache', () => {
  it('fetches the share once per session, with a device proof; later uses check the session first', async () => {
    const t = await setup();
    expect(await t.open('a')).toBe(toBase64(t.entropy));
    afterConfirmation();
    expect(await t.open('a')).toBe(toBase64(t.entropy));
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a']);
    // The share fetch carries this device's DPoP proof; the session check releases nothing and has none.
    expect(t.proofs[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(t.proofs[1]).toBeNull();
  });

  it('a burst of uses within the confirmation window asks the server once', async () => {
    const t = await setup();
    await t.open('a');
    vi.advanceTimersByTime(sessionConfirmationMs - 1);
    await t.open('a');
    await t.open('a');
    expect(t.calls).toEqual(['/frame/auth_share a']);
    afterConfirmation();
    await t.open('a');
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a']);
  });

  it('a user with a factor (the frame holds an MFA token) is checked on every signature', async () => {
    const t = await setup();
    t.ctx.api.mfaToken.hold('mfa-token');
    await t.open('a');
    await t.open('a');
    await t.open('a');
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a', '/frame/session a']);
    // The keys are kept all the same: the check runs alongside the signature.
    expect(t.ctx.authShares.keys.rebuilds).toBe(1);
  });

  it('any request but a signature (an MFA change) has the next signature ask the server again', async () => {
    const t = await setup();
    await t.open('a');
    const reply = await dispatcher(t.ctx)({ id: 1, event: 'privy:mfa:clear', data: {} });
    expect(reply).toEqual({ id: 1, event: 'privy:mfa:clear', data: {} });
    await t.open('a');
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a']);
  });

  it('a revoked session stops signing once the window is over: nothing held survives the refusal', async () => {
    const t = await setup();
    await t.open('a');
    t.refused.add('a');
    afterConfirmation();
    let used = false;
    const signature = t.open('a', false, () => {
      used = true;
      return 'signed';
    });
    await expect(signature).rejects.toThrow(/status code 401/);
    // The signature may have been computed alongside the check; it was not handed out.
    expect(used).toBe(true);
    expect(t.ctx.authShares.cached(t.ref.entropyId)).toBeNull();
    expect(t.ctx.authShares.keys.size).toBe(0);
    await expect(t.open('a')).rejects.toThrow(/status code 401/);
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a', '/frame/auth_share a']);
  });

  it('a lock (the SDK sends one on logout) stops signing at once, inside the window', async () => {
    const t = await setup();
    await t.open('a');
    t.refused.add('a');
    t.ctx.authShares.forgetAll();
    await expect(t.open('a')).rejects.toThrow(/status code 401/);
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/auth_share a']);
  });

  it('another session (a new login, another user) never uses the held share: the server is asked', async () => {
    const t = await setup();
    await t.open('a');
    expect(await t.open('b')).toBe(toBase64(t.entropy));
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session b', '/frame/auth_share b']);
    expect(t.ctx.authShares.cached(t.ref.entropyId)?.sessionId).toBe('session-of-b');
  });

  it('a fresh request notices a recovery made elsewhere: the stale device share is deleted', async () => {
    const t = await setup();
    await t.open('a');
    await t.reshare();
    await expect(t.open('a', true)).rejects.toMatchObject({ type: 'wallet_not_on_device' });
    expect(t.ctx.deviceShares.read(t.ref.entropyId)).toBeNull();
  });

  it('a new device share with an old held auth share asks the server instead of deleting the share', async () => {
    const t = await setup();
    await t.open('a');
    // A recovery on this device: the server and this device hold shares of a new split.
    t.ctx.deviceShares.save([t.ref.entropyId], await t.reshare());
    expect(await t.open('a')).toBe(toBase64(t.entropy));
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/auth_share a']);
    afterConfirmation();
    t.ctx.deviceShares.save([t.ref.entropyId], await t.reshare());
    expect(await t.open('a')).toBe(toBase64(t.entropy));
    expect(t.calls.slice(2)).toEqual(['/frame/session a', '/frame/auth_share a']);
    expect(t.ctx.deviceShares.read(t.ref.entropyId)).not.toBeNull();
  });

  it('answers wallet_not_on_device without asking the server when this device has no share', async () => {
    const t = await setup();
    t.storage.clear();
    await expect(t.open('a')).rejects.toMatchObject({ type: 'wallet_not_on_device' });
    expect(t.calls).toEqual([]);
  });

  it('zeroes a share it does not keep once the operation ends, and a forgotten one', async () => {
    const t = await setup();
    const cache = t.ctx.authShares;
    const kept = await cache.fetch(t.ctx.api, 'a', t.ref.entropyId);
    cache.release(kept);
    expect(kept.share.some((byte) => byte !== 0)).toBe(true);
    cache.forget(t.ref.entropyId);
    expect(kept.share.every((byte) => byte === 0)).toBe(true);
    const replaced = await cache.fetch(t.ctx.api, 'a', t.ref.entropyId);
    await cache.fetch(t.ctx.api, 'b', t.ref.entropyId);
    expect(replaced.share.every((byte) => byte === 0)).toBe(true);
  });
});

describe('the key cache: the rebuilt secret kept between operations', () => {
  /** Opens and hands back the secret itself, to watch its bytes (a test may hold it; the frame never does). */
  const grab = (t: Awaited<ReturnType<typeof setup>>, token = 'a', fresh = false) =>
    t.open(token, fresh, (secret) => secret as never) as unknown as Promise<Entropy>;
  const zeroed = (secret: Entropy) =>
    [secret.entropy, secret.seed].every((bytes) => bytes.every((byte) => byte === 0));

  it('rebuilds the seed once, then signs from the kept secret and its derived keys', async () => {
    const t = await setup();
    const first = await grab(t);
    const key = first.ethereumSigner(0);
    expect(key.address).toBe(t.ref.entropyId);
    afterConfirmation();
    const second = await grab(t);
    expect(second).toBe(first);
    expect(second.ethereumSigner(0)).toBe(key);
    expect(t.ctx.authShares.keys.rebuilds).toBe(1);
    expect(zeroed(first)).toBe(false);
  });

  it('zeroes the secret and its keys on a lock; the next operation rebuilds', async () => {
    const t = await setup();
    const secret = await grab(t);
    const key = secret.ethereumSigner(0).privateKey;
    const solana = secret.solanaKey(0).secretKey;
    t.ctx.authShares.forgetAll();
    expect(zeroed(secret)).toBe(true);
    expect(key.every((byte) => byte === 0)).toBe(true);
    expect(solana.every((byte) => byte === 0)).toBe(true);
    expect(() => secret.ethereumSigner(0)).toThrow(/wiped/);
    expect(await t.open('a')).toBe(toBase64(t.entropy));
    expect(t.ctx.authShares.keys.rebuilds).toBe(2);
  });

  it('zeroes the secret when the server refuses the session (logout or revocation elsewhere)', async () => {
    const t = await setup();
    const secret = await grab(t);
    t.refused.add('a');
    afterConfirmation();
    await expect(t.open('a')).rejects.toThrow(/status code 401/);
    expect(zeroed(secret)).toBe(true);
  });

  it('another session never gets the kept secret: it is zeroed and rebuilt from the share released to it', async () => {
    const t = await setup();
    const secret = await grab(t, 'a');
    const other = await grab(t, 'b');
    expect(other).not.toBe(secret);
    expect(zeroed(secret)).toBe(true);
    expect(t.ctx.authShares.keys.rebuilds).toBe(2);
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session b', '/frame/auth_share b']);
  });

  it('zeroes the secret and the auth share after the idle window without use; each use restarts it', async () => {
    const t = await setup({ keyIdleMs: 60_000 });
    const secret = await grab(t);
    const share = t.ctx.authShares.cached(t.ref.entropyId)!.share;
    vi.advanceTimersByTime(59_000);
    expect(await grab(t)).toBe(secret);
    vi.advanceTimersByTime(59_000);
    expect(zeroed(secret)).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(zeroed(secret)).toBe(true);
    expect(share.every((byte) => byte === 0)).toBe(true);
    expect(t.ctx.authShares.keys.size).toBe(0);
    expect(t.ctx.authShares.cached(t.ref.entropyId)).toBeNull();
    // The next operation asks the server for the share again, and rebuilds.
    const rebuilt = await grab(t);
    expect(rebuilt).not.toBe(secret);
    expect(t.ctx.authShares.keys.rebuilds).toBe(2);
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a', '/frame/auth_share a']);
  });

  it('a late timer (a throttled background page) does not stretch the idle window', async () => {
    const t = await setup({ keyIdleMs: 60_000 });
    const secret = await grab(t);
    // The clock moves on without the timer firing.
    vi.setSystemTime(Date.now() + 60_000);
    await grab(t);
    expect(zeroed(secret)).toBe(true);
    expect(t.ctx.authShares.keys.rebuilds).toBe(2);
  });

  it('keeps nothing with an idle window of 0: every operation fetches the share, rebuilds and wipes', async () => {
    const t = await setup({ keyIdleMs: 0 });
    const secret = await grab(t);
    expect(zeroed(secret)).toBe(true);
    await t.open('a');
    expect(t.ctx.authShares.keys.rebuilds).toBe(2);
    expect(t.ctx.authShares.keys.size).toBe(0);
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/auth_share a']);
  });

  it('a fresh operation (connect, export, re-split) neither uses nor keeps a secret', async () => {
    const t = await setup();
    const kept = await grab(t);
    const fresh = await grab(t, 'a', true);
    expect(fresh).not.toBe(kept);
    // Fetching the share afresh forgot the old one, and the secret kept with it.
    expect(zeroed(kept)).toBe(true);
    expect(zeroed(fresh)).toBe(true);
    expect(t.ctx.authShares.keys.size).toBe(0);
  });

  it('a new device share (a recovery on this device) is not served the secret of the old one', async () => {
    const t = await setup();
    const secret = await grab(t);
    t.ctx.deviceShares.save([t.ref.entropyId], await t.reshare());
    const rebuilt = await grab(t);
    expect(rebuilt).not.toBe(secret);
    expect(zeroed(secret)).toBe(true);
  });
});

describe('the session event stream: signing after a pause without a session check', () => {
  /** `setup` with the cache fed by a scripted event stream per token, written by the test. */
  async function withFeed() {
    const t = await setup();
    const streams = new Map<
      string | null,
      { live(session: string): void; ended(): void; signal: AbortSignal }
    >();
    t.ctx.authShares.useSessionFeed(async (token, signal) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
        },
      });
      const write = (event: string, session: string) =>
        controller.enqueue(
          new TextEncoder().encode(`event: ${event}\ndata: {"session_id":"${session}"}\n\n`),
        );
      streams.set(token, {
        live: (session) => write('live', session),
        ended: () => write('ended', `session-of-${token}`),
        signal,
      });
      return body;
    });
    return { ...t, streams };
  }
  /** Lets the feed read what the stream was given (the fake clock holds timers, not promises). */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  it('while live events arrive, signatures seconds apart ask the server nothing', async () => {
    const t = await withFeed();
    await t.open('a');
    await settle();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(600);
      t.streams.get('a')!.live('session-of-a');
      await settle();
      vi.advanceTimersByTime(600);
      expect(await t.open('a')).toBe(toBase64(t.entropy));
    }
    expect(t.calls).toEqual(['/frame/auth_share a']);
    expect(t.ctx.authShares.keys.rebuilds).toBe(1);
  });

  it('ended forgets every share and key at once; the next signature asks for the share again', async () => {
    const t = await withFeed();
    await t.open('a');
    await settle();
    t.streams.get('a')!.live('session-of-a');
    await settle();
    t.streams.get('a')!.ended();
    await settle();
    expect(t.ctx.authShares.cached(t.ref.entropyId)).toBeNull();
    expect(t.ctx.authShares.keys.size).toBe(0);
    expect(t.streams.get('a')!.signal.aborted).toBe(true);
    // Inside the per-request confirmation window too: `ended` cleared it.
    t.refused.add('a');
    await expect(t.open('a')).rejects.toThrow(/status code 401/);
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/auth_share a']);
  });

  it('a late heartbeat, or one naming another session, falls back to the check', async () => {
    const t = await withFeed();
    await t.open('a');
    await settle();
    t.streams.get('a')!.live('session-of-a');
    await settle();
    vi.advanceTimersByTime(sessionConfirmationMs);
    await t.open('a');
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a']);
    t.streams.get('a')!.live('session-of-b');
    await settle();
    vi.advanceTimersByTime(sessionConfirmationMs);
    await t.open('a');
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a', '/frame/session a']);
  });

  it('the stream closes once the idle window forgets the last share', async () => {
    const t = await withFeed();
    await t.open('a');
    await settle();
    expect(t.streams.get('a')!.signal.aborted).toBe(false);
    vi.advanceTimersByTime(t.ctx.authShares.idleMs);
    expect(t.ctx.authShares.cached(t.ref.entropyId)).toBeNull();
    expect(t.streams.get('a')!.signal.aborted).toBe(true);
  });

  it('a user with a factor (an MFA token held) is still checked on every signature', async () => {
    const t = await withFeed();
    await t.open('a');
    await settle();
    // Verifying a code is a request other than a signature: the stream confirms nothing after it.
    await dispatcher(t.ctx)({ id: 1, event: 'privy:mfa:clear', data: {} });
    t.ctx.api.mfaToken.hold('mfa-token');
    t.streams.get('a')!.live('session-of-a');
    await settle();
    await t.open('a');
    await t.open('a');
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a', '/frame/session a']);
  });
});
