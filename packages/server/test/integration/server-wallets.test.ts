import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { generateP256KeyPair, PrivyClient } from '@privy-io/node';
import { base58 } from '@scure/base';
import { type Hex, recoverMessageAddress, recoverTypedDataAddress } from 'viem';
import { recoverAuthorizationAddress } from 'viem/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ether, fundFromHardhat } from './server-wallet-transactions-fixtures.ts';

/**
 * Server wallets through the incumbent's own server SDK, `@privy-io/node` 0.35, unmodified: create,
 * list, sign (personal_sign, typed data, secp256k1, Solana messages), owners given as a P-256 key and
 * as a 2-of-2 key quorum (the SDK signs its requests with `authorization_private_keys`), idempotency.
 */

const typedData = {
  domain: {
    name: 'Latchkey',
    version: '1',
    chainId: 1,
    verifyingContract: '0x0000000000000000000000000000000000000001',
  },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primary_type: 'Mail',
  message: { to: '0x0000000000000000000000000000000000000002', contents: 'Hello' },
};

const caip2 = 'eip155:31337';
let node: EvmNode;
beforeAll(async () => {
  node = await startEvmNode();
});
afterAll(() => node?.stop());

describe.each(dialects)('server wallets through @privy-io/node (%s)', (dialect) => {
  let t: TestServer;
  let privy: PrivyClient;
  let appId: string;
  let secret: string;
  beforeAll(async () => {
    t = await startTestServer(dialect, {
      listen: true,
      settings: { rpcUrls: { [caip2]: node.url }, chainWatcherPollMs: 100 },
    });
    const created = await t.createApp();
    appId = created.app.id;
    secret = created.secret;
    privy = new PrivyClient({ appId, appSecret: secret, apiUrl: t.url });
  });
  afterAll(() => t.close());

  it('creates an Ethereum wallet and signs a message, typed data and a hash with it', async () => {
    const wallet = await privy.wallets().create({ chain_type: 'ethereum', display_name: 'Treasury' });
    expect(wallet).toMatchObject({
      chain_type: 'ethereum',
      owner_id: null,
      policy_ids: [],
      additional_signers: [],
    });
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await privy.wallets().get(wallet.id)).toMatchObject({ id: wallet.id, address: wallet.address });

    const signed = await privy
      .wallets()
      .ethereum()
      .signMessage(wallet.id, { message: 'Hello from the backend' });
    expect(
      await recoverMessageAddress({ message: 'Hello from the backend', signature: signed.signature as Hex }),
    ).toBe(wallet.address);
    const bytes = await privy
      .wallets()
      .ethereum()
      .signMessage(wallet.id, { message: new Uint8Array([1, 2, 3]) });
    expect(
      await recoverMessageAddress({
        message: { raw: new Uint8Array([1, 2, 3]) },
        signature: bytes.signature as Hex,
      }),
    ).toBe(wallet.address);

    const typed = await privy
      .wallets()
      .ethereum()
      .signTypedData(wallet.id, { params: { typed_data: typedData } });
    const recovered = await recoverTypedDataAddress({
      domain: typedData.domain,
      types: typedData.types,
      primaryType: typedData.primary_type,
      message: typedData.message,
      signature: typed.signature as Hex,
    } as Parameters<typeof recoverTypedDataAddress>[0]);
    expect(recovered).toBe(wallet.address);
  });

  it('signs an EIP-7702 authorization, its nonce read from the chain when not given', async () => {
    const wallet = await privy.wallets().create({ chain_type: 'ethereum' });
    const contract = '0x00000000000000000000000000000000000C0DE7';
    const { authorization } = await privy
      .wallets()
      .ethereum()
      .sign7702Authorization(wallet.id, { params: { contract, chain_id: 31337, executor: 'self' } });
    // A fresh wallet's count is 0; as its own executor the send takes 0 and the authorization 1.
    expect(authorization).toMatchObject({ contract, chain_id: 31337, nonce: '0x1' });
    const signer = await recoverAuthorizationAddress({
      authorization: { address: contract, chainId: 31337, nonce: 1 },
      signature: { r: authorization.r as Hex, s: authorization.s as Hex, yParity: authorization.y_parity },
    });
    expect(signer).toBe(wallet.address);
  });

  it('lists an app’s wallets newest first, by page, and never another app’s', async () => {
    const other = await t.createApp();
    const otherPrivy = new PrivyClient({ appId: other.app.id, appSecret: other.secret, apiUrl: t.url });
    const mine = await privy.wallets().create({ chain_type: 'solana' });
    const theirs = await otherPrivy.wallets().create({ chain_type: 'ethereum' });
    const ids: string[] = [];
    for await (const wallet of privy.wallets().list({ limit: 2 })) ids.push(wallet.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    await expect(privy.wallets().get(theirs.id)).rejects.toMatchObject({ status: 404 });
  });

  it('signs for a Solana wallet', async () => {
    const wallet = await privy.wallets().create({ chain_type: 'solana' });
    const message = new TextEncoder().encode('Hello Solana');
    const { signature } = await privy.wallets().solana().signMessage(wallet.id, { message });
    expect(ed25519.verify(Buffer.from(signature, 'base64'), message, base58.decode(wallet.address))).toBe(
      true,
    );
  });

  it('refuses an owned wallet’s RPC without the owner’s signature and signs with it', async () => {
    const owner = await generateP256KeyPair();
    const wallet = await privy
      .wallets()
      .create({ chain_type: 'ethereum', owner: { public_key: owner.publicKey } });
    expect(wallet.owner_id).toEqual(expect.any(String));
    await expect(
      privy.wallets().ethereum().signMessage(wallet.id, { message: 'no signature' }),
    ).rejects.toMatchObject({
      status: 401,
    });
    const stranger = await generateP256KeyPair();
    await expect(
      privy
        .wallets()
        .ethereum()
        .signMessage(wallet.id, {
          message: 'wrong key',
          authorization_context: { authorization_private_keys: [stranger.privateKey] },
        }),
    ).rejects.toMatchObject({ status: 401 });
    const signed = await privy
      .wallets()
      .ethereum()
      .signMessage(wallet.id, {
        message: 'owner signed',
        authorization_context: { authorization_private_keys: [owner.privateKey] },
      });
    expect(await recoverMessageAddress({ message: 'owner signed', signature: signed.signature as Hex })).toBe(
      wallet.address,
    );
  });

  it('needs both keys of a 2-of-2 quorum', async () => {
    const [a, b] = [await generateP256KeyPair(), await generateP256KeyPair()];
    const quorum = await privy.keyQuorums().create({
      public_keys: [a.publicKey, b.publicKey],
      authorization_threshold: 2,
      display_name: 'Two of two',
    });
    expect(quorum).toMatchObject({ authorization_threshold: 2, display_name: 'Two of two' });
    const wallet = await privy.wallets().create({ chain_type: 'ethereum', owner_id: quorum.id });
    await expect(
      privy
        .wallets()
        .ethereum()
        .signSecp256k1(wallet.id, {
          params: { hash: `0x${'ab'.repeat(32)}` },
          authorization_context: { authorization_private_keys: [a.privateKey] },
        }),
    ).rejects.toMatchObject({ status: 401 });
    const both = await privy
      .wallets()
      .ethereum()
      .signSecp256k1(wallet.id, {
        params: { hash: `0x${'ab'.repeat(32)}` },
        authorization_context: { authorization_private_keys: [a.privateKey, b.privateKey] },
      });
    expect(both.signature).toMatch(/^0x[0-9a-f]{130}$/);
    // The quorum still owns a wallet: it cannot be deleted from under it.
    await expect(
      privy.keyQuorums().delete(quorum.id, {
        authorization_context: { authorization_private_keys: [a.privateKey, b.privateKey] },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('replays a create under the same idempotency key and refuses another body under it', async () => {
    const key = crypto.randomUUID();
    const first = await privy.wallets().create({ chain_type: 'ethereum', idempotency_key: key });
    const again = await privy.wallets().create({ chain_type: 'ethereum', idempotency_key: key });
    expect(again.id).toBe(first.id);
    await expect(
      privy.wallets().create({ chain_type: 'solana', idempotency_key: key }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('sends on the local chain within a policy: 0.005 ETH allowed, 0.02 refused, the record confirmed', async () => {
    const policy = await privy.policies().create({
      version: '1.0',
      name: 'At most 0.01 ETH',
      chain_type: 'ethereum',
      rules: [
        {
          name: 'Small sends',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            {
              field_source: 'ethereum_transaction',
              field: 'value',
              operator: 'lte',
              value: '0x2386F26FC10000',
            },
          ],
        },
      ],
    });
    const wallet = await privy.wallets().create({ chain_type: 'ethereum', policy_ids: [policy.id] });
    await fundFromHardhat(node, wallet.address, ether);
    const to = '0x000000000000000000000000000000000000dEaD';
    const refused = privy
      .wallets()
      .ethereum()
      .sendTransaction(wallet.id, {
        caip2,
        params: { transaction: { to, value: '0x470DE4DF820000' } }, // 0.02 ETH
      });
    await expect(refused).rejects.toMatchObject({ status: 400, error: { code: 'policy_violation' } });
    // A message is not a method the policy allows: default deny.
    await expect(privy.wallets().ethereum().signMessage(wallet.id, { message: 'hi' })).rejects.toMatchObject({
      status: 400,
    });

    const sent = await privy
      .wallets()
      .ethereum()
      .sendTransaction(wallet.id, {
        caip2,
        params: { transaction: { to, value: '0x11C37937E08000' } }, // 0.005 ETH
        reference_id: `order-${dialect}`,
      });
    expect(sent).toMatchObject({ caip2, hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    let status = '';
    for (let i = 0; i < 100 && status !== 'confirmed'; i++) {
      status = (await privy.transactions().get(sent.transaction_id!)).status;
      if (status !== 'confirmed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('confirmed');
    expect(await node.rpc('eth_getBalance', [to, 'latest'])).not.toBe('0x0');
  });
});
