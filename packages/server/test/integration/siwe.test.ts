import { buildSiweMessage, type SignInMessageFields, siweStatement } from '@latchkey/protocol';
import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { decodeJwt } from 'jose';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  serializeErc6492Signature,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ownedWalletAbi,
  ownedWalletBytecode,
  ownedWalletFactoryAbi,
  ownedWalletFactoryBytecode,
} from '../fixtures/owned-wallet.ts';

const newAccount = () => privateKeyToAccount(generatePrivateKey());

interface Init {
  address: string;
  nonce: string;
  expires_at: string;
}

/** The server clock (tests move it with t.advance) as an ISO string, shifted by `offset` seconds. */
const isoAt = (t: TestServer, offset = 0) => new Date((t.ctx.now() + offset) * 1000).toISOString();

async function init(client: TestClient, address: string): Promise<Init> {
  const res = await client.post<Init>('/api/v1/siwe/init', { address });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

function fields(t: TestServer, address: string, nonce: string, patch: Partial<SignInMessageFields> = {}) {
  return {
    domain: 'app.test',
    address,
    statement: siweStatement,
    uri: 'http://app.test',
    chainId: 1,
    nonce,
    issuedAt: isoAt(t),
    ...patch,
  } satisfies SignInMessageFields;
}

/** A fresh nonce, a message (optionally tampered), and the account's signature over it. */
async function signed(
  t: TestServer,
  client: TestClient,
  account: PrivateKeyAccount,
  patch: Partial<SignInMessageFields> = {},
) {
  const { nonce } = await init(client, account.address);
  const message = buildSiweMessage(fields(t, account.address, nonce, patch));
  return { message, signature: await account.signMessage({ message }), nonce };
}

async function siweLogin(t: TestServer, client: TestClient, account: PrivateKeyAccount, extra = {}) {
  const body = await signed(t, client, account);
  return client.post<AuthBody>('/api/v1/siwe/authenticate', {
    message: body.message,
    signature: body.signature,
    chainId: 'eip155:1',
    walletClientType: 'metamask',
    connectorType: 'injected',
    ...extra,
  });
}

const walletApp = { wallet_auth: true, email_auth: true };

describe.each(dialects)('Sign-In with Ethereum (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  it('issues an expiring nonce for a valid address and refuses malformed ones', async () => {
    const { client } = await t.createApp(walletApp);
    const account = newAccount();
    const res = await init(client, account.address.toLowerCase());
    expect(res.address).toBe(account.address);
    expect(res.nonce).toMatch(/^[a-z0-9]{25}$/);
    // Ten minutes from when it was issued; the clock may have ticked a second since.
    expect(600 - (Date.parse(res.expires_at) / 1000 - t.ctx.now())).toBeOneOf([0, 1]);
    const checksumBroken = account.address.replace(/[a-f]/, (c) => c.toUpperCase());
    for (const address of ['0x1234', 'not an address', `${account.address}00`, checksumBroken]) {
      if (address === account.address) continue;
      const bad = await client.post('/api/v1/siwe/init', { address });
      expect(bad, address).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    }
  });

  it('logs a new user in, the same wallet logs the same user in again, and tokens carry the wallet', async () => {
    const { client, app } = await t.createApp(walletApp);
    const account = newAccount();
    const first = await siweLogin(t, client, account);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.is_new_user).toBe(true);
    expect(first.body.user.linked_accounts).toEqual([
      {
        type: 'wallet',
        address: account.address,
        chain_type: 'ethereum',
        chain_id: 'eip155:1',
        wallet_client: 'unknown',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
        verified_at: expect.any(Number),
        first_verified_at: expect.any(Number),
        latest_verified_at: expect.any(Number),
      },
    ]);
    const claims = decodeJwt(first.body.identity_token);
    expect(JSON.parse(claims.linked_accounts as string)).toEqual([
      {
        type: 'wallet',
        address: account.address,
        chain_type: 'ethereum',
        wallet_client_type: 'metamask',
        lv: expect.any(Number),
      },
    ]);
    const again = await siweLogin(t, client, account);
    expect(again.status).toBe(200);
    expect(again.body.is_new_user).toBe(false);
    expect(again.body.user.id).toBe(first.body.user.id);

    const events = await t.ctx.db
      .selectFrom('outbox')
      .select('type')
      .where('app_id', '=', app.id)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['user.created', 'user.authenticated', 'user.authenticated']);
  });

  it('spends a nonce once: a replayed message is refused', async () => {
    const { client } = await t.createApp(walletApp);
    const account = newAccount();
    const { message, signature } = await signed(t, client, account);
    const first = await client.post('/api/v1/siwe/authenticate', { message, signature });
    expect(first.status).toBe(200);
    const replay = await client.post('/api/v1/siwe/authenticate', { message, signature });
    expect(replay).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials', error: 'Invalid or expired nonce.' },
    });
  });

  it('refuses a nonce past its ten minutes', async () => {
    const { client } = await t.createApp(walletApp);
    const account = newAccount();
    const { nonce } = await init(client, account.address);
    t.advance(601);
    const message = buildSiweMessage(fields(t, account.address, nonce));
    const res = await client.post('/api/v1/siwe/authenticate', {
      message,
      signature: await account.signMessage({ message }),
    });
    expect(res).toMatchObject({ status: 401, body: { error: 'Invalid or expired nonce.' } });
  });

  it('refuses a nonce issued for another address', async () => {
    const { client } = await t.createApp(walletApp);
    const [account, other] = [newAccount(), newAccount()];
    const { nonce } = await init(client, other.address);
    const message = buildSiweMessage(fields(t, account.address, nonce));
    const res = await client.post('/api/v1/siwe/authenticate', {
      message,
      signature: await account.signMessage({ message }),
    });
    expect(res).toMatchObject({ status: 401, body: { error: 'Invalid or expired nonce.' } });
  });

  it('refuses tampered messages, each with its reason', async () => {
    const { client } = await t.createApp(walletApp);
    const account = newAccount();
    const cases: [string, Partial<SignInMessageFields>, number, string][] = [
      ['wrong domain', { domain: 'evil.test' }, 401, 'The message domain is not allowed for this app.'],
      ['URI not allowed', { uri: 'https://evil.test' }, 401, 'The message URI is not allowed for this app.'],
      ['future issued-at', { issuedAt: isoAt(t, 3600) }, 401, 'The message Issued At is in the future.'],
      [
        'issued-at before the nonce',
        { issuedAt: isoAt(t, -3600) },
        401,
        'The message Issued At is earlier than its nonce.',
      ],
      ['expired', { expirationTime: isoAt(t, -1) }, 401, 'The message has expired.'],
      ['not valid yet', { notBefore: isoAt(t, 3600) } as never, 401, ''],
      ['issued-at not a date', { issuedAt: 'yesterday' }, 400, ''],
      ['statement over 100 characters', { statement: 'x'.repeat(101) }, 400, ''],
    ];
    for (const [label, patch, status, error] of cases) {
      const { message, signature } = await signed(t, client, account, patch);
      const withNotBefore =
        label === 'not valid yet'
          ? message.replace('\nResources:', `\nNot Before: ${isoAt(t, 3600)}\nResources:`)
          : message;
      const sig =
        label === 'not valid yet' ? await account.signMessage({ message: withNotBefore }) : signature;
      const res = await client.post('/api/v1/siwe/authenticate', { message: withNotBefore, signature: sig });
      expect({ label, status: res.status }).toEqual({ label, status });
      expect(res.body.code, label).toBe(status === 401 ? 'invalid_credentials' : 'invalid_data');
      if (error) expect(res.body.error, label).toBe(error);
    }
    // An unexpired Expiration Time and the app's custom login message (up to 100 characters) pass.
    const ok = await signed(t, client, account, {
      expirationTime: isoAt(t, 60),
      statement: 'Welcome to Test app',
    });
    expect((await client.post('/api/v1/siwe/authenticate', ok)).status).toBe(200);
  });

  it('refuses malformed messages, Version 2 and missing fields as invalid_data', async () => {
    const { client } = await t.createApp(walletApp);
    const account = newAccount();
    const mutations: [string, (m: string) => string][] = [
      ['Version 2', (m) => m.replace('Version: 1', 'Version: 2')],
      ['no Nonce line', (m) => m.replace(/\nNonce: \w+/, '')],
      ['no Issued At line', (m) => m.replace(/\nIssued At: .*/, '')],
      ['no URI line', (m) => m.replace(/\nURI: .*/, '')],
      ['no Chain ID line', (m) => m.replace(/\nChain ID: .*/, '')],
      ['no address', (m) => m.replace(/\n0x[0-9a-fA-F]{40}\n/, '\n\n')],
      ['a smuggled line', (m) => m.replace('\nVersion: 1', '\nURI: https://evil.test\nVersion: 1')],
      ['trailing text', (m) => `${m}\nhello`],
      ['Solana header', (m) => m.replace('Ethereum account', 'Solana account')],
      ['chain id not a number', (m) => m.replace('Chain ID: 1', 'Chain ID: one')],
      ['not a message at all', () => 'hello'],
    ];
    for (const [label, mutate] of mutations) {
      const { message } = await signed(t, client, account);
      const tampered = mutate(message);
      const res = await client.post('/api/v1/siwe/authenticate', {
        message: tampered,
        signature: await account.signMessage({ message: tampered }),
      });
      expect({ label, status: res.status, code: res.body.code }).toEqual({
        label,
        status: 400,
        code: 'invalid_data',
      });
    }
  });

  it('refuses a chainId that does not match the message, bad signatures and other keys', async () => {
    const { client } = await t.createApp(walletApp);
    const [account, other] = [newAccount(), newAccount()];

    const wrongChain = await signed(t, client, account);
    const chain = await client.post('/api/v1/siwe/authenticate', { ...wrongChain, chainId: 'eip155:5' });
    expect(chain).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials', error: 'The message Chain ID must be 5.' },
    });
    const badFormat = await client.post('/api/v1/siwe/authenticate', { ...wrongChain, chainId: '5' });
    expect(badFormat).toMatchObject({ status: 400, body: { code: 'invalid_data' } });

    const { message, signature } = await signed(t, client, account);
    const flipped = `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}`;
    const bad = await client.post('/api/v1/siwe/authenticate', { message, signature: flipped });
    expect(bad).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials', error: 'Invalid signature.' },
    });
    const byOther = await client.post('/api/v1/siwe/authenticate', {
      message,
      signature: await other.signMessage({ message }),
    });
    expect(byOther).toMatchObject({ status: 401, body: { error: 'Invalid signature.' } });
    const notHex = await client.post('/api/v1/siwe/authenticate', { message, signature: 'xyz' });
    expect(notHex).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    // Refused attempts do not spend the nonce: the genuine signature still logs in.
    const genuine = await client.post('/api/v1/siwe/authenticate', {
      message,
      signature,
      chainId: 'eip155:1',
    });
    expect(genuine.status).toBe(200);
  });

  it('links several wallets to an email user, offers a transfer for another user’s, and unlinks', async () => {
    const { client, app } = await t.createApp(walletApp);
    const login = await client.loginWithEmail('wallets@example.com');
    const token = login.body.token;
    const [first, second, taken] = [newAccount(), newAccount(), newAccount()];
    await siweLogin(t, client, taken);

    const link = async (account: PrivateKeyAccount) =>
      client.post('/api/v1/siwe/link', await signed(t, client, account), { token });
    const linked = await link(first);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((await link(second)).status).toBe(200);
    const both = (await link(first)).body as { linked_accounts: { type: string; address: string }[] };
    // Accounts made in the same second come in id order: compare as sets.
    expect(both.linked_accounts.map((a) => `${a.type} ${a.address}`).sort()).toEqual(
      ['email wallets@example.com', `wallet ${first.address}`, `wallet ${second.address}`].sort(),
    );
    expect(await link(taken)).toMatchObject({ status: 400, body: { code: 'account_transfer_required' } });

    const unlinked = await client.post(
      '/api/v1/siwe/unlink',
      { address: first.address.toLowerCase() },
      { token },
    );
    expect(unlinked.status).toBe(200);
    expect((unlinked.body as typeof both).linked_accounts.map((a) => a.address).sort()).toEqual(
      ['wallets@example.com', second.address].sort(),
    );
    const again = await client.post('/api/v1/siwe/unlink', { address: first.address }, { token });
    expect(again).toMatchObject({ status: 404, body: { code: 'linked_account_not_found' } });
    const types = await t.ctx.db
      .selectFrom('outbox')
      .select('type')
      .where('app_id', '=', app.id)
      .where('type', 'in', ['user.linked_account', 'user.unlinked_account'])
      .execute();
    expect(types.map((e) => e.type).sort()).toEqual([
      'user.linked_account',
      'user.linked_account',
      'user.unlinked_account',
    ]);
  });

  it('caps wallets at max_linked_wallets_per_user', async () => {
    const { client } = await t.createApp({ ...walletApp, max_linked_wallets_per_user: 1 });
    const login = await siweLogin(t, client, newAccount());
    const res = await client.post('/api/v1/siwe/link', await signed(t, client, newAccount()), {
      token: login.body.token,
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'cannot_link_more_of_type' } });
  });

  it('refuses unlinking the sole account and an embedded wallet', async () => {
    const { client, app } = await t.createApp(walletApp);
    const account = newAccount();
    const login = await siweLogin(t, client, account);
    const token = login.body.token;
    const sole = await client.post('/api/v1/siwe/unlink', { address: account.address }, { token });
    expect(sole).toMatchObject({ status: 400, body: { code: 'cannot_unlink_sole_account' } });

    const embedded = newAccount().address;
    const now = t.ctx.now();
    await t.ctx.db
      .insertInto('linked_accounts')
      .values({
        id: 'embeddedwalletaccount0001',
        user_id: login.body.user.id.replace('did:privy:', ''),
        app_id: app.id,
        type: 'wallet',
        identifier: embedded.toLowerCase(),
        details: JSON.stringify({
          address: embedded,
          chain_type: 'ethereum',
          wallet_client_type: 'privy',
          connector_type: 'embedded',
        }),
        first_verified_at: now,
        latest_verified_at: now,
        created_at: now,
      })
      .execute();
    const res = await client.post('/api/v1/siwe/unlink', { address: embedded }, { token });
    expect(res).toMatchObject({ status: 400, body: { code: 'cannot_unlink_embedded_wallet' } });
  });

  it('no-signup refuses an unknown wallet and logs a known one in', async () => {
    const { client } = await t.createApp(walletApp);
    const account = newAccount();
    const refused = await siweLogin(t, client, account, { mode: 'no-signup' });
    expect(refused).toMatchObject({ status: 404, body: { code: 'user_does_not_exist' } });
    expect((await siweLogin(t, client, account)).status).toBe(200);
    expect((await siweLogin(t, client, account, { mode: 'no-signup' })).status).toBe(200);
  });

  it('with external_wallets_for_signup_enabled off, a wallet logs in but signs nobody up', async () => {
    const { client } = await t.createApp({ ...walletApp, external_wallets_for_signup_enabled: false });
    const known = newAccount();
    const token = (await client.loginWithEmail('signup-off@example.com')).body.token;
    expect((await client.post('/api/v1/siwe/link', await signed(t, client, known), { token })).status).toBe(
      200,
    );
    expect((await siweLogin(t, client, known)).status).toBe(200);
    const stranger = await siweLogin(t, client, newAccount());
    expect(stranger).toMatchObject({ status: 404, body: { code: 'user_does_not_exist' } });
  });

  it('applies the allowlist to wallets, by lower-cased address', async () => {
    const { client, app, secret } = await t.createApp({ ...walletApp, allowlist_enabled: true });
    const [allowed, stranger] = [newAccount(), newAccount()];
    const entry = await client.post(
      `/api/v1/apps/${app.id}/allowlist`,
      { type: 'wallet', value: allowed.address },
      { headers: { authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}` } },
    );
    expect(entry.status).toBe(200);
    expect((await siweLogin(t, client, allowed)).status).toBe(200);
    expect(await siweLogin(t, client, stranger)).toMatchObject({
      status: 403,
      body: { code: 'allowlist_rejected' },
    });
  });

  it('is refused with disallowed_login_method when wallet login is off', async () => {
    const { client } = await t.createApp({ email_auth: true });
    const account = newAccount();
    const res = await client.post('/api/v1/siwe/init', { address: account.address });
    expect(res).toMatchObject({ status: 403, body: { code: 'disallowed_login_method' } });
    const auth = await client.post('/api/v1/siwe/authenticate', { message: 'x', signature: '0x00' });
    expect(auth).toMatchObject({ status: 403, body: { code: 'disallowed_login_method' } });
  });

  it('refuses a transfer with a nonce that was never issued', async () => {
    const { client } = await t.createApp(walletApp);
    const login = await client.loginWithEmail('transfer@example.com');
    const res = await client.post(
      '/api/v1/siwe/transfer',
      { address: newAccount().address, nonce: 'abcdefgh1234' },
      { token: login.body.token },
    );
    expect(res).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials', error: 'Invalid or expired transfer nonce.' },
    });
  });
});

describe('contract wallets against a local EVM node', () => {
  let node: EvmNode;
  let deployer: Address;
  let factory: Address;
  const publicClient = () => createPublicClient({ chain: hardhat, transport: http(node.url) });
  const walletClient = () => createWalletClient({ chain: hardhat, transport: http(node.url) });

  async function deployWallet(owner: Address): Promise<Address> {
    const hash = await walletClient().deployContract({
      abi: ownedWalletAbi,
      bytecode: ownedWalletBytecode,
      args: [owner],
      account: deployer,
    });
    const receipt = await publicClient().waitForTransactionReceipt({ hash });
    return getAddress(receipt.contractAddress!);
  }

  beforeAll(async () => {
    node = await startEvmNode();
    [deployer] = (await walletClient().getAddresses()) as [Address];
    const hash = await walletClient().deployContract({
      abi: ownedWalletFactoryAbi,
      bytecode: ownedWalletFactoryBytecode,
      account: deployer,
    });
    factory = getAddress((await publicClient().waitForTransactionReceipt({ hash })).contractAddress!);
  }, 60_000);
  afterAll(() => node?.stop());

  describe.each(dialects)('(%s)', (dialect) => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(dialect, { settings: { rpcUrls: { 31337: node.url } } });
    });
    afterAll(() => t.close());

    async function contractLogin(
      client: TestClient,
      wallet: Address,
      signer: PrivateKeyAccount,
      wrap?: (s: Hex) => Hex,
    ) {
      const { nonce } = await init(client, wallet);
      const message = buildSiweMessage(fields(t, wallet, nonce, { chainId: 31337 }));
      const signature = await signer.signMessage({ message });
      return client.post<AuthBody>('/api/v1/siwe/authenticate', {
        message,
        signature: wrap ? wrap(signature) : signature,
        chainId: 'eip155:31337',
      });
    }

    it('logs in an EIP-1271 contract wallet with its owner signature, and refuses a non-owner', async () => {
      const { client } = await t.createApp(walletApp);
      const owner = newAccount();
      const wallet = await deployWallet(owner.address);
      const res = await contractLogin(client, wallet, owner);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.user.linked_accounts[0]).toMatchObject({
        type: 'wallet',
        address: wallet,
        chain_id: 'eip155:31337',
      });
      const stranger = await contractLogin(client, wallet, newAccount());
      expect(stranger).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    });

    it('refuses a contract wallet on a chain without a configured RPC URL', async () => {
      const { client } = await t.createApp(walletApp);
      const owner = newAccount();
      const wallet = await deployWallet(owner.address);
      const { nonce } = await init(client, wallet);
      const message = buildSiweMessage(fields(t, wallet, nonce, { chainId: 1 }));
      const res = await client.post('/api/v1/siwe/authenticate', {
        message,
        signature: await owner.signMessage({ message }),
      });
      expect(res).toMatchObject({ status: 401, body: { error: 'Invalid signature.' } });
    });

    it('logs in an undeployed account through its EIP-6492 factory signature', async () => {
      const { client } = await t.createApp(walletApp);
      const owner = newAccount();
      const salt = keccak256(owner.address);
      const initCode =
        `${ownedWalletBytecode}${encodeAbiParameters([{ type: 'address' }], [owner.address]).slice(2)}` as Hex;
      const wallet = getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode: initCode });
      expect(await publicClient().getCode({ address: wallet })).toBeUndefined();
      const wrap = (signature: Hex) =>
        serializeErc6492Signature({
          address: factory,
          data: encodeFunctionData({
            abi: ownedWalletFactoryAbi,
            functionName: 'deploy',
            args: [owner.address, salt],
          }),
          signature,
        });
      const res = await contractLogin(client, wallet, owner, wrap);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const stranger = await contractLogin(client, wallet, newAccount(), wrap);
      expect(stranger).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    });

    it('links a smart wallet signed on the privy.io domain', async () => {
      const { client } = await t.createApp(walletApp);
      const login = await client.loginWithEmail('smart@example.com');
      const owner = newAccount();
      const wallet = await deployWallet(owner.address);
      const { nonce } = await init(client, wallet);
      const message = buildSiweMessage(
        fields(t, wallet, nonce, { chainId: 31337, domain: 'privy.io', uri: 'https://auth.privy.io' }),
      );
      const body = {
        message,
        signature: await owner.signMessage({ message }),
        smart_wallet_type: 'kernel',
        smart_wallet_version: 'v3',
      };
      const res = await client.post('/api/v1/siwe/link_smart_wallet', body, { token: login.body.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const accounts = (res.body as { linked_accounts: { type: string }[] }).linked_accounts;
      expect(accounts.find((a) => a.type === 'smart_wallet')).toMatchObject({
        type: 'smart_wallet',
        address: wallet,
        smart_wallet_type: 'kernel',
        smart_wallet_version: 'v3',
      });
      // The privy.io domain is for smart wallets only: a login message on it is refused.
      const { nonce: other } = await init(client, owner.address);
      const login2 = buildSiweMessage(
        fields(t, owner.address, other, { domain: 'privy.io', uri: 'https://auth.privy.io' }),
      );
      const refused = await client.post('/api/v1/siwe/authenticate', {
        message: login2,
        signature: await owner.signMessage({ message: login2 }),
      });
      expect(refused).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    });
  });
});
