import { describe, expect, it } from 'vitest';
import { ethereumKey, generateEntropy, seedFromEntropy, splitEntropy, toBase64 } from '../keys/index.ts';
import { AuthShareCache, tokenExpiry } from './auth-shares.ts';
import { DeviceShares } from './device-share.ts';
import { withEntropy } from './entropy-session.ts';
import type { FrameContext } from './frame-context.ts';
import type { EntropyRef } from './request-data.ts';
import { ServerApi } from './server-api.ts';

/** A JWT-shaped token with this `exp` (seconds) and subject; the frame never checks its signature. */
function token(exp: number | null, sub = 'did:privy:user-1'): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'ES256' })}.${part(exp === null ? { sub } : { sub, exp })}.signature`;
}

/** localStorage's interface over a Map. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/**
 * A frame context whose server knows one entropy: it answers `/frame/auth_share` with the current auth
 * share to any token but `refused`, and counts the calls. `reshare` makes a new split, as a recovery on
 * another device does, and returns its device share.
 */
async function setup() {
  const entropy = generateEntropy();
  const entropyId = ethereumKey(seedFromEntropy(entropy), 0).address;
  let shares = await splitEntropy(entropy);
  const calls: string[] = [];
  const refused = new Set<string>();
  let now = Date.UTC(2030, 0, 1);
  const api = new ServerApi({
    apiUrl: 'https://auth.example.com',
    appId: 'app',
    fetch: async (_input, init) => {
      const bearer = new Headers(init?.headers).get('authorization')!.slice('Bearer '.length);
      calls.push(bearer);
      if (refused.has(bearer)) return Response.json({ error: 'Invalid token.' }, { status: 401 });
      return Response.json({ auth_share: toBase64(shares.authShare) });
    },
  });
  const storage = memoryStorage();
  const ctx: FrameContext = {
    config: { appId: 'app', apiUrl: 'https://auth.example.com', allowedOrigins: [] },
    api,
    deviceShares: new DeviceShares(() => storage, 'app'),
    authShares: new AuthShareCache(() => now),
  };
  ctx.deviceShares.save([entropyId], shares.deviceShare);
  const ref: EntropyRef = { entropyId, verifier: 'ethereum-address-verifier', primaryChain: 'ethereum' };
  return {
    ctx,
    ref,
    entropy,
    calls,
    refused,
    storage,
    /** Seconds since the epoch, for token expiries. */
    seconds: () => Math.floor(now / 1000),
    advance: (ms: number) => {
      now += ms;
    },
    async reshare() {
      shares = await splitEntropy(entropy);
      return shares.deviceShare;
    },
    /** Rebuilds the entropy and returns it as base64 (a copy: the session wipes the bytes afterwards). */
    open(accessToken: string, fresh = false) {
      return withEntropy(ctx, accessToken, ref, ({ entropy }) => toBase64(entropy), { fresh });
    },
  };
}

describe('withEntropy and the auth share cache', () => {
  it('asks the server once per token and rebuilds the same entropy from the held share', async () => {
    const t = await setup();
    const a = token(t.seconds() + 3600);
    expect(await t.open(a)).toBe(toBase64(t.entropy));
    expect(await t.open(a)).toBe(toBase64(t.entropy));
    expect(t.calls).toEqual([a]);
    // Another token (a refresh, or another user) is the server's to judge.
    const b = token(t.seconds() + 3600, 'did:privy:user-2');
    expect(await t.open(b)).toBe(toBase64(t.entropy));
    expect(t.calls).toEqual([a, b]);
  });

  it('asks again once the token has expired, and never holds a share for a token without exp', async () => {
    const t = await setup();
    const a = token(t.seconds() + 60);
    await t.open(a);
    t.advance(61_000);
    await t.open(a);
    expect(t.calls).toEqual([a, a]);
    const noExp = token(null);
    await t.open(noExp);
    await t.open(noExp);
    expect(t.calls).toEqual([a, a, noExp, noExp]);
  });

  it('forgets the held share when the server refuses the token (a logout, another user)', async () => {
    const t = await setup();
    const a = token(t.seconds() + 3600);
    await t.open(a);
    t.refused.add(a);
    await expect(t.open(a, true)).rejects.toMatchObject({ type: 'error' });
    // Nothing held any more: the next request goes to the server, which refuses it again.
    await expect(t.open(a)).rejects.toThrow(/status code 401/);
    expect(t.calls).toEqual([a, a, a]);
  });

  it('a fresh request notices a recovery made elsewhere: the stale device share is deleted', async () => {
    const t = await setup();
    const a = token(t.seconds() + 3600);
    await t.open(a);
    await t.reshare();
    await expect(t.open(a, true)).rejects.toMatchObject({ type: 'wallet_not_on_device' });
    expect(t.ctx.deviceShares.read(t.ref.entropyId)).toBeNull();
  });

  it('a new device share with an old held auth share asks the server instead of deleting the share', async () => {
    const t = await setup();
    const a = token(t.seconds() + 3600);
    await t.open(a);
    // A recovery on this device: the server and this device hold shares of a new split.
    t.ctx.deviceShares.save([t.ref.entropyId], await t.reshare());
    expect(await t.open(a)).toBe(toBase64(t.entropy));
    expect(t.calls).toEqual([a, a]);
    expect(t.ctx.deviceShares.read(t.ref.entropyId)).not.toBeNull();
  });

  it('answers wallet_not_on_device without asking the server when this device has no share', async () => {
    const t = await setup();
    t.storage.clear();
    await expect(t.open(token(t.seconds() + 3600))).rejects.toMatchObject({ type: 'wallet_not_on_device' });
    expect(t.calls).toEqual([]);
  });

  it('zeroes a share it does not keep once the operation ends, and a forgotten one', async () => {
    const t = await setup();
    const cache = t.ctx.authShares;
    const kept = await cache.fetch(t.ctx.api, token(t.seconds() + 3600), t.ref.entropyId);
    cache.release(kept);
    expect(kept.share.some((byte) => byte !== 0)).toBe(true);
    cache.forget(t.ref.entropyId);
    expect(kept.share.every((byte) => byte === 0)).toBe(true);
    const passing = await cache.fetch(t.ctx.api, token(null), t.ref.entropyId);
    cache.release(passing);
    expect(passing.share.every((byte) => byte === 0)).toBe(true);
  });
});

describe('tokenExpiry', () => {
  it('reads exp (seconds) as milliseconds, and null for anything else', () => {
    expect(tokenExpiry(token(1_900_000_000))).toBe(1_900_000_000_000);
    expect(tokenExpiry(token(null))).toBeNull();
    for (const bad of ['', 'abc', 'a.!!!.c', `a.${btoa('"exp"')}.c`, `a.${btoa('{"exp":"1"}')}.c`])
      expect(tokenExpiry(bad), bad).toBeNull();
  });
});
