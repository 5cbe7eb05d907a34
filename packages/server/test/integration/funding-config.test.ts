import { defaultFundingConfig, solanaClusterChains } from '@latchkey/protocol';
import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `funding_config` (spec document 2 §3) as the admin API takes it and the client reads it: each
 * field's shape, the rules across fields with the spec's messages (§5, §8), partial patches merged
 * with the defaults, and hostile input refused with a 400.
 */

describe.each(dialects)('funding config (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    // A local chain the server can reach: in the chains list without being a chain funding knows.
    t = await startTestServer(dialect, {
      settings: { rpcUrls: { 'eip155:31337': 'http://127.0.0.1:8545' } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (id: string, body: unknown, raw?: string) =>
    t.fetch(`/admin/v1/apps/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      body: raw ?? JSON.stringify(body),
    });
  const refusal = async (id: string, funding: unknown) => {
    const res = await patch(id, { funding_config: funding });
    const body = (await res.json()) as { code?: string; error?: string };
    return { status: res.status, code: body.code, error: body.error };
  };
  const publicConfig = async (id: string) =>
    (await (await t.fetch(`/api/v1/apps/${id}`)).json()) as { funding_config: unknown };

  it('stores a full funding config and serves it in the public app config', async () => {
    const { app } = await t.createApp();
    const funding = {
      methods: ['moonpay', 'coinbase-onramp'],
      options: [
        { method: 'card', provider: 'moonpay' },
        { method: 'card', provider: 'coinbase' },
        { method: 'exchange', provider: 'coinbase' },
        { method: 'wallets', provider: 'external' },
      ],
      default_recommended_amount: '0.05',
      default_recommended_currency: { chain: 'eip155:8453', asset: 'USDC' },
      prompt_funding_on_wallet_creation: true,
      cross_chain_bridging_enabled: true,
    };
    expect((await patch(app.id, { funding_config: funding })).status).toBe(200);
    expect((await publicConfig(app.id)).funding_config).toEqual(funding);
  });

  it('fills the fields a first patch leaves out, and a later patch changes only what it names', async () => {
    const { app } = await t.createApp();
    expect((await publicConfig(app.id)).funding_config).toBeNull();
    expect((await patch(app.id, { funding_config: { methods: ['moonpay'] } })).status).toBe(200);
    expect((await publicConfig(app.id)).funding_config).toEqual({
      ...defaultFundingConfig,
      methods: ['moonpay'],
    });
    const amount = await patch(app.id, { funding_config: { default_recommended_amount: '1.5' } });
    expect(amount.status).toBe(200);
    expect((await publicConfig(app.id)).funding_config).toEqual({
      ...defaultFundingConfig,
      methods: ['moonpay'],
      default_recommended_amount: '1.5',
    });
    expect((await patch(app.id, { funding_config: null })).status).toBe(200);
    expect((await publicConfig(app.id)).funding_config).toBeNull();
  });

  it('refuses a chain outside the chains list with the spec message, naming our provider', async () => {
    const { app } = await t.createApp();
    expect(
      await refusal(app.id, {
        default_recommended_currency: { chain: 'eip155:999', asset: 'native-currency' },
      }),
    ).toEqual({
      status: 400,
      code: 'invalid_data',
      error:
        'Invalid funding_config.default_recommended_currency.chain: Funding chain 999 is not in LatchkeyProvider chains list',
    });
    // A chain the server has an RPC URL for is in the list; so is one the app adds in the same patch.
    expect(
      (await patch(app.id, { funding_config: { default_recommended_currency: { chain: 'eip155:31337' } } }))
        .status,
    ).toBe(200);
    const own = await patch(app.id, {
      rpc_urls: { 'eip155:7777': 'http://127.0.0.1:7777' },
      funding_config: { default_recommended_currency: { chain: 'eip155:7777' } },
    });
    expect(own.status).toBe(200);
    const solanaLocal = await refusal(app.id, {
      default_recommended_currency: { chain: `solana:${'1'.repeat(32)}` },
    });
    expect(solanaLocal.error).toBe(
      `Invalid funding_config.default_recommended_currency.chain: Funding chain solana:${'1'.repeat(32)} is not in LatchkeyProvider chains list`,
    );
  });

  it("refuses USDC on the Solana testnet: 'USDC funding is not supported on the Solana testnet'", async () => {
    const { app } = await t.createApp();
    expect(
      await refusal(app.id, {
        default_recommended_currency: { chain: solanaClusterChains.testnet, asset: 'USDC' },
      }),
    ).toEqual({
      status: 400,
      code: 'invalid_data',
      error:
        'Invalid funding_config.default_recommended_currency.asset: USDC funding is not supported on the Solana testnet',
    });
    const devnet = await patch(app.id, {
      funding_config: { default_recommended_currency: { chain: solanaClusterChains.devnet, asset: 'USDC' } },
    });
    expect(devnet.status).toBe(200);
  });

  it("refuses a prompt after wallet creation while no method or option is on: 'Wallet funding is not enabled'", async () => {
    const { app } = await t.createApp();
    expect(await refusal(app.id, { prompt_funding_on_wallet_creation: true })).toEqual({
      status: 400,
      code: 'invalid_data',
      error: 'Invalid funding_config.prompt_funding_on_wallet_creation: Wallet funding is not enabled',
    });
    const enabled = await patch(app.id, {
      funding_config: {
        prompt_funding_on_wallet_creation: true,
        options: [{ method: 'card', provider: 'moonpay' }],
      },
    });
    expect(enabled.status).toBe(200);
    // Turning the last option off afterwards is refused too: the prompt would open an empty chooser.
    expect((await refusal(app.id, { options: [] })).error).toBe(
      'Invalid funding_config.prompt_funding_on_wallet_creation: Wallet funding is not enabled',
    );
  });

  it.each([
    [{ methods: ['card'] }, 'funding_config.methods.0'],
    [{ methods: ['moonpay', 'moonpay'] }, 'funding_config.methods: lists a method twice'],
    [
      { options: [{ method: 'exchange', provider: 'moonpay' }] },
      'exchange is offered by coinbase, not moonpay',
    ],
    [
      { options: [{ method: 'card', provider: 'stripe' }] },
      'card is offered by coinbase or moonpay, not stripe',
    ],
    [{ options: [{ method: 'atm', provider: 'coinbase' }] }, 'funding_config.options.0.method'],
    [{ options: [{ method: 'card', provider: 'moonpay', extra: 1 }] }, 'funding_config.options.0'],
    [
      {
        options: [
          { method: 'card', provider: 'moonpay' },
          { method: 'card', provider: 'moonpay' },
        ],
      },
      'lists an option twice',
    ],
    [{ options: Array.from({ length: 11 }, () => ({ method: 'wallets', provider: 'external' })) }, 'options'],
    [{ default_recommended_amount: '0' }, 'must be greater than 0'],
    [{ default_recommended_amount: '1.2.3' }, 'must be a decimal amount like 0.01'],
    [{ default_recommended_amount: '-1' }, 'must be a decimal amount like 0.01'],
    [{ default_recommended_amount: 5 }, 'default_recommended_amount'],
    [{ default_recommended_currency: { chain: '8453' } }, 'must be a CAIP-2 chain id'],
    [{ default_recommended_currency: { chain: 'eip155:1', asset: 'DOGE' } }, 'must be native-currency, USDC'],
    [
      { default_recommended_currency: { chain: 'eip155:1', asset: solanaClusterChains.devnet.slice(7) } },
      'must be a token address (0x…) on an EVM chain, a mint on Solana',
    ],
    [{ prompt_funding_on_wallet_creation: 'yes' }, 'prompt_funding_on_wallet_creation'],
    [{ unknown_field: true }, 'funding_config'],
    ['on', 'funding_config'],
    [[], 'funding_config'],
  ])('refuses %j with a 400 naming the field', async (funding, words) => {
    const { app } = await t.createApp();
    const { status, code, error } = await refusal(app.id, funding);
    expect({ status, code }).toEqual({ status: 400, code: 'invalid_data' });
    expect(error).toContain(words);
    expect((await publicConfig(app.id)).funding_config).toBeNull();
  });

  it('answers hostile input with a 400, never a 500: oversized, deeply nested, prototype keys, bad JSON', async () => {
    const { app } = await t.createApp();
    const nested = `${'{"chain":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const cases: Response[] = [
      await patch(app.id, { funding_config: { default_recommended_amount: '1'.repeat(100_000) } }),
      await patch(app.id, {}, `{"funding_config":{"default_recommended_currency":${nested}}}`),
      await patch(app.id, {}, `{"funding_config":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
      await patch(app.id, {}, '{"funding_config":{"__proto__":{"methods":["moonpay"]}}}'),
      await patch(app.id, {}, '{"funding_config":{"constructor":{"prototype":{"x":1}}}}'),
      await patch(app.id, {}, '{"funding_config":{"methods":['),
      await patch(app.id, { funding_config: { options: [{ method: 'wallets', provider: '<script>' }] } }),
      await patch(app.id, { funding_config: { methods: ['moonpay\u0000'] } }),
    ];
    for (const res of cases) expect([400, 413]).toContain(res.status);
    expect(cases.map((res) => res.status).filter((status) => status >= 500)).toEqual([]);
    expect((await publicConfig(app.id)).funding_config).toBeNull();
  });

  it('is checked when an app is created with it too', async () => {
    const res = await t.fetch('/admin/v1/apps', {
      method: 'POST',
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Funded', funding_config: { prompt_funding_on_wallet_creation: true } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain('Wallet funding is not enabled');
  });
});
