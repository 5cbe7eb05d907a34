import {
  CastType,
  Ed25519Signer,
  FarcasterNetwork,
  type HubAsyncResult,
  type Message,
  makeCastAdd,
  validations,
} from '@farcaster/core';
import type { FarcasterSigner } from '@latchkey/protocol';
import { type FarcasterChain, startFarcasterChain } from '@latchkey/test/chains';
import {
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import { type FrameDevice, frameDevice } from '@latchkey/test/server/wallet-frame';
import { type SignedKeyRequestStandIn, startSignedKeyRequestStandIn } from '@latchkey/test/stand-ins';
import { ok } from 'neverthrow';
import type { Hex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farcasterChannelLogin } from '../fixtures/farcaster-login.ts';

/**
 * The Farcaster signer end to end (issue 30), through the wallet frame's own code run in Node
 * (`frameDevice`) against the real server: the frame derives the signer from the embedded wallet's
 * secret, the server asks Warpcast's signed-key-request API (the kit's stand-in over a local chain
 * with the Farcaster registries at their Optimism addresses) with the app's own fid, the user's
 * custody approves on chain, and the frame signs a real CastAdd's hash, which `@farcaster/core`'s
 * validator accepts. A removed key cannot be re-added, so after a revocation the frame moves to
 * the next generation of signer.
 */
const relayKey = 'signer-frame-relay-key-0123456789abcdef';
let chain: FarcasterChain;
let warpcast: SignedKeyRequestStandIn;
beforeAll(async () => {
  chain = await startFarcasterChain();
  warpcast = await startSignedKeyRequestStandIn({ chain });
}, 60_000);
afterAll(async () => {
  await warpcast?.close();
  await chain?.stop();
});

function newAccount(): PrivateKeyAccount & { privateKey: Hex } {
  const privateKey = generatePrivateKey();
  return Object.assign(privateKeyToAccount(privateKey), { privateKey });
}

const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

/**
 * `@farcaster/core`'s signer over the wallet frame: its key is the one the frame's init-signer
 * reported, and each message hash is signed by `privy:farcaster:sign`, as the host SDK asks it.
 */
class FrameSigner extends Ed25519Signer {
  readonly #device: FrameDevice;
  readonly #address: string;
  readonly #fid: number;
  readonly #publicKey: string;
  constructor(device: FrameDevice, address: string, fid: number, publicKey: string) {
    super();
    this.#device = device;
    this.#address = address;
    this.#fid = fid;
    this.#publicKey = publicKey;
  }
  async getSignerKey(): HubAsyncResult<Uint8Array> {
    return ok(Buffer.from(this.#publicKey.slice(2), 'hex'));
  }
  async signMessageHash(hash: Uint8Array): HubAsyncResult<Uint8Array> {
    const { signature } = await this.#device.ask('privy:farcaster:sign', {
      address: this.#address,
      hdWalletIndex: null,
      payload: { hash: Buffer.from(hash).toString('base64url') },
      fid: this.#fid,
    });
    return ok(Buffer.from(signature as string, 'base64url'));
  }
}

const castBody = (text: string) => ({
  text,
  type: CastType.CAST,
  embeds: [],
  embedsDeprecated: [],
  mentions: [],
  mentionsPositions: [],
});

/** A CastAdd by `fid`, signed through the frame; throws what the frame refused. */
async function castThrough(device: FrameDevice, address: string, fid: number, key: string, text: string) {
  const made = await makeCastAdd(
    castBody(text),
    { fid, network: FarcasterNetwork.MAINNET },
    new FrameSigner(device, address, fid, key),
  );
  return made._unsafeUnwrap();
}

const validates = async (message: Message) => (await validations.validateMessage(message)).isOk();

describe.each(dialects)('the Farcaster signer through the wallet frame (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let appId: string;
  let appFid: bigint;

  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: {
        rpcUrls: { 'eip155:10': chain.url },
        farcaster: { relayKey, signerApiUrl: warpcast.url },
      },
    });
    const made = await t.createApp({ farcaster_auth: true });
    client = made.client;
    appId = made.app.id;
    const custody = newAccount();
    appFid = await chain.registerFid(custody);
    const set = await t.fetch(`/admin/v1/apps/${appId}/farcaster_identity`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fid: Number(appFid), custody_private_key: custody.privateKey }),
    });
    expect(set.status).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  /** A user logged in with a new fid on the chain (the relay channel, as the Farcaster app completes it). */
  async function farcasterUser() {
    const custody = newAccount();
    const fid = await chain.registerFid(custody);
    const login = await farcasterChannelLogin(t, client, { account: custody, fid, relayKey });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const session = { token: login.body.token };
    const device = frameDevice(t, appId, () => session.token);
    const address = (await device.ask('privy:wallet:create', { recoveryMethod: 'privy' })).address as string;
    return { custody, fid: Number(fid), session, device, address };
  }
  type User = Awaited<ReturnType<typeof farcasterUser>>;

  const initSigner = async (user: User, device = user.device) =>
    (await device.ask('privy:farcaster:init-signer', {
      address: user.address,
      hdWalletIndex: null,
    })) as unknown as FarcasterSigner & { signer_approval_url?: string };
  const serverStatus = (token: string, key: string) =>
    client.post<FarcasterSigner & { code?: string }>(
      '/api/v1/farcaster/signer/status',
      { ed25519_public_key: key },
      { token },
    );
  const farcasterAccountOf = async (user: User) => {
    const me = await client.request<{ user: { linked_accounts: Record<string, unknown>[] } }>(
      '/api/v1/users/me',
      { token: user.session.token },
    );
    return me.body.user.linked_accounts.find((account) => account.type === 'farcaster');
  };
  /** The user's custody approves Warpcast's request `token` (KeyGateway.add, mined). */
  const approve = async (user: User, token: string) =>
    chain.publicClient.waitForTransactionReceipt({ hash: await warpcast.approve(token, user.custody) });
  const signFailure = async (user: User, device: FrameDevice, fid = user.fid) => {
    const e = await device.failure('privy:farcaster:sign', {
      address: user.address,
      hdWalletIndex: null,
      payload: { hash: Buffer.alloc(20, 1).toString('base64url') },
      fid,
    });
    return e;
  };
  const notApproved = { type: 'error', message: 'The Farcaster signer is not approved.' };

  let alice: User;
  let firstKey: string;
  let firstRequest: string;
  let secondKey: string;

  it('init-signer: pending with the deeplink of a request for exactly the frame’s key', async () => {
    alice = await farcasterUser();
    const sent = warpcast.requests.length;
    const pending = await initSigner(alice);
    expect(warpcast.requests).toHaveLength(sent + 1);
    const request = warpcast.requests[sent]!;
    firstKey = pending.public_key;
    firstRequest = request.token;
    expect(firstKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(request).toMatchObject({ key: firstKey, requestFid: appFid });
    expect(pending).toEqual({
      status: 'pending_approval',
      public_key: firstKey,
      signer_approval_url: `farcaster://signed-key-request?token=${request.token}`,
    });
    expect((await serverStatus(alice.session.token, firstKey)).body).toEqual({
      status: 'pending_approval',
      public_key: firstKey,
    });
    // Not approved yet: the frame signs nothing.
    expect(await signFailure(alice, alice.device)).toEqual(notApproved);
    // Asked again: the same request, nothing new sent.
    expect(await initSigner(alice)).toEqual(pending);
    expect(warpcast.requests).toHaveLength(sent + 1);
  });

  it('approved on chain: init-signer answers approved, the account shows the key, a CastAdd signed by the frame validates', async () => {
    await approve(alice, firstRequest);
    expect(await initSigner(alice)).toEqual({ status: 'approved', public_key: firstKey, fid: alice.fid });
    expect(await farcasterAccountOf(alice)).toMatchObject({ fid: alice.fid, signer_public_key: firstKey });

    const message = await castThrough(
      alice.device,
      alice.address,
      alice.fid,
      firstKey,
      'hello from the frame',
    );
    expect(hexOf(message.signer)).toBe(firstKey);
    expect(message.data?.fid).toBe(alice.fid);
    expect(await validates(message)).toBe(true);

    // Tampered: another text under the same hash and signature (the data's bytes are what is hashed,
    // so they are dropped to have the data re-encoded), or another signature.
    expect(message.dataBytes).toBeDefined();
    const tamperedText: Message = {
      ...message,
      dataBytes: undefined,
      data: {
        ...message.data!,
        castAddBody: { ...message.data!.castAddBody!, text: 'hello from elsewhere' },
      },
    };
    expect(await validates(tamperedText)).toBe(false);
    expect(await validates({ ...message, dataBytes: undefined })).toBe(true);
    const signature = Uint8Array.from(message.signature);
    signature[0]! ^= 1;
    expect(await validates({ ...message, signature })).toBe(false);
    // Another fid than the one approved: refused.
    expect(await signFailure(alice, alice.device, alice.fid + 1_000_000)).toEqual(notApproved);
  });

  it('revoked: the frame refuses to sign; init-signer moves to the next generation, which signs once approved', async () => {
    await warpcast.revoke(firstRequest);
    expect((await serverStatus(alice.session.token, firstKey)).body).toEqual({
      status: 'revoked',
      public_key: firstKey,
      fid: alice.fid,
    });
    // The next generation was never asked for: not approved either.
    expect(await signFailure(alice, alice.device)).toEqual(notApproved);

    const sent = warpcast.requests.length;
    const next = await initSigner(alice);
    expect(warpcast.requests).toHaveLength(sent + 1);
    const request = warpcast.requests[sent]!;
    secondKey = next.public_key;
    expect(secondKey).not.toBe(firstKey);
    expect(request).toMatchObject({ key: secondKey, requestFid: appFid });
    expect(next).toEqual({
      status: 'pending_approval',
      public_key: secondKey,
      signer_approval_url: `farcaster://signed-key-request?token=${request.token}`,
    });
    expect(await signFailure(alice, alice.device)).toEqual(notApproved);

    await approve(alice, request.token);
    expect(await initSigner(alice)).toEqual({ status: 'approved', public_key: secondKey, fid: alice.fid });
    expect(await farcasterAccountOf(alice)).toMatchObject({ signer_public_key: secondKey });
    const message = await castThrough(alice.device, alice.address, alice.fid, secondKey, 'second generation');
    expect(hexOf(message.signer)).toBe(secondKey);
    expect(await validates(message)).toBe(true);
  });

  it('another device of the user, after recovery, holds the same signer', async () => {
    const other = frameDevice(t, appId, () => alice.session.token);
    await other.ask('privy:wallets:recover', {
      entropyId: alice.address,
      entropyIdVerifier: 'ethereum-address-verifier',
    });
    const sent = warpcast.requests.length;
    expect(await initSigner(alice, other)).toEqual({
      status: 'approved',
      public_key: secondKey,
      fid: alice.fid,
    });
    expect(warpcast.requests).toHaveLength(sent);
    const message = await castThrough(other, alice.address, alice.fid, secondKey, 'from the other device');
    expect(await validates(message)).toBe(true);
  });

  it("another user can neither read the first user's signer nor sign with it", async () => {
    const bob = await farcasterUser();
    for (const key of [firstKey, secondKey])
      expect(await serverStatus(bob.session.token, key)).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
    // Bob's frame with Alice's wallet: not on his device, and the server will not let him recover it.
    expect(await signFailure({ ...bob, address: alice.address }, bob.device, alice.fid)).toMatchObject({
      type: 'wallet_not_on_device',
    });
    expect(
      await bob.device.failure('privy:wallets:recover', {
        entropyId: alice.address,
        entropyIdVerifier: 'ethereum-address-verifier',
      }),
    ).toEqual({ type: 'error', message: 'Request failed with status code 404: Linked account not found.' });
    expect(await signFailure({ ...bob, address: alice.address }, bob.device, alice.fid)).toMatchObject({
      type: 'wallet_not_on_device',
    });
    // Bob's own wallet for Alice's fid: his signer was never asked for, so not approved for it.
    expect(await signFailure(bob, bob.device, alice.fid)).toEqual(notApproved);
    // His own signer is another key, pending for his fid.
    const his = await initSigner(bob);
    expect(his.status).toBe('pending_approval');
    expect([firstKey, secondKey]).not.toContain(his.public_key);
    expect(warpcast.requests.at(-1)).toMatchObject({ key: his.public_key });
  });
});
