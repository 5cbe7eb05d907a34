import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { uniqueEmail } from '@latchkey/test/server/frame-api';
import { type FrameDevice, frameDevice } from '@latchkey/test/server/wallet-frame';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The keys the wallet frame keeps between signatures (docs/security.md, 5), played against the real
 * server: the frame's own code on a device signs for a logged-in user; after a logout, a revocation and
 * the idle window, the kept seed and keys are zeroed and the next operation must rebuild them, which
 * the server refuses to a dead session. `authShares.keys.rebuilds` counts the frame's seed rebuilds.
 */
describe.each(dialects)('the wallet frame’s kept keys (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let appId: string;

  beforeAll(async () => {
    t = await startTestServer(dialect);
    const created = await t.createApp();
    client = created.client;
    appId = created.app.id;
  });
  afterAll(() => t.close());

  /** A user with an Ethereum wallet the frame created on `device`; `token` is the one the host sends. */
  async function user(cache: Parameters<typeof frameDevice>[3] = {}) {
    const login = (await client.loginWithEmail(uniqueEmail('kept-keys'))).body;
    const session = { token: login.token, refresh: login.refresh_token };
    const device = frameDevice(t, appId, () => session.token, cache);
    const address = (await device.ask('privy:wallet:create', { recoveryMethod: 'privy' })).address as string;
    return { login, session, device, address };
  }

  const sign = (device: FrameDevice, address: string, message = 'hello') =>
    device.ask('privy:wallets:rpc', {
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: [message, address] },
    });

  const signFails = (device: FrameDevice, address: string) =>
    device.failure('privy:wallets:rpc', {
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: ['after', address] },
    });

  /** The secret the frame keeps for `address` (a test may hold it to watch its bytes; the frame never does). */
  function kept(device: FrameDevice, address: string) {
    const held = device.authShares.cached(address);
    const stored = device.deviceShares.read(address);
    const secret = held && stored ? device.authShares.keys.get(address, held, stored) : null;
    if (!secret) throw new Error('no key kept');
    const key = secret.ethereumSigner(0).privateKey;
    return {
      secret,
      zeroed: () => [secret.entropy, secret.seed, key].every((bytes) => bytes.every((byte) => byte === 0)),
    };
  }

  it('signs from the kept seed: one rebuild for many signatures', async () => {
    const u = await user();
    await sign(u.device, u.address, 'one');
    await sign(u.device, u.address, 'two');
    await sign(u.device, u.address, 'three');
    expect(u.device.authShares.keys.rebuilds).toBe(1);
    expect(kept(u.device, u.address).zeroed()).toBe(false);
  });

  it('a logout with the SDK’s lock zeroes the keys at once; the server refuses the rebuild', async () => {
    const u = await user();
    await sign(u.device, u.address);
    const secret = kept(u.device, u.address);
    await u.device.ask('privy:wallets:lock', {});
    expect(secret.zeroed()).toBe(true);
    expect(u.device.authShares.keys.size).toBe(0);
    const out = await client.post(
      '/api/v1/sessions/logout',
      { refresh_token: u.session.refresh },
      {
        token: u.session.token,
      },
    );
    expect(out.status).toBe(200);
    expect((await signFails(u.device, u.address)).message).toMatch(/401/);
    expect(u.device.authShares.keys.rebuilds).toBe(1);
  });

  it('a logout the frame is not told of: the next check is refused and zeroes the keys', async () => {
    const u = await user({ sessionConfirmationMs: 0 });
    await sign(u.device, u.address);
    const secret = kept(u.device, u.address);
    await client.post(
      '/api/v1/sessions/logout',
      { refresh_token: u.session.refresh },
      { token: u.session.token },
    );
    expect((await signFails(u.device, u.address)).message).toMatch(/401/);
    expect(secret.zeroed()).toBe(true);
    expect(u.device.authShares.keys.size).toBe(0);
    expect(u.device.authShares.cached(u.address)).toBeNull();
  });

  it('a revoked session (a replayed refresh token): the keys are zeroed and not rebuilt', async () => {
    const u = await user({ sessionConfirmationMs: 0 });
    await sign(u.device, u.address);
    const secret = kept(u.device, u.address);
    const first = u.session.refresh;
    const refreshed = await client.post<AuthBody>('/api/v1/sessions', { refresh_token: first });
    expect(refreshed.status).toBe(200);
    u.session.token = refreshed.body.token;
    // Still the same session: the kept keys serve the renewed token.
    await sign(u.device, u.address);
    expect(u.device.authShares.keys.rebuilds).toBe(1);
    const replay = await client.post('/api/v1/sessions', { refresh_token: first });
    expect(replay.status).toBe(401);
    await signFails(u.device, u.address);
    expect(secret.zeroed()).toBe(true);
    expect(u.device.authShares.keys.size).toBe(0);
    expect(u.device.authShares.keys.rebuilds).toBe(1);
  });

  it('another user’s session on the same device never signs with the first user’s keys', async () => {
    const u = await user();
    await sign(u.device, u.address);
    const secret = kept(u.device, u.address);
    const other = (await client.loginWithEmail(uniqueEmail('kept-keys-other'))).body;
    u.session.token = other.token;
    // The server releases the wallet's share to its owner only.
    expect((await signFails(u.device, u.address)).message).toMatch(/404/);
    expect(secret.zeroed()).toBe(true);
    expect(u.device.authShares.keys.rebuilds).toBe(1);
  });

  it('the idle window zeroes the keys and the auth share; the next signature fetches and rebuilds', async () => {
    const u = await user({ keyIdleMs: 1_000 });
    await sign(u.device, u.address);
    const secret = kept(u.device, u.address);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(secret.zeroed()).toBe(true);
    expect(u.device.authShares.keys.size).toBe(0);
    // The auth share went with them: with this device's share it would rebuild the key.
    expect(u.device.authShares.cached(u.address)).toBeNull();
    await sign(u.device, u.address);
    expect(u.device.authShares.keys.rebuilds).toBe(2);
  });
});
