import { describe, expect, it } from 'vitest';
import { ethereumKey, generateEntropy, seedFromEntropy, splitEntropy, toBase64 } from '../keys/index.ts';
import { AuthShareCache } from './auth-shares.ts';
import { DeviceShares } from './device-share.ts';
import { withEntropy } from './entropy-session.ts';
import type { FrameContext } from './frame-context.ts';
import { memoryStorage } from './page-storage.ts';
import type { EntropyRef } from './request-data.ts';
import { ServerApi } from './server-api.ts';

/**
 * A frame context whose server knows one entropy and one session per token: `/frame/auth_share` answers
 * the current auth share and the token's session, `/frame/session` the token's session, and a token in
 * `refused` (logged out, revoked) gets 401 from both. Calls are recorded as `path token`. `reshare` makes a
 * new split, as a recovery on another device does, and returns its device share.
 */
async function setup() {
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
    authShares: new AuthShareCache(),
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

describe('withEntropy and the auth share cache', () => {
  it('fetches the share once per session, with a device proof; later uses check the session first', async () => {
    const t = await setup();
    expect(await t.open('a')).toBe(toBase64(t.entropy));
    expect(await t.open('a')).toBe(toBase64(t.entropy));
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a']);
    // The share fetch carries this device's DPoP proof; the session check releases nothing and has none.
    expect(t.proofs[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(t.proofs[1]).toBeNull();
  });

  it('a logout stops signing at once: the held share is not used, and is forgotten', async () => {
    const t = await setup();
    await t.open('a');
    t.refused.add('a');
    let used = false;
    const signature = t.open('a', false, () => {
      used = true;
      return 'signed';
    });
    await expect(signature).rejects.toThrow(/status code 401/);
    // The signature may have been computed alongside the check; it was not handed out.
    expect(used).toBe(true);
    expect(t.ctx.authShares.cached(t.ref.entropyId)).toBeNull();
    await expect(t.open('a')).rejects.toThrow(/status code 401/);
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a', '/frame/auth_share a']);
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
    expect(t.calls).toEqual(['/frame/auth_share a', '/frame/session a', '/frame/auth_share a']);
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
