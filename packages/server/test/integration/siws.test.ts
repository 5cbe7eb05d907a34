import { buildSiwsMessage } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Keypair {
  address: string;
  sign(message: string): string;
}

function newKeypair(): Keypair {
  const secret = ed25519.utils.randomSecretKey();
  return {
    address: base58.encode(ed25519.getPublicKey(secret)),
    sign: (message) => base64.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
}

const isoAt = (t: TestServer, offset = 0) => new Date((t.ctx.now() + offset) * 1000).toISOString();

async function signed(
  t: TestServer,
  client: TestClient,
  key: Keypair,
  patch: Partial<Parameters<typeof buildSiwsMessage>[0]> = {},
) {
  const init = await client.post<{ nonce: string; address: string; expires_at: string }>(
    '/api/v1/siws/init',
    {
      address: key.address,
    },
  );
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const message = buildSiwsMessage({
    domain: 'app.test',
    address: key.address,
    uri: 'http://app.test',
    nonce: init.body.nonce,
    issuedAt: isoAt(t),
    ...patch,
  });
  return { message, signature: key.sign(message) };
}

const solanaApp = { solana_wallet_auth: true, email_auth: true };

describe.each(dialects)('Sign-In with Solana (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  it('logs a new user in, then the same user, and the identity token lists the wallet', async () => {
    const { client } = await t.createApp(solanaApp);
    const key = newKeypair();
    const first = await client.post<AuthBody>('/api/v1/siws/authenticate', {
      ...(await signed(t, client, key)),
      walletClientType: 'phantom',
      connectorType: 'solana_adapter',
      message_type: 'plain',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.is_new_user).toBe(true);
    expect(first.body.user.linked_accounts).toEqual([
      {
        type: 'wallet',
        address: key.address,
        chain_type: 'solana',
        chain_id: null,
        wallet_client: 'unknown',
        wallet_client_type: 'phantom',
        connector_type: 'solana_adapter',
        verified_at: expect.any(Number),
        first_verified_at: expect.any(Number),
        latest_verified_at: expect.any(Number),
      },
    ]);
    expect(JSON.parse(decodeJwt(first.body.identity_token).linked_accounts as string)).toEqual([
      {
        type: 'wallet',
        address: key.address,
        chain_type: 'solana',
        wallet_client_type: 'phantom',
        lv: expect.any(Number),
      },
    ]);
    const again = await client.post<AuthBody>('/api/v1/siws/authenticate', await signed(t, client, key));
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.body.is_new_user).toBe(false);
  });

  it('validates the address on init', async () => {
    const { client } = await t.createApp(solanaApp);
    for (const address of ['0x1234', 'abc', '1'.repeat(44), 'O0Il'.repeat(10)]) {
      const res = await client.post('/api/v1/siws/init', { address });
      expect(res, address).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    }
  });

  it('refuses replayed, stale, foreign-nonce, tampered and badly signed messages', async () => {
    const { client } = await t.createApp(solanaApp);
    const [key, other] = [newKeypair(), newKeypair()];
    const post = (body: unknown) => client.post('/api/v1/siws/authenticate', body);

    const once = await signed(t, client, key);
    expect((await post(once)).status).toBe(200);
    expect(await post(once)).toMatchObject({ status: 401, body: { error: 'Invalid or expired nonce.' } });

    const cases: [string, Partial<Parameters<typeof buildSiwsMessage>[0]>, string][] = [
      ['wrong domain', { domain: 'evil.test' }, 'The message domain is not allowed for this app.'],
      ['URI not allowed', { uri: 'https://evil.test' }, 'The message URI is not allowed for this app.'],
      ['expired', { expirationTime: isoAt(t, -1) }, 'The message has expired.'],
      ['future issued-at', { issuedAt: isoAt(t, 3600) }, 'The message Issued At is in the future.'],
    ];
    for (const [label, patch, error] of cases) {
      const res = await post(await signed(t, client, key, patch));
      expect({ label, status: res.status, error: res.body.error }).toEqual({ label, status: 401, error });
    }

    const { message, signature } = await signed(t, client, key);
    expect(await post({ message, signature: other.sign(message) })).toMatchObject({
      status: 401,
      body: { error: 'Invalid signature.' },
    });
    const bytes = base64.decode(signature);
    bytes[0] = bytes[0]! ^ 1;
    expect(await post({ message, signature: base64.encode(bytes) })).toMatchObject({ status: 401 });
    expect(await post({ message, signature: 'not base64!' })).toMatchObject({ status: 400 });
    const devnet = message.replace('Chain ID: mainnet', 'Chain ID: devnet');
    expect(await post({ message: devnet, signature: key.sign(devnet) })).toMatchObject({
      status: 401,
      body: { error: 'The message Chain ID must be mainnet.' },
    });
    const v2 = message.replace('Version: 1', 'Version: 2');
    expect(await post({ message: v2, signature: key.sign(v2) })).toMatchObject({
      status: 400,
      body: { code: 'invalid_data' },
    });
    const noNonce = message.replace(/\nNonce: \w+/, '');
    expect(await post({ message: noNonce, signature: key.sign(noNonce) })).toMatchObject({ status: 400 });
    // The genuine signature still works: refused attempts do not spend the nonce.
    expect((await post({ message, signature })).status).toBe(200);

    // A nonce issued for another address.
    const foreign = await signed(t, client, other);
    const nonce = /Nonce: (\w+)/.exec(foreign.message)![1]!;
    const mine = buildSiwsMessage({
      domain: 'app.test',
      address: key.address,
      uri: 'http://app.test',
      nonce,
      issuedAt: isoAt(t),
    });
    expect(await post({ message: mine, signature: key.sign(mine) })).toMatchObject({
      status: 401,
      body: { error: 'Invalid or expired nonce.' },
    });

    const stale = await signed(t, client, key);
    t.advance(601);
    expect(await post(stale)).toMatchObject({ status: 401, body: { error: 'Invalid or expired nonce.' } });
  });

  it('supports only plain messages', async () => {
    const { client } = await t.createApp(solanaApp);
    const key = newKeypair();
    const res = await client.post('/api/v1/siws/authenticate', {
      ...(await signed(t, client, key)),
      message_type: 'transaction',
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
  });

  it('links and unlinks Solana wallets, with the wallet cap and no-signup', async () => {
    const { client } = await t.createApp({ ...solanaApp, max_linked_wallets_per_user: 2 });
    const token = (await client.loginWithEmail('sol@example.com')).body.token;
    const [a, b, c] = [newKeypair(), newKeypair(), newKeypair()];
    expect((await client.post('/api/v1/siws/link', await signed(t, client, a), { token })).status).toBe(200);
    expect((await client.post('/api/v1/siws/link', await signed(t, client, b), { token })).status).toBe(200);
    expect(await client.post('/api/v1/siws/link', await signed(t, client, c), { token })).toMatchObject({
      status: 400,
      body: { code: 'cannot_link_more_of_type' },
    });
    const unlinked = await client.post('/api/v1/siws/unlink', { address: a.address }, { token });
    expect(unlinked.status).toBe(200);
    expect(
      (unlinked.body as { linked_accounts: { address: string }[] }).linked_accounts
        .map((x) => x.address)
        .sort(),
    ).toEqual(['sol@example.com', b.address].sort());
    expect(await client.post('/api/v1/siws/unlink', { address: a.address }, { token })).toMatchObject({
      status: 404,
      body: { code: 'linked_account_not_found' },
    });
    const noSignup = await client.post('/api/v1/siws/authenticate', {
      ...(await signed(t, client, c)),
      mode: 'no-signup',
    });
    expect(noSignup).toMatchObject({ status: 404, body: { code: 'user_does_not_exist' } });
  });

  it('is refused when Solana login is off', async () => {
    const { client } = await t.createApp({ wallet_auth: true });
    const res = await client.post('/api/v1/siws/init', { address: newKeypair().address });
    expect(res).toMatchObject({ status: 403, body: { code: 'disallowed_login_method' } });
  });
});
