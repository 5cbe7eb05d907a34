import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { PrivyClient } from '@privy-io/node';
import { base32 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOfPublicKey } from '../../src/server-wallets/addresses/index.ts';
import { withWalletKey } from '../../src/server-wallets/wallet-keys.ts';

/**
 * The spec's chain types beyond Ethereum and Solana, through the incumbent's `@privy-io/node` 0.35:
 * cosmos, tron and bitcoin-segwit wallets (secp256k1) and sui, near and stellar wallets (Ed25519) are
 * created with their chain's address, shown, and `raw_sign` signs with the key behind that address;
 * RPC methods stay Ethereum's and Solana's; ton, starknet and spark are refused with what is missing.
 */

const secp256k1Chains = [
  ['cosmos', /^cosmos1[02-9ac-hj-np-z]{38}$/],
  ['tron', /^T[1-9A-HJ-NP-Za-km-z]{33}$/],
  ['bitcoin-segwit', /^bc1q[02-9ac-hj-np-z]{38}$/],
] as const;
const ed25519Chains = [
  ['sui', /^0x[0-9a-f]{64}$/],
  ['near', /^[0-9a-f]{64}$/],
  ['stellar', /^G[A-Z2-7]{55}$/],
] as const;

/** The public key an Ed25519 address carries in the clear (NEAR's hex, Stellar's StrKey); Sui's is a hash. */
function publicKeyInAddress(chainType: string, address: string): Uint8Array | null {
  if (chainType === 'near') return hexToBytes(address);
  if (chainType === 'stellar') return base32.decode(address).subarray(1, 33);
  return null;
}

