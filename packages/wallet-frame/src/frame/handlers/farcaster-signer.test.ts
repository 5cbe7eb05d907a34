import { createPublicKey, verify } from 'node:crypto';
import { ethereumKey, generateEntropy, seedFromEntropy, splitEntropy, toBase64 } from '@latchkey/keys';
import { describe, expect, it } from 'vitest';
import { AuthShareCache } from '../auth-shares.ts';
import { DeviceShares } from '../device-share.ts';
import type { FrameContext } from '../frame-context.ts';
import { dispatcher, type Reply } from '../messages.ts';
import { memoryStorage } from '../page-storage.ts';
import { ServerApi } from '../server-api.ts';

/**
 * A frame holding one wallet's device share, and a server that releases its auth share and answers
 * `/farcaster/signer/init` with `answer(publicKey)`; every path called is recorded, with the bodies.
 */
async function setup(
  answer = (key: string): unknown => ({
    status: 'pending_approval',
    public_key: key,
    signer_approval_url: 'farcaster://signed-key-request?token=t',
  }),
) {
  const entropy = generateEntropy();
  const address = ethereumKey(seedFromEntropy(entropy), 0).address;
  const shares = await splitEntropy(entropy);
  const calls: { path: string; body: unknown }[] = [];
  const api = new ServerApi({
    apiUrl: 'https://auth.example.com',
    appId: 'app',
    fetch: async (input, init) => {
      const path = new URL(String(input)).pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      if (path.endsWith('/frame/session')) return Response.json({ session_id: 's' });
      if (path.endsWith('/frame/auth_share'))
        return Response.json({ auth_share: toBase64(shares.authShare), session_id: 's' });
      if (path === '/api/v1/farcaster/signer/init')
        return Response.json(answer((body as { ed25519_public_key: string }).ed25519_public_key));
      return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
    },
  });
  const storage = memoryStorage();
  const ctx: FrameContext = {
    config: { appId: 'app', apiUrl: 'https://auth.example.com', allowedOrigins: [] },
    api,
    deviceShares: new DeviceShares(() => storage, 'app'),
    authShares: new AuthShareCache(),
  };
  ctx.deviceShares.save([address], shares.deviceShare);
  const dispatch = dispatcher(ctx);
  let id = 0;
  const send = (event: string, data: Record<string, unknown>): Promise<Reply> =>
    dispatch({ id: ++id, event, data: { accessToken: 'token', address, hdWalletIndex: null, ...data } });
  return { address, calls, send };
}

const dataOf = (reply: Reply) => {
  if (!('data' in reply)) throw new Error(JSON.stringify(reply));
  return reply.data as Record<string, unknown>;
};
const errorOf = (reply: Reply) => {
  if (!('error' in reply)) throw new Error(JSON.stringify(reply));
  return reply.error;
};
/** The body of the frame's `/farcaster/signer/init` call. */
function sentKey(calls: { path: string; body: unknown }[]) {
  const init = calls.find((c) => c.path === '/api/v1/farcaster/signer/init');
  if (!init) throw new Error('no /farcaster/signer/init call');
  return init.body as { ed25519_public_key: string };
}
const hash20 = Buffer.alloc(20, 7).toString('base64url');

describe('privy:farcaster:init-signer', () => {
  it("sends the signer's public key (0x + 64 hex) to /farcaster/signer/init and answers the server's status", async () => {
    const s = await setup();
    const reply = dataOf(await s.send('privy:farcaster:init-signer', {}));
    const init = sentKey(s.calls);
    const publicKey = init.ed25519_public_key;
    expect(publicKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(reply).toEqual({
      status: 'pending_approval',
      public_key: publicKey,
      signer_approval_url: 'farcaster://signed-key-request?token=t',
    });
    // Nothing but the public key went to the server in that call.
    expect(Object.keys(init)).toEqual(['ed25519_public_key']);
    // The same wallet gives the same signer each time.
    await s.send('privy:farcaster:init-signer', {});
    const keys = s.calls.filter((c) => c.path.endsWith('/signer/init')).map((c) => c.body);
    expect(keys[1]).toEqual(keys[0]);
  });

  it("refuses a server reply that is not a signer status or is another key's", async () => {
    for (const answer of [
      () => ({ status: 'approved', public_key: `0x${'1'.repeat(64)}`, fid: 1 }),
      (key: string) => ({ status: 'done', public_key: key }),
      () => ({}),
    ]) {
      const s = await setup(answer);
      expect(errorOf(await s.send('privy:farcaster:init-signer', {}))).toEqual({
        type: 'error',
        message: 'Unexpected server reply.',
      });
    }
  });

  it('a wallet not on this device, or no address, is refused before the server is asked', async () => {
    const s = await setup();
    expect(
      errorOf(await s.send('privy:farcaster:init-signer', { address: `0x${'2'.repeat(40)}` })).type,
    ).toBe('wallet_not_on_device');
    for (const address of [undefined, '', 5, 'x'.repeat(101)])
      expect(errorOf(await s.send('privy:farcaster:init-signer', { address })).type).toBe(
        'invalid_request_arguments',
      );
    expect(s.calls).toEqual([]);
  });
});

describe('privy:farcaster:sign', () => {
  it('signs a 20-byte message hash with the key whose public half init-signer sent (Ed25519, base64url)', async () => {
    const s = await setup();
    await s.send('privy:farcaster:init-signer', {});
    const publicKey = Buffer.from(sentKey(s.calls).ed25519_public_key.slice(2), 'hex');
    for (const hash of [hash20, `${hash20}=`]) {
      const { signature } = dataOf(await s.send('privy:farcaster:sign', { payload: { hash }, fid: 3n })) as {
        signature: string;
      };
      expect(signature).toMatch(/^[\w-]{86}$/);
      const key = createPublicKey({
        key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey]),
        format: 'der',
        type: 'spki',
      });
      expect(verify(null, Buffer.alloc(20, 7), key, Buffer.from(signature, 'base64url'))).toBe(true);
    }
  });

  it('refuses a hash that is not 20 bytes, or no hash, before any share is fetched', async () => {
    const s = await setup();
    for (const payload of [
      undefined,
      {},
      { hash: 5 },
      { hash: Buffer.alloc(32, 1).toString('base64url') },
      { hash: Buffer.alloc(19, 1).toString('base64url') },
      { hash: '!!!not base64!!!' },
      { hash: 'A'.repeat(10_000) },
    ])
      expect(errorOf(await s.send('privy:farcaster:sign', { payload, fid: 1 })).type).toBe(
        'invalid_request_arguments',
      );
    expect(s.calls).toEqual([]);
  });
});
