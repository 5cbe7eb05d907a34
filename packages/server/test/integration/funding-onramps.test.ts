import { createPrivateKey } from 'node:crypto';
import { buildSiweMessage, siweStatement } from '@latchkey/protocol';
import { type EvmNode, type SolanaRpc, startEvmNode, startSolanaRpc } from '@latchkey/test/chains';
import {
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import { newSolanaAddress } from '@latchkey/test/server/frame-api';
import {
  type CdpTestKey,
  type CoinbaseOnrampStandIn,
  type MoonpayStandIn,
  newCdpKey,
  startCoinbaseOnrampStandIn,
  startMoonpayStandIn,
} from '@latchkey/test/stand-ins';
import { SignJWT } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerUserIdOf } from '../../src/funding/partner-user-id.ts';

/**
 * The card on-ramps' server routes (spec document 2 §7, REFERENCES §5.1–5.2) against stand-ins that
 * speak the providers' APIs and pay out on the local chains: a Coinbase session made with the app's
 * sealed CDP key (both key kinds), the buyer's status, a MoonPay widget URL signed with the app's
 * sealed secret key; what a caller may not do, and what an app without keys gets.
 */

let evm: EvmNode;
let solana: SolanaRpc;
beforeAll(async () => {
  [evm, solana] = await Promise.all([startEvmNode(), startSolanaRpc()]);
});
afterAll(async () => {
  await Promise.all([evm?.stop(), solana?.close()]);
});

const ethAddress = '0x2b92315d0000000000000000000000000000a0a0';
const balanceOf = async (address: string) =>
  BigInt((await evm.rpc('eth_getBalance', [address, 'latest'])) as string);
/** The action of a checkout page's forms (both buttons post there). */
const actionOf = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
const settle = (origin: string, html: string, outcome: 'complete' | 'fail') =>
  fetch(new URL(actionOf(html), origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
  });

