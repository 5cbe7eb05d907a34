import type { User } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { b64, createEmbeddedWallet, uniqueEmail } from '@latchkey/test/server/frame-api';
import { frameDevice } from '@latchkey/test/server/wallet-frame';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** An embedded wallet as the wire User lists it. */
interface WireWallet {
  type: string;
  address: string;
  chain_type: 'ethereum' | 'solana';
  wallet_index: number;
  connector_type: string;
  wallet_client_type: string;
  recovery_method: string;
  imported: boolean;
}

const walletsOf = (user: Pick<User, 'linked_accounts'>) =>
  (user.linked_accounts as unknown as WireWallet[]).filter(
    (a) => a.type === 'wallet' && a.connector_type === 'embedded',
  );

/**
 * `POST /apps/:app_id/users/wallet` (WIRE.md §7.2): the app's backend pregenerates an existing
 * user's embedded wallets, and the user's wallet frame claims them at their first login through the
 * paths every new device takes (enroll, recover with the auth and `privy` recovery shares, re-split),
 * then signs with them. The frame is the wallet frame's own code run in Node against the server.
 */
describe.each(dialects)('pregenerated embedded wallets (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let appId: string;
  let secret: string;

  const basic = (id: string, key: string) => `Basic ${Buffer.from(`${id}:${key}`).toString('base64')}`;
  const pregenerate = (body: Record<string, unknown>, app = { id: appId, secret }) =>
    client.post<User & { code?: string; error?: string }>(`/api/v1/apps/${app.id}/users/wallet`, body, {
      headers: { authorization: basic(app.id, app.secret), 'privy-app-id': app.id },
    });

  /** A user who signed up by email some time ago, without a wallet. */
  async function existingUser(label = 'pregen'): Promise<{ email: string; id: string }> {
    const email = uniqueEmail(label);
    const signup = await client.loginWithEmail(email);
    expect(signup.status).toBe(200);
    return { email, id: signup.body.user.id };
  }

  /** The user's first login since, on a device: the frame enrolls it, as the SDK asks after a login. */
  async function firstLogin(email: string) {
    const login: AuthBody = (await client.loginWithEmail(email)).body;
    const device = frameDevice(t, appId, () => login.token);
    await device.ask('privy:wallets:enroll-device', {});
    return { login, device };
  }

  type Device = Awaited<ReturnType<typeof firstLogin>>['device'];
  const ref = (address: string, chain: 'ethereum' | 'solana') => ({
    entropyId: address,
    entropyIdVerifier: `${chain}-address-verifier`,
  });

  /** Claims the wallet on the device as the SDK does for a `privy` wallet not on it: connect, recover. */
  async function claim(device: Device, entropy: ReturnType<typeof ref>) {
    expect(await device.failure('privy:wallets:connect', entropy)).toMatchObject({
      type: 'wallet_not_on_device',
    });
    expect(await device.ask('privy:wallets:recover', entropy)).toEqual({ entropyId: entropy.entropyId });
    expect(await device.ask('privy:wallets:connect', entropy)).toEqual({ entropyId: entropy.entropyId });
  }

  async function signEthereum(device: Device, entropy: ReturnType<typeof ref>, address: string, index = 0) {
    const message = `pregenerated ${address}`;
    const signed = await device.ask('privy:wallets:rpc', {
      ...entropy,
      chainType: 'ethereum',
      hdWalletIndex: index,
      request: { method: 'personal_sign', params: [message, address] },
    });
    expect(signed.address).toBe(address);
    const signature = (signed.response as { data: `0x${string}` }).data;
    return verifyMessage({ address: address as `0x${string}`, message, signature });
  }

  async function signSolana(device: Device, entropy: ReturnType<typeof ref>, address: string) {
    const message = new TextEncoder().encode(`pregenerated ${address}`);
    const signed = await device.ask('privy:wallets:rpc', {
      ...entropy,
      chainType: 'solana',
      hdWalletIndex: 0,
      request: { method: 'signMessage', params: { message: b64(message) } },
    });
    expect(signed.address).toBe(address);
    const signature = Buffer.from(
      (signed.response as { data: { signature: string } }).data.signature,
      'base64',
    );
    return ed25519.verify(signature, message, base58.decode(address));
  }

  const walletEvents = async (userId: string) =>
    (
      await t.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('app_id', '=', appId)
        .where('type', '=', 'user.wallet_created')
        .execute()
    )
      .map(
        (row) =>
          JSON.parse(row.payload) as {
            user: { id: string };
            wallet: { address: string; chain_type: string };
          },
      )
      .filter((event) => event.user.id === userId)
      .map((event) => event.wallet);

  beforeAll(async () => {
    t = await startTestServer(dialect);
    ({ client, secret } = await t.createApp());
    appId = client.appId;
  });
  afterAll(() => t.close());

  it('an Ethereum wallet: the User has it, and the frame at first login recovers it and signs', async () => {
    const user = await existingUser();
    const res = await pregenerate({ user_id: user.id, create_ethereum_wallet: true });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    const [wallet, ...others] = walletsOf(res.body);
    expect(others).toEqual([]);
    expect(wallet).toMatchObject({
      chain_type: 'ethereum',
      wallet_index: 0,
      wallet_client_type: 'privy',
      connector_type: 'embedded',
      recovery_method: 'privy',
      imported: false,
    });
    expect(wallet!.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await walletEvents(user.id)).toEqual([{ address: wallet!.address, chain_type: 'ethereum' }]);

    const { login, device } = await firstLogin(user.email);
    expect(walletsOf(login.user as unknown as User).map((w) => w.address)).toEqual([wallet!.address]);
    const entropy = ref(wallet!.address, 'ethereum');
    await claim(device, entropy);
    expect(await signEthereum(device, entropy, wallet!.address)).toBe(true);

    // The re-split made the frame's split the only one; another device later recovers it too.
    const second = await firstLogin(user.email);
    await claim(second.device, entropy);
    expect(await signEthereum(second.device, entropy, wallet!.address)).toBe(true);
  });

  it('a Solana wallet alone: named by its own address, signs with ed25519', async () => {
    const user = await existingUser();
    const res = await pregenerate({ user_id: user.id, create_solana_wallet: true });
    expect(res.status).toBe(200);
    const [wallet, ...others] = walletsOf(res.body);
    expect(others).toEqual([]);
    expect(wallet).toMatchObject({ chain_type: 'solana', wallet_index: 0, recovery_method: 'privy' });
    expect(base58.decode(wallet!.address)).toHaveLength(32);

    const { device } = await firstLogin(user.email);
    const entropy = ref(wallet!.address, 'solana');
    await claim(device, entropy);
    expect(await signSolana(device, entropy, wallet!.address)).toBe(true);
  });

  it('both chains and three Ethereum wallets from one entropy, named by Ethereum index 0', async () => {
    const user = await existingUser();
    // A bare id is accepted beside `did:privy:`.
    const res = await pregenerate({
      user_id: user.id.replace('did:privy:', ''),
      create_ethereum_wallet: true,
      create_solana_wallet: true,
      number_of_ethereum_wallets_to_create: 3,
    });
    expect(res.status).toBe(200);
    const wallets = walletsOf(res.body);
    expect(wallets.map((w) => [w.chain_type, w.wallet_index]).sort()).toEqual([
      ['ethereum', 0],
      ['ethereum', 1],
      ['ethereum', 2],
      ['solana', 0],
    ]);
    expect(new Set(wallets.map((w) => w.address)).size).toBe(4);
    expect(await walletEvents(user.id)).toHaveLength(4);
    const at = (chain: string, index: number) =>
      wallets.find((w) => w.chain_type === chain && w.wallet_index === index)!.address;

    const { device } = await firstLogin(user.email);
    const entropy = ref(at('ethereum', 0), 'ethereum');
    await claim(device, entropy);
    expect(await signEthereum(device, entropy, at('ethereum', 2), 2)).toBe(true);
    expect(await signSolana(device, entropy, at('solana', 0))).toBe(true);
    // The Solana primary names the same entropy (the server and the frame accept either primary).
    expect(await signSolana(device, ref(at('solana', 0), 'solana'), at('solana', 0))).toBe(true);
  });

  it('`wallets` entries add wallets of their chain', async () => {
    const user = await existingUser();
    const res = await pregenerate({
      user_id: user.id,
      wallets: [{ chain_type: 'solana' }, { chain_type: 'ethereum' }, { chain_type: 'ethereum' }],
    });
    expect(res.status).toBe(200);
    expect(
      walletsOf(res.body)
        .map((w) => `${w.chain_type}/${w.wallet_index}`)
        .sort(),
    ).toEqual(['ethereum/0', 'ethereum/1', 'solana/0']);
  });

  it('refuses a second wallet of a chain, and a chain the frame-made entropy lacks', async () => {
    const user = await existingUser();
    expect((await pregenerate({ user_id: user.id, create_ethereum_wallet: true })).status).toBe(200);
    expect(await pregenerate({ user_id: user.id, create_ethereum_wallet: true })).toMatchObject({
      status: 400,
      body: { code: 'resource_already_exists' },
    });
    // The server made this entropy but does not keep it: it cannot derive another chain from it.
    expect(await pregenerate({ user_id: user.id, create_solana_wallet: true })).toMatchObject({
      status: 400,
      body: { code: 'not_supported' },
    });

    const framed = await existingUser('framed');
    const login = (await client.loginWithEmail(framed.email)).body;
    await createEmbeddedWallet(t, client, login.token);
    expect(await pregenerate({ user_id: framed.id, create_ethereum_wallet: true })).toMatchObject({
      status: 400,
      body: { code: 'resource_already_exists' },
    });
    expect(await pregenerate({ user_id: framed.id, create_solana_wallet: true })).toMatchObject({
      status: 400,
      body: { code: 'not_supported' },
    });
  });

  it('two pregenerations of one user at once: one wins, the other is refused', async () => {
    const user = await existingUser();
    const results = await Promise.all([
      pregenerate({ user_id: user.id, create_ethereum_wallet: true }),
      pregenerate({ user_id: user.id, create_ethereum_wallet: true }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.code).toBe('resource_already_exists');
    const entropies = await t.ctx.db
      .selectFrom('wallet_entropies')
      .select('id')
      .where('user_id', '=', user.id.replace('did:privy:', ''))
      .execute();
    expect(entropies).toHaveLength(1);
  });

  it('refuses what it cannot do, with the reason, and creates nothing', async () => {
    const user = await existingUser();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { create_ethereum_smart_wallet: true, create_ethereum_wallet: true },
        'not_supported',
        /Smart wallets/,
      ],
      [
        { wallets: [{ chain_type: 'ethereum', create_smart_wallet: true }] },
        'not_supported',
        /Smart wallets/,
      ],
      [{ wallets: [{ chain_type: 'ethereum', policy_ids: ['p1'] }] }, 'not_supported', /Policies/],
      [{}, 'invalid_data', /Nothing to create/],
      [{ create_ethereum_wallet: false }, 'invalid_data', /Nothing to create/],
      [{ number_of_ethereum_wallets_to_create: 2 }, 'invalid_data', /only with create_ethereum_wallet/],
      [{ create_ethereum_wallet: true, number_of_ethereum_wallets_to_create: 11 }, 'invalid_data', /number/],
      [{ create_ethereum_wallet: true, number_of_ethereum_wallets_to_create: 0 }, 'invalid_data', /number/],
      [{ wallets: [{ chain_type: 'bitcoin-segwit' }] }, 'invalid_data', /chain_type/],
      // Ten Ethereum wallets and a Solana one: 11, over the 10 a user may have (spec document 2 §9).
      [
        {
          create_ethereum_wallet: true,
          number_of_ethereum_wallets_to_create: 10,
          create_solana_wallet: true,
        },
        'invalid_data',
        /at most 10/,
      ],
    ];
    for (const [body, code, message] of cases) {
      const res = await pregenerate({ user_id: user.id, ...body });
      expect({ status: res.status, code: res.body.code }, JSON.stringify(body)).toEqual({
        status: 400,
        code,
      });
      expect(res.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect(await walletEvents(user.id)).toEqual([]);
    // Ten is the limit, not over it.
    const ten = await pregenerate({
      user_id: user.id,
      create_ethereum_wallet: true,
      number_of_ethereum_wallets_to_create: 10,
    });
    expect(ten.status).toBe(200);
    expect(walletsOf(ten.body)).toHaveLength(10);
  });

  it('an unknown user, or another app’s, is a 404; the route needs the app secret of the app in the path', async () => {
    for (const user_id of ['did:privy:aaaaaaaaaaaaaaaaaaaaaaaaa', 'nobody', ''])
      expect(await pregenerate({ user_id, create_ethereum_wallet: true })).toMatchObject({
        status: 404,
        body: { code: 'user_does_not_exist' },
      });
    const other = await t.createApp();
    const stranger = (await other.client.loginWithEmail(uniqueEmail('stranger'))).body.user.id;
    expect(await pregenerate({ user_id: stranger, create_ethereum_wallet: true })).toMatchObject({
      status: 404,
      body: { code: 'user_does_not_exist' },
    });
    // The other app's own secret works for its own user.
    expect(
      (
        await pregenerate(
          { user_id: stranger, create_ethereum_wallet: true },
          { id: other.app.id, secret: other.secret },
        )
      ).status,
    ).toBe(200);

    const user = await existingUser();
    const path = `/api/v1/apps/${appId}/users/wallet`;
    const body = { user_id: user.id, create_ethereum_wallet: true };
    // No secret (a browser with the app's origin), a wrong one, or another app's path.
    expect(await client.post(path, body)).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
    expect(
      await client.post(path, body, { headers: { authorization: basic(appId, 'wrong-secret') } }),
    ).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    const crossed = await client.post(`/api/v1/apps/${other.app.id}/users/wallet`, body, {
      headers: { authorization: basic(appId, secret) },
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.code).toBe('missing_or_invalid_privy_app_id');
    expect(walletsOf((await pregenerate(body)).body)).toHaveLength(1);
  });
});
