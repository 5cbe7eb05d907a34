import { createPublicKey, verify } from 'node:crypto';
import { ethereumKey, generateEntropy, seedFromEntropy, splitEntropy, toBase64 } from '@latchkey/keys';
import { describe, expect, it } from 'vitest';
import { AuthShareCache } from '../auth-shares.ts';
import { DeviceShares } from '../device-share.ts';
import type { FrameContext } from '../frame-context.ts';
import { dispatcher, type Reply } from '../messages.ts';
import { memoryStorage } from '../page-storage.ts';
import { ServerApi } from '../server-api.ts';

type Status = 'pending_approval' | 'approved' | 'revoked';

/**
 * A frame holding one wallet's device share, and a server that releases its auth share and keeps
 * signers by public key: `init` files an unknown key as pending and answers its status (with the URL
 * while pending), `status` answers a known one (404 otherwise). `answer` replaces the server's reply
 * (a server gone wrong). Every path called is recorded, with its body.
 */
async function setup(answer?: (key: string) => unknown) {
  const entropy = generateEntropy();
  const address = ethereumKey(seedFromEntropy(entropy), 0).address;
  const shares = await splitEntropy(entropy);
  const calls: { path: string; body: unknown }[] = [];
  const signers = new Map<string, Status>();
  const reply = (key: string, url: boolean) => {
    const status = signers.get(key)!;
    return status === 'pending_approval'
      ? {
          status,
          public_key: key,
          ...(url ? { signer_approval_url: `farcaster://signed-key-request?token=${key.slice(2, 10)}` } : {}),
        }
      : { status, public_key: key, fid: 77 };
  };
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
      const key = (body as { ed25519_public_key?: string } | undefined)?.ed25519_public_key ?? '';
      if (answer && path.startsWith('/api/v1/farcaster/signer/')) return Response.json(answer(key));
      if (path === '/api/v1/farcaster/signer/init') {
        if (!signers.has(key)) signers.set(key, 'pending_approval');
        return Response.json(reply(key, true));
      }
      if (path === '/api/v1/farcaster/signer/status' && signers.has(key))
        return Response.json(reply(key, false));
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
  const signerCalls = () => calls.filter((c) => c.path.startsWith('/api/v1/farcaster/'));
  return { address, calls, signers, signerCalls, send };
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

/** An Ed25519 public key (0x + 64 hex) as Node's crypto takes it. */
const nodePublicKey = (key: string) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(key.slice(2), 'hex')]),
    format: 'der',
    type: 'spki',
  });

describe('privy:farcaster:init-signer', () => {
  it("sends the signer's public key (0x + 64 hex) to /farcaster/signer/init and answers the server's status", async () => {
    const s = await setup();
    const reply = dataOf(await s.send('privy:farcaster:init-signer', {}));
    const [init] = s.signerCalls();
    const publicKey = sentKey(s.calls).ed25519_public_key;
    expect(publicKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(reply).toEqual({
      status: 'pending_approval',
      public_key: publicKey,
      signer_approval_url: `farcaster://signed-key-request?token=${publicKey.slice(2, 10)}`,
    });
    // Nothing but the public key went to the server in that call.
    expect(Object.keys(init?.body as object)).toEqual(['ed25519_public_key']);
    // The same wallet gives the same signer each time.
    await s.send('privy:farcaster:init-signer', {});
    const keys = s.signerCalls().map((c) => c.body);
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('a revoked signer gives way to the next generation: a new key, asked for once', async () => {
    const s = await setup();
    const first = dataOf(await s.send('privy:farcaster:init-signer', {})).public_key as string;
    s.signers.set(first, 'revoked');
    const second = dataOf(await s.send('privy:farcaster:init-signer', {}));
    expect(second).toMatchObject({ status: 'pending_approval' });
    expect(second.public_key).not.toBe(first);
    s.signers.set(second.public_key as string, 'approved');
    expect(dataOf(await s.send('privy:farcaster:init-signer', {}))).toEqual({
      status: 'approved',
      public_key: second.public_key,
      fid: 77,
    });
  });

  it('after 16 revoked signers it says so', async () => {
    const s = await setup((key) => ({ status: 'revoked', public_key: key, fid: 77 }));
    expect(errorOf(await s.send('privy:farcaster:init-signer', {}))).toEqual({
      type: 'error',
      message: 'Every Farcaster signer of this wallet was revoked.',
    });
    expect(new Set(s.signerCalls().map((c) => JSON.stringify(c.body))).size).toBe(16);
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
  it('signs a 20-byte message hash with the approved signer (Ed25519, base64url), verifiable with its key', async () => {
    const s = await setup();
    const { public_key } = dataOf(await s.send('privy:farcaster:init-signer', {})) as { public_key: string };
    s.signers.set(public_key, 'approved');
    // The incumbent sends the fid as a BigInt, serialized as a decimal string.
    for (const [hash, fid] of [
      [hash20, 77n],
      [`${hash20}=`, '77'],
      [hash20, 77],
    ] as const) {
      const { signature } = dataOf(await s.send('privy:farcaster:sign', { payload: { hash }, fid })) as {
        signature: string;
      };
      expect(signature).toMatch(/^[\w-]{86}$/);
      expect(
        verify(null, Buffer.alloc(20, 7), nodePublicKey(public_key), Buffer.from(signature, 'base64url')),
      ).toBe(true);
    }
  });

  it('signs with the generation after a revoked one', async () => {
    const s = await setup();
    const first = dataOf(await s.send('privy:farcaster:init-signer', {})).public_key as string;
    s.signers.set(first, 'revoked');
    const second = dataOf(await s.send('privy:farcaster:init-signer', {})).public_key as string;
    s.signers.set(second, 'approved');
    const { signature } = dataOf(
      await s.send('privy:farcaster:sign', { payload: { hash: hash20 }, fid: 77 }),
    ) as {
      signature: string;
    };
    expect(
      verify(null, Buffer.alloc(20, 7), nodePublicKey(second), Buffer.from(signature, 'base64url')),
    ).toBe(true);
    expect(verify(null, Buffer.alloc(20, 7), nodePublicKey(first), Buffer.from(signature, 'base64url'))).toBe(
      false,
    );
  });

  it('signs nothing with a signer still pending, never asked for, or approved for another fid', async () => {
    const s = await setup();
    // Never asked for (the server knows no such key: 404): not approved, as the host is told.
    expect(errorOf(await s.send('privy:farcaster:sign', { payload: { hash: hash20 }, fid: 77 }))).toEqual({
      type: 'error',
      message: 'The Farcaster signer is not approved.',
    });
    const { public_key } = dataOf(await s.send('privy:farcaster:init-signer', {})) as { public_key: string };
    expect(errorOf(await s.send('privy:farcaster:sign', { payload: { hash: hash20 }, fid: 77 }))).toEqual({
      type: 'error',
      message: 'The Farcaster signer is not approved.',
    });
    s.signers.set(public_key, 'approved');
    expect(
      errorOf(await s.send('privy:farcaster:sign', { payload: { hash: hash20 }, fid: 78 })).message,
    ).toBe('The Farcaster signer is not approved.');
  });

  it('refuses a hash that is not 20 bytes, no hash or a bad fid, before any share is fetched', async () => {
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
    for (const fid of [undefined, 0, -1, 1.5, 'x', '1e3', 2n ** 64n, {}])
      expect(errorOf(await s.send('privy:farcaster:sign', { payload: { hash: hash20 }, fid })).type).toBe(
        'invalid_request_arguments',
      );
    expect(s.calls).toEqual([]);
  });
});