describe.each(dialects)('funding on-ramps (%s)', (dialect) => {
  let t: TestServer;
  let coinbase: CoinbaseOnrampStandIn;
  let moonpay: MoonpayStandIn;
  let sandbox: MoonpayStandIn;
  const secrets: string[] = [];

  beforeAll(async () => {
    coinbase = await startCoinbaseOnrampStandIn({ evm, solana });
    moonpay = await startMoonpayStandIn({ evm, solana });
    sandbox = await startMoonpayStandIn({
      evm,
      solana,
      publishableKey: moonpay.publishableKey,
      secretKey: moonpay.secretKey,
    });
    t = await startTestServer(dialect, {
      settings: {
        funding: {
          coinbaseApiUrl: coinbase.url,
          moonpayWidgetUrl: moonpay.url,
          moonpaySandboxWidgetUrl: sandbox.url,
          priceApiUrl: '',
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([coinbase.close(), moonpay.close(), sandbox.close()]);
  });

  /** An app with both providers' keys (the secret halves sealed by the server). */
  async function fundingApp(key: CdpTestKey = newCdpKey(), known = true) {
    const { app, client } = await t.createApp({ wallet_auth: true });
    if (known) coinbase.addKey(key);
    await t.updateApp(app.id, {
      coinbase_cdp_api_key_name: key.keyName,
      coinbase_cdp_api_private_key: key.privateKey,
      moonpay_publishable_key: moonpay.publishableKey,
      moonpay_secret_key: moonpay.secretKey,
      funding_config: { methods: ['coinbase-onramp', 'moonpay'] },
    });
    secrets.push(key.privateKey, moonpay.secretKey);
    return { appId: app.id, client, key };
  }

  /** A user signed in with an Ethereum wallet (their linked account), and their token. */
  async function walletUser(client: TestClient) {
    const account = privateKeyToAccount(generatePrivateKey());
    const siwe = await client.post<{ nonce: string }>('/api/v1/siwe/init', { address: account.address });
    const message = buildSiweMessage({
      domain: 'app.test',
      address: account.address,
      statement: siweStatement,
      uri: 'http://app.test',
      chainId: 1,
      nonce: siwe.body.nonce,
      issuedAt: new Date(t.ctx.now() * 1000).toISOString(),
    });
    const res = await client.post<{ token: string; user: { id: string } }>('/api/v1/siwe/authenticate', {
      message,
      signature: await account.signMessage({ message }),
      chainId: 'eip155:1',
      walletClientType: 'metamask',
      connectorType: 'injected',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { address: account.address, token: res.body.token, userId: res.body.user.id };
  }

  const init = (client: TestClient, token: string, address: string, blockchains = ['base']) =>
    client.post<Record<string, string>>(
      '/api/v1/funding/coinbase_on_ramp/init',
      { addresses: [{ address, blockchains }], assets: ['ETH'] },
      { token },
    );
  const status = (client: TestClient, token: string, partnerUserId: string) =>
    client.request<{ status?: string; code?: string; error?: string }>(
      `/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${encodeURIComponent(partnerUserId)}`,
      { token },
    );
  const buyPage = (session: Record<string, string>, query: Record<string, string>) =>
    fetch(
      `${coinbase.url}/buy/select-asset?${new URLSearchParams({
        appId: session.app_id!,
        sessionToken: session.session_token!,
        partnerUserId: session.partner_user_id!,
        defaultExperience: 'buy',
        defaultPaymentMethod: 'CARD',
        ...query,
      })}`,
    );

  it.each(['Ed25519', 'ES256'] as const)(
    'Coinbase: a session made with the sealed %s CDP key; the purchase pays the wallet; statuses map',
    async (kind) => {
      const { appId, client } = await fundingApp(newCdpKey(kind));
      const user = await walletUser(client);
      const res = await init(client, user.token, user.address);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({
        app_id: appId,
        session_token: expect.any(String),
        partner_user_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      // Stable per user, and not their id.
      const again = await init(client, user.token, user.address);
      expect(again.body.partner_user_id).toBe(res.body.partner_user_id);
      expect(res.body.partner_user_id).not.toContain(user.userId.replace(/^did:privy:/, ''));
      const session = coinbase.sessions.find((s) => s.token === res.body.session_token)!;
      expect(session).toMatchObject({
        addresses: [{ address: user.address, blockchains: ['base'] }],
        assets: ['ETH'],
      });
      expect(session.clientIp).toEqual(expect.any(String));

      const partner = res.body.partner_user_id!;
      expect((await status(client, user.token, partner)).body).toEqual({ status: 'pending' });
      const before = await balanceOf(user.address);
      const pageRes = await buyPage(res.body, { defaultNetwork: 'base', presetCryptoAmount: '0.25' });
      const html = await pageRes.text();
      expect(pageRes.status).toBe(200);
      expect(html).toContain('Complete purchase');
      expect(html).toContain('Fail purchase');
      expect((await status(client, user.token, partner)).body).toEqual({ status: 'pending' });
      // The token is single-use: the page does not open twice.
      expect((await buyPage(res.body, { defaultNetwork: 'base' })).status).toBe(400);
      expect((await settle(coinbase.url, html, 'complete')).status).toBe(200);
      expect(await balanceOf(user.address)).toBe(before + 250_000_000_000_000_000n);
      expect((await status(client, user.token, partner)).body).toEqual({ status: 'success' });

      // A second purchase that fails: the latest one counts.
      const failing = await buyPage(again.body, { defaultNetwork: 'base' });
      expect((await settle(coinbase.url, await failing.text(), 'fail')).status).toBe(200);
      expect((await status(client, user.token, partner)).body).toEqual({ status: 'failure' });
      expect(await balanceOf(user.address)).toBe(before + 250_000_000_000_000_000n);
    },
  );

  it('Coinbase: pays SOL on Solana to the session’s Solana address', async () => {
    const { client } = await fundingApp();
    const user = await walletUser(client);
    const solanaAddress = newSolanaAddress();
    const res = await client.post<Record<string, string>>(
      '/api/v1/funding/coinbase_on_ramp/init',
      {
        addresses: [
          { address: user.address, blockchains: ['base'] },
          { address: solanaAddress, blockchains: ['solana'] },
        ],
      },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    const html = await (
      await buyPage(res.body, { defaultNetwork: 'solana', presetCryptoAmount: '1.5' })
    ).text();
    await settle(coinbase.url, html, 'complete');
    expect(solana.balance(solanaAddress)).toBe(1_500_000_000n);
    expect((await status(client, user.token, res.body.partner_user_id!)).body).toEqual({ status: 'success' });
  });

  it('Coinbase: status only for the caller’s own partnerUserId; bad input is invalid_data', async () => {
    const { client } = await fundingApp();
    const alice = await walletUser(client);
    const bob = await walletUser(client);
    const aliceId = (await init(client, alice.token, alice.address)).body.partner_user_id!;
    expect(await status(client, bob.token, aliceId)).toMatchObject({
      status: 400,
      body: { code: 'invalid_data' },
    });
    expect(await status(client, alice.token, aliceId)).toMatchObject({ status: 200 });
    for (const query of ['', '?partnerUserId=', `?partnerUserId=${'a'.repeat(65)}`])
      expect(
        await client.request(`/api/v1/funding/coinbase_on_ramp/status${query}`, { token: alice.token }),
      ).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    // No token: refused before anything.
    expect(
      (await client.request(`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${aliceId}`)).status,
    ).toBe(401);
    for (const body of [
      {},
      { addresses: [] },
      { addresses: [{ address: 'nope', blockchains: ['base'] }] },
      { addresses: [{ address: alice.address, blockchains: [] }] },
      { addresses: [{ address: alice.address, blockchains: ['Base; DROP TABLE'] }] },
      { addresses: Array.from({ length: 11 }, () => ({ address: alice.address, blockchains: ['base'] })) },
      { addresses: [{ address: alice.address, blockchains: ['base'] }], assets: ['x'.repeat(65)] },
    ])
      expect(
        await client.post('/api/v1/funding/coinbase_on_ramp/init', body, { token: alice.token }),
      ).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
  });

  it('Coinbase: a key the provider does not know is a 502 that names no secret', async () => {
    const { appId, client, key } = await fundingApp(newCdpKey('ES256'), false);
    const user = await walletUser(client);
    const refused = coinbase.refusals.length;
    const res = await init(client, user.token, user.address);
    expect(res).toMatchObject({ status: 502, body: { code: 'internal_error' } });
    expect(coinbase.refusals.length).toBe(refused + 1);
    expect(JSON.stringify(res.body)).not.toContain(key.keyName);
    const own = partnerUserIdOf(t.ctx, appId, user.userId.replace(/^did:privy:/, ''));
    expect(await status(client, user.token, own)).toMatchObject({
      status: 502,
      body: { code: 'internal_error' },
    });
    expect(coinbase.refusals.length).toBe(refused + 2);
  });

  it('the Coinbase stand-in refuses JWTs that are not for this request, expired, or signed by another key', async () => {
    const key = newCdpKey('ES256');
    coinbase.addKey(key);
    const host = new URL(coinbase.url).host;
    const now = Math.floor(Date.now() / 1000);
    const jwt = (claims: { uris?: string[]; exp?: number }, signer = key) =>
      new SignJWT({ sub: key.keyName, iss: 'cdp', uris: claims.uris ?? [`POST ${host}/onramp/v1/token`] })
        .setProtectedHeader({ alg: 'ES256', kid: key.keyName, typ: 'JWT', nonce: 'ab12' })
        .setNotBefore(now - 5)
        .setExpirationTime(claims.exp ?? now + 120)
        .sign(createPrivateKey(signer.privateKey));
    const call = async (token: string) =>
      (
        await fetch(`${coinbase.url}/onramp/v1/token`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            addresses: [{ address: ethAddress, blockchains: ['base'] }],
            clientIp: '127.0.0.1',
          }),
        })
      ).status;
    expect(await call(await jwt({}))).toBe(200);
    expect(await call(await jwt({ uris: [`GET ${host}/onramp/v1/token`] }))).toBe(401);
    expect(await call(await jwt({ exp: now - 60 }))).toBe(401);
    expect(await call(await jwt({}, newCdpKey('ES256')))).toBe(401);
  });

  it('an app without the providers’ keys: feature_not_enabled with the spec’s message', async () => {
    const { app, client } = await t.createApp({ wallet_auth: true });
    const user = await walletUser(client);
    const notEnabled = {
      status: 403,
      body: { code: 'feature_not_enabled', error: 'Wallet funding is not enabled' },
    };
    expect(await init(client, user.token, user.address)).toMatchObject(notEnabled);
    // The session's user id is the bare one (without `did:privy:`).
    const own = partnerUserIdOf(t.ctx, app.id, user.userId.replace(/^did:privy:/, ''));
    expect(await status(client, user.token, own)).toMatchObject(notEnabled);
    const sign = { address: user.address, config: {} };
    expect(
      await client.post('/api/v1/plugins/moonpay_on_ramp/sign', sign, { token: user.token }),
    ).toMatchObject(notEnabled);
    // Half a key is no key.
    await t.updateApp(app.id, {
      coinbase_cdp_api_key_name: 'organizations/x/apiKeys/y',
      moonpay_publishable_key: 'pk_test_x',
    });
    expect(await init(client, user.token, user.address)).toMatchObject(notEnabled);
    expect(
      await client.post('/api/v1/plugins/moonpay_on_ramp/sign', sign, { token: user.token }),
    ).toMatchObject(notEnabled);
    // Full keys of a provider the funding config does not turn on are not used; an option naming
    // the provider turns it on as its method does, and Coinbase's status is still answered.
    const key = newCdpKey('ES256');
    coinbase.addKey(key);
    await t.updateApp(app.id, {
      coinbase_cdp_api_private_key: key.privateKey,
      coinbase_cdp_api_key_name: key.keyName,
      moonpay_secret_key: moonpay.secretKey,
      moonpay_publishable_key: moonpay.publishableKey,
      funding_config: { methods: ['external'], options: [{ method: 'wallets', provider: 'external' }] },
    });
    secrets.push(key.privateKey);
    expect(await init(client, user.token, user.address)).toMatchObject(notEnabled);
    expect(
      await client.post('/api/v1/plugins/moonpay_on_ramp/sign', sign, { token: user.token }),
    ).toMatchObject(notEnabled);
    expect(await status(client, user.token, own)).toMatchObject({ status: 200 });
    await t.updateApp(app.id, {
      funding_config: { options: [{ method: 'card', provider: 'moonpay' }] },
    });
    expect(await init(client, user.token, user.address)).toMatchObject(notEnabled);
    const signed = await client.post('/api/v1/plugins/moonpay_on_ramp/sign', sign, { token: user.token });
    expect(signed.status, JSON.stringify(signed.body)).not.toBe(403);
    // A malformed key is refused when it is set, not when it is used.
    await expect(t.updateApp(app.id, { coinbase_cdp_api_private_key: 'not a key' })).rejects.toThrow();
    await expect(t.updateApp(app.id, { moonpay_secret_key: 'pk_wrong_kind' })).rejects.toThrow();
  });

  it('MoonPay: a widget URL signed with the sealed secret key; the purchase pays the wallet', async () => {
    const { client } = await fundingApp();
    const user = await walletUser(client);
    const res = await client.post<{ signedUrl: string; externalTransactionId: string }>(
      '/api/v1/plugins/moonpay_on_ramp/sign',
      {
        address: user.address,
        config: {
          // The incumbent's SDK's spelling: the URL carries MoonPay's (lower case).
          currencyCode: 'ETH',
          paymentMethod: 'credit_debit_card',
          quoteCurrencyAmount: 0.5,
          email: 'buyer@example.com',
          uiConfig: { accentColor: '#123abc', theme: 'dark' },
        },
      },
      { token: user.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.signedUrl);
    expect(url.origin).toBe(moonpay.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      apiKey: moonpay.publishableKey,
      walletAddress: user.address,
      externalTransactionId: res.body.externalTransactionId,
      currencyCode: 'eth',
      quoteCurrencyAmount: '0.5',
      paymentMethod: 'credit_debit_card',
      email: 'buyer@example.com',
      colorCode: '#123abc',
      theme: 'dark',
      signature: expect.any(String),
    });
    expect(res.body.signedUrl).not.toContain(moonpay.secretKey);
    const ext = `${moonpay.url}/v1/transactions/ext/${res.body.externalTransactionId}?apiKey=${moonpay.publishableKey}`;
    expect((await fetch(ext)).status).toBe(404);

    // Tampered (another wallet): the widget refuses it.
    const tampered = res.body.signedUrl.replace(user.address, ethAddress);
    expect((await fetch(tampered)).status).toBe(400);
    const before = await balanceOf(user.address);
    const widget = await fetch(res.body.signedUrl);
    const html = await widget.text();
    expect(widget.status).toBe(200);
    expect(html).toContain('Complete purchase');
    expect(((await (await fetch(ext)).json()) as { status: string }[])[0]!.status).toBe('pending');
    await settle(moonpay.url, html, 'complete');
    expect(await balanceOf(user.address)).toBe(before + 500_000_000_000_000_000n);
    expect(((await (await fetch(ext)).json()) as { status: string }[])[0]).toMatchObject({
      status: 'completed',
      currency: { code: 'eth' },
      quoteCurrencyAmount: 0.5,
    });

    // useSandbox signs for the sandbox host.
    const sandboxed = await client.post<{ signedUrl: string }>(
      '/api/v1/plugins/moonpay_on_ramp/sign',
      { address: user.address, useSandbox: true, config: {} },
      { token: user.token },
    );
    expect(new URL(sandboxed.body.signedUrl).origin).toBe(sandbox.url);
    const sandboxPage = await fetch(sandboxed.body.signedUrl);
    expect(sandboxPage.status).toBe(200);
    await settle(sandbox.url, await sandboxPage.text(), 'fail');
    expect(sandbox.transactions[0]!.status).toBe('failed');
  });

  it('MoonPay: only the user’s own wallets; bad, oversized and hostile input is invalid_data', async () => {
    const { client } = await fundingApp();
    const user = await walletUser(client);
    const sign = (body: unknown) =>
      client.post('/api/v1/plugins/moonpay_on_ramp/sign', body, { token: user.token });
    const invalid = { status: 400, body: { code: 'invalid_data' } };
    expect(await sign({ address: ethAddress, config: {} })).toMatchObject(invalid);
    const other = await walletUser(client);
    expect(await sign({ address: other.address, config: {} })).toMatchObject(invalid);
    for (const config of [
      { currencyCode: 'ETH&walletAddress=0x00' },
      { paymentMethod: 'card"><script>' },
      { quoteCurrencyAmount: -1 },
      { quoteCurrencyAmount: 1e12 },
      { email: 'not an email' },
      { email: `${'a'.repeat(320)}@example.com` },
      { uiConfig: { accentColor: 'red;}' } },
      { uiConfig: { theme: 'neon' } },
    ])
      expect(await sign({ address: user.address, config })).toMatchObject(invalid);
    expect(await sign({ address: user.address })).toMatchObject(invalid);
    expect(await sign({ address: `${user.address}${'0'.repeat(100)}`, config: {} })).toMatchObject(invalid);
    expect(await sign({ address: user.address, useSandbox: 'yes', config: {} })).toMatchObject(invalid);
  });

  it('no secret reaches the logs or the admin API', async () => {
    const { appId } = await fundingApp();
    const admin = await t.fetch(`/admin/v1/apps/${appId}`, {
      headers: { authorization: `Bearer ${testAdminKey}` },
    });
    const text = await admin.text();
    expect(admin.status).toBe(200);
    const logs = t.logs.join('\n');
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      const probe = secret
        .replace(/-----[A-Z ]+-----/g, '')
        .trim()
        .slice(0, 40);
      expect(logs).not.toContain(probe);
      expect(text).not.toContain(probe);
    }
  });
});
