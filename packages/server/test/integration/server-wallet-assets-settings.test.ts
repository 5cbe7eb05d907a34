import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The `registered_assets` app setting (and `rpc_urls` beside it) through the admin API: what it
 * takes, and every malformed list refused with `invalid_data` naming the problem, never a 500.
 */
const usdcOnBase = {
  caip2: 'eip155:8453',
  type: 'erc20',
  address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
};
const usdcOnSolana = {
  caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  type: 'spl',
  mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
};

describe.each(dialects)('registered assets setting (%s)', (dialect) => {
  let t: TestServer;
  let appId: string;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    appId = (await t.createApp()).app.id;
  });
  afterAll(() => t.close());

  const patch = async (body: unknown) => {
    const response = await t.fetch(`/admin/v1/apps/${appId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { settings?: Record<string, unknown>; code?: string; error?: string },
    };
  };

  it('is null by default, takes ERC-20 tokens and SPL mints with their RPC URLs, and clears', async () => {
    const { body: before } = await patch({});
    expect(before.settings).toMatchObject({ registered_assets: null, rpc_urls: null });
    const set = await patch({
      registered_assets: [usdcOnBase, usdcOnSolana],
      rpc_urls: { 'eip155:8453': 'https://base.example/key' },
    });
    expect(set.status).toBe(200);
    expect(set.body.settings).toMatchObject({
      registered_assets: [usdcOnBase, usdcOnSolana],
      rpc_urls: { 'eip155:8453': 'https://base.example/key' },
    });
    const fifty = Array.from({ length: 50 }, (_, i) => ({
      caip2: 'eip155:1',
      type: 'erc20',
      address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
    }));
    expect((await patch({ registered_assets: fifty })).status).toBe(200);
    const cleared = await patch({ registered_assets: null });
    expect(cleared.body.settings).toMatchObject({ registered_assets: null });
  });

  it('refuses malformed lists with invalid_data, saying what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      ['USDC', /registered_assets/],
      [{ 'eip155:1': usdcOnBase.address }, /registered_assets/],
      [[{ ...usdcOnBase, caip2: 'eip155:0x1' }], /registered_assets\.0\.caip2.*eip155:<chain id>/],
      [[{ ...usdcOnBase, caip2: 'cosmos:cosmoshub-4' }], /registered_assets\.0\.caip2/],
      [[{ ...usdcOnBase, caip2: usdcOnSolana.caip2 }], /registered_assets\.0\.caip2.*EVM chain/],
      [[{ ...usdcOnSolana, caip2: 'eip155:1' }], /registered_assets\.0\.caip2.*Solana cluster/],
      [[{ ...usdcOnBase, address: `0x${'zz'.repeat(20)}` }], /registered_assets\.0\.address.*40 hex/],
      [
        [{ ...usdcOnBase, address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda0291' }],
        /registered_assets\.0\.address/,
      ],
      [
        [{ ...usdcOnBase, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
        /registered_assets\.0\.address/,
      ],
      [
        [{ ...usdcOnSolana, mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10' }],
        /registered_assets\.0\.mint/,
      ],
      [
        [{ ...usdcOnSolana, mint: '1111111111111111111111111111111' }],
        /registered_assets\.0\.mint.*32 bytes/,
      ],
      [[{ caip2: 'eip155:1', type: 'erc721', address: usdcOnBase.address }], /registered_assets\.0.*'erc20'/],
      [[{ caip2: 'eip155:1', address: usdcOnBase.address }], /registered_assets\.0/],
      [[{ ...usdcOnBase, mint: usdcOnSolana.mint }], /registered_assets\.0.*mint/],
      [[{ ...usdcOnSolana, address: usdcOnBase.address }], /registered_assets\.0.*address/],
      [
        [usdcOnBase, { ...usdcOnBase, address: usdcOnBase.address.toLowerCase() }],
        /registered_assets\.1.*twice/,
      ],
      [[null], /registered_assets\.0/],
      [[{ ...usdcOnBase, caip2: 'eip155:1'.repeat(100) }], /registered_assets\.0\.caip2/],
      [
        Array.from({ length: 51 }, (_, i) => ({
          caip2: 'eip155:1',
          type: 'erc20',
          address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
        })),
        /at most 50/,
      ],
    ];
    for (const [value, message] of cases) {
      const response = await patch({ registered_assets: value });
      expect(response.status, JSON.stringify(value).slice(0, 200)).toBe(400);
      expect(response.body.code).toBe('invalid_data');
      expect(response.body.error, JSON.stringify(value).slice(0, 200)).toMatch(message);
    }
    // Nothing of a refused patch was kept.
    expect((await patch({})).body.settings).toMatchObject({ registered_assets: null });
  });
});
