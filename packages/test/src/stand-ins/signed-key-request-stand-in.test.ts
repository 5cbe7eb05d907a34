import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, type Hex, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FarcasterChain, startFarcasterChain } from '../chains/farcaster-chain.ts';
import { signSignedKeyRequest } from '../chains/farcaster-signed-key-request.ts';
import { type SignedKeyRequestStandIn, startSignedKeyRequestStandIn } from './signed-key-request-stand-in.ts';

let chain: FarcasterChain;
let warpcast: SignedKeyRequestStandIn;
let app: { account: LocalAccount; fid: bigint };
beforeAll(async () => {
  chain = await startFarcasterChain();
  warpcast = await startSignedKeyRequestStandIn({ chain });
  const account = privateKeyToAccount(generatePrivateKey());
  app = { account, fid: await chain.registerFid(account) };
});
afterAll(async () => {
  await warpcast?.close();
  await chain?.stop();
});

const signerKey = (): Hex => bytesToHex(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** The app's request body: its custody signs {requestFid, key, deadline}. */
async function requestBody(overrides: Record<string, unknown> = {}, signer = app.account) {
  const key = signerKey();
  const deadline = inAnHour();
  const signature = await signSignedKeyRequest(signer, {
    requestFid: app.fid,
    key,
    deadline: BigInt(deadline),
  });
  return { key, requestFid: Number(app.fid), signature, deadline, ...overrides };
}

const post = async (body: unknown) => {
  const res = await fetch(`${warpcast.url}/v2/signed-key-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const status = async (token: string) => {
  const res = await fetch(`${warpcast.url}/v2/signed-key-request?token=${encodeURIComponent(token)}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
type Answer = { result: { signedKeyRequest: Record<string, unknown> } };

async function newUser() {
  const account = privateKeyToAccount(generatePrivateKey());
  return { account, fid: await chain.registerFid(account) };
}

describe('the signed-key-request stand-in', () => {
  it('takes a request, and the approval adds the key on chain: pending, then completed with the user fid', async () => {
    const body = await requestBody({ redirectUrl: 'https://app.example.com/back' });
    const created = await post(body);
    expect(created.status).toBe(200);
    const request = (created.body as Answer).result.signedKeyRequest;
    expect(request).toEqual({
      token: expect.stringMatching(/^0x[0-9a-f]{48}$/),
      deeplinkUrl: `farcaster://signed-key-request?token=${request.token}`,
      key: body.key,
      requestFid: Number(app.fid),
      state: 'pending',
      isSponsored: false,
    });
    const token = request.token as string;
    expect(((await status(token)).body as Answer).result.signedKeyRequest.state).toBe('pending');

    const user = await newUser();
    await warpcast.approve(token, user.account);
    expect(((await status(token)).body as Answer).result.signedKeyRequest).toMatchObject({
      state: 'completed',
      userFid: Number(user.fid),
      key: body.key,
    });
    expect(await chain.keyDataOf(user.fid, body.key)).toEqual({ state: 1, keyType: 1 });
    await expect(warpcast.approve(token, user.account)).rejects.toThrow(/completed/);

    await warpcast.revoke(token);
    expect(await chain.keyDataOf(user.fid, body.key)).toEqual({ state: 2, keyType: 1 });
  });

  it('is approved, not completed, until the add is mined', async () => {
    const token = ((await post(await requestBody())).body as Answer).result.signedKeyRequest.token as string;
    const user = await newUser();
    await chain.node.rpc('evm_setAutomine', [false]);
    try {
      await warpcast.approve(token, user.account);
      expect(((await status(token)).body as Answer).result.signedKeyRequest).toMatchObject({
        state: 'approved',
        userFid: Number(user.fid),
      });
      await chain.node.rpc('evm_mine');
    } finally {
      await chain.node.rpc('evm_setAutomine', [true]);
    }
    expect(((await status(token)).body as Answer).result.signedKeyRequest.state).toBe('completed');
  });

  it('approves only from an address that holds a fid', async () => {
    const token = ((await post(await requestBody())).body as Answer).result.signedKeyRequest.token as string;
    await expect(warpcast.approve(token, privateKeyToAccount(generatePrivateKey()))).rejects.toThrow(
      /holds no fid/,
    );
    await expect(warpcast.approve('0xnope', app.account)).rejects.toThrow(/no signed key request/);
  });

  it.each([
    ['a body that is not JSON', () => '{', /Invalid JSON/],
    ['a short key', () => requestBody({ key: '0x1234' }), /key must be/],
    ['no requestFid', () => requestBody({ requestFid: undefined }), /requestFid must be/],
    ['requestFid 0', () => requestBody({ requestFid: 0 }), /requestFid must be/],
    ['no deadline', () => requestBody({ deadline: undefined }), /deadline must be/],
    [
      'a past deadline',
      () => requestBody({ deadline: Math.floor(Date.now() / 1000) - 1 }),
      /deadline has passed/,
    ],
    ['a malformed signature', () => requestBody({ signature: '0x1234' }), /signature must be/],
    [
      'a deadline other than the signed one',
      () => requestBody({ deadline: inAnHour() + 5 }),
      /not by the custody address/,
    ],
    ['an unregistered requestFid', () => requestBody({ requestFid: 987654321 }), /not registered/],
  ])('refuses %s', async (_name, body, message) => {
    const res = await post(await body());
    expect(res.status).toBe(400);
    expect((res.body as { errors: { message: string }[] }).errors[0]!.message).toMatch(message);
  });

  it("refuses a request signed by an address other than the fid's custody", async () => {
    const res = await post(await requestBody({}, privateKeyToAccount(generatePrivateKey())));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ message: `signature is not by the custody address of fid ${app.fid}` }],
    });
  });

  it('answers 400 without a token, 404 for an unknown token or route', async () => {
    expect((await fetch(`${warpcast.url}/v2/signed-key-request`)).status).toBe(400);
    expect((await status('0xunknown')).status).toBe(404);
    expect((await fetch(`${warpcast.url}/v2/other`)).status).toBe(404);
  });
});
