import { type FarcasterChain, startFarcasterChain } from '@latchkey/test/chains';
import { dialects, startTestServer, type TestClient, type TestServer } from '@latchkey/test/server';
import { encodeAbiParameters } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farcasterChannelLogin } from '../fixtures/farcaster-login.ts';

/**
 * Farcaster login against the registries on a chain, not in memory: a Hardhat node with chain id 10
 * holds IdRegistry and KeyRegistry at their Optimism addresses (`@latchkey/test/chains`), the server
 * reads them through `eip155:10` as it does in production, and the message is built by the reference
 * wallet-side client (`@farcaster/auth-client`, through the kit's `farcasterApp`).
 */
const relayKey = 'registries-relay-key-0123456789ab';
let chain: FarcasterChain;
beforeAll(async () => {
  chain = await startFarcasterChain();
}, 60_000);
afterAll(() => chain?.stop());

describe.each(dialects)('Farcaster login against the chain registries (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: { rpcUrls: { 'eip155:10': chain.url }, farcaster: { relayKey } },
    });
  });
  afterAll(() => t.close());

  /** init, the Farcaster app signing the channel's message, the completed status, then authenticate. */
  const login = (client: TestClient, signer: PrivateKeyAccount, fid: bigint) =>
    farcasterChannelLogin(t, client, { account: signer, fid, relayKey });

  it("logs in the fid's custody address, then an auth address added on chain; refuses it once removed", async () => {
    const { client } = await t.createApp({ farcaster_auth: true });
    const custody = privateKeyToAccount(generatePrivateKey());
    const fid = await chain.registerFid(custody);

    const byCustody = await login(client, custody, fid);
    expect(byCustody.status, JSON.stringify(byCustody.body)).toBe(200);
    expect(byCustody.body.user.linked_accounts[0]).toMatchObject({
      type: 'farcaster',
      fid: Number(fid),
      owner_address: custody.address,
    });

    const auth = privateKeyToAccount(generatePrivateKey());
    const stranger = await login(client, auth, fid);
    expect(stranger).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });

    await chain.addAuthAddress(fid, auth.address);
    const byAuth = await login(client, auth, fid);
    expect(byAuth.status, JSON.stringify(byAuth.body)).toBe(200);
    // The same account: an auth address signs for the fid, whose owner stays the custody address.
    expect(byAuth.body.user.id).toBe(byCustody.body.user.id);

    await chain.removeKey(custody, encodeAbiParameters([{ type: 'address' }], [auth.address]));
    expect(
      await chain.keyDataOf(fid, encodeAbiParameters([{ type: 'address' }], [auth.address])),
    ).toMatchObject({
      state: 2,
    });
    expect(await login(client, auth, fid)).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
  });
});