describe.each(dialects)('server wallets on the other chain types (%s)', (dialect) => {
  let t: TestServer;
  let privy: PrivyClient;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
    const { app, secret } = await t.createApp();
    privy = new PrivyClient({ appId: app.id, appSecret: secret, apiUrl: t.url });
    headers = {
      authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
      'privy-app-id': app.id,
      'content-type': 'application/json',
    };
  });
  afterAll(() => t.close());

  const call = async (path: string, body: unknown) => {
    const res = await t.fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** The wallet's public key, from its sealed key (the test's view of custody; the API never shows it). */
  const publicKeyOf = async (walletId: string, curve: 'secp256k1' | 'ed25519') => {
    const row = await t.ctx.db
      .selectFrom('server_wallets')
      .selectAll()
      .where('id', '=', walletId)
      .executeTakeFirstOrThrow();
    return withWalletKey(t.ctx, row, (key) =>
      curve === 'secp256k1' ? secp256k1.getPublicKey(key, true) : ed25519.getPublicKey(key),
    );
  };

  it.each(secp256k1Chains)(
    'creates a %s wallet and raw-signs with the key behind its address',
    async (chain, form) => {
      const wallet = await privy.wallets().create({ chain_type: chain });
      expect(wallet).toMatchObject({ chain_type: chain, owner_id: null, policy_ids: [] });
      expect(wallet.address).toMatch(form);
      expect(await privy.wallets().get(wallet.id)).toMatchObject({ id: wallet.id, address: wallet.address });

      const hash = sha256(new TextEncoder().encode(`a ${chain} transaction`));
      const { signature, encoding } = await privy
        .wallets()
        .rawSign(wallet.id, { params: { hash: `0x${bytesToHex(hash)}` } });
      expect(encoding).toBe('hex');
      const bytes = hexToBytes(signature.slice(2));
      expect(bytes).toHaveLength(65);
      const recovery = bytes[64]! - 27;
      expect([0, 1]).toContain(recovery);

      // The signature recovers a key whose address is the wallet's: the caller learns the public key this way.
      const compact = bytes.subarray(0, 64);
      const recovered = secp256k1.Signature.fromBytes(compact, 'compact')
        .addRecoveryBit(recovery)
        .recoverPublicKey(hash)
        .toBytes(true);
      expect(addressOfPublicKey[chain](recovered)).toBe(wallet.address);
      expect(recovered).toEqual(await publicKeyOf(wallet.id, 'secp256k1'));
      // Low s: what Bitcoin's and Cosmos's verifiers accept.
      expect(secp256k1.verify(compact, hash, recovered, { prehash: false, lowS: true })).toBe(true);
    },
  );

  it.each(ed25519Chains)(
    'creates a %s wallet and raw-signs with the key behind its address',
    async (chain, form) => {
      const wallet = await privy.wallets().create({ chain_type: chain });
      expect(wallet.address).toMatch(form);
      expect(await privy.wallets().get(wallet.id)).toMatchObject({ id: wallet.id, chain_type: chain });

      const publicKey = await publicKeyOf(wallet.id, 'ed25519');
      expect(addressOfPublicKey[chain](publicKey)).toBe(wallet.address);
      const carried = publicKeyInAddress(chain, wallet.address);
      if (carried) expect(carried).toEqual(publicKey);

      const hash = sha256(new TextEncoder().encode(`a ${chain} transaction`));
      const { signature } = await privy
        .wallets()
        .rawSign(wallet.id, { params: { hash: `0x${bytesToHex(hash)}` } });
      const bytes = hexToBytes(signature.slice(2));
      expect(bytes).toHaveLength(64);
      expect(ed25519.verify(bytes, hash, publicKey)).toBe(true);

      // `bytes` with a hash function: the server hashes, then signs the digest.
      const message = 'hello';
      const hashed = await privy.wallets().rawSign(wallet.id, {
        params: { bytes: message, encoding: 'utf-8', hash_function: 'sha256' },
      });
      expect(
        ed25519.verify(
          hexToBytes(hashed.signature.slice(2)),
          sha256(new TextEncoder().encode(message)),
          publicKey,
        ),
      ).toBe(true);
      // BLAKE2b-256, what Sui signs its intent messages with; hex bytes this time.
      const intent = '000000deadbeef';
      const blake = await privy.wallets().rawSign(wallet.id, {
        params: { bytes: intent, encoding: 'hex', hash_function: 'blake2b256' },
      });
      expect(
        ed25519.verify(
          hexToBytes(blake.signature.slice(2)),
          blake2b(hexToBytes(intent), { dkLen: 32 }),
          publicKey,
        ),
      ).toBe(true);
    },
  );

  it('lists the new wallets beside Ethereum ones', async () => {
    const page = await t.fetch('/v1/wallets?limit=100', { headers });
    const chains = new Set(
      ((await page.json()) as { data: { chain_type: string }[] }).data.map((w) => w.chain_type),
    );
    for (const [chain] of [...secp256k1Chains, ...ed25519Chains]) expect(chains).toContain(chain);
  });

  it('refuses RPC methods on the new chain types as invalid_data naming the chain type, and export as not_supported', async () => {
    const cosmos = await privy.wallets().create({ chain_type: 'cosmos' });
    const personal = await call(`/v1/wallets/${cosmos.id}/rpc`, {
      method: 'personal_sign',
      params: { message: 'hi', encoding: 'utf-8' },
    });
    expect(personal).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect(personal.body.error).toMatch(/personal_sign is not a method of cosmos wallets/);

    const sui = await privy.wallets().create({ chain_type: 'sui' });
    const signMessage = await call(`/v1/wallets/${sui.id}/rpc`, {
      method: 'signMessage',
      params: { message: Buffer.from('hi').toString('base64'), encoding: 'base64' },
    });
    expect(signMessage).toMatchObject({ status: 400, body: { code: 'invalid_data' } });
    expect(signMessage.body.error).toMatch(/signMessage is not a method of sui wallets/);

    const exported = await call(`/v1/wallets/${sui.id}/export`, {
      encryption_type: 'HPKE',
      recipient_public_key: Buffer.from(new Uint8Array(65).fill(4)).toString('base64'),
    });
    // HPKE export knows Ethereum's and Solana's key forms only (hpke/export.ts).
    expect(exported).toMatchObject({
      status: 400,
      body: { code: 'not_supported', error: 'Export of sui wallets is not supported.' },
    });
  });

  it.each([
    ['ton', /state init/],
    ['starknet', /Stark curve and an account contract class hash/],
    ['spark', /Spark operators’ protocol/],
  ])('refuses a %s wallet with not_supported and what is missing', async (chain, reason) => {
    const before = await t.ctx.db.selectFrom('server_wallets').select('id').execute();
    const refused = await call('/v1/wallets', { chain_type: chain });
    expect(refused).toMatchObject({ status: 400, body: { code: 'not_supported' } });
    expect(refused.body.error).toMatch(reason);
    expect(await t.ctx.db.selectFrom('server_wallets').select('id').execute()).toHaveLength(before.length);
  });
});
