import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import {
  ethereumAddressOf,
  ethereumSigner,
  fromBase64,
  generateEntropy,
  seedFromEntropy,
  solanaKey,
  splitEntropy,
  toBase64,
} from '@latchkey/keys';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { AuthShareCache } from '../auth-shares.ts';
import { DeviceShares } from '../device-share.ts';
import type { FrameContext } from '../frame-context.ts';
import { dispatcher, type Reply } from '../messages.ts';
import { memoryStorage } from '../page-storage.ts';
import { ServerApi } from '../server-api.ts';

const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Chacha20Poly1305(),
});

/**
 * The frame API of a server that knows one HD entropy and one imported Ethereum key (their auth
 * shares), hands out a one-time HPKE key per `frame/delegation/init` (the test keeps its private half,
 * as the key store does) and keeps every body the frame sends. `mfa` makes the share release refuse
 * for MFA, as the server does for a user with a factor and no token.
 */
async function setup() {
  const entropy = generateEntropy();
  const seed = seedFromEntropy(entropy);
  const hd = await splitEntropy(entropy);
  const entropyId = ethereumSigner(seed, 0).address;
  const importedSecret = secp256k1.utils.randomSecretKey();
  const imported = await splitEntropy(importedSecret);
  const importedAddress = ethereumAddressOf(importedSecret);
  const bodies: { path: string; body: Record<string, unknown> }[] = [];
  const oneTimeKeys = new Map<string, CryptoKey>();
  const state = { mfa: false };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname.replace('/api/v1/embedded_wallets', '');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push({ path, body });
    if (path === '/frame/session') return Response.json({ session_id: 'session' });
    if (path === '/frame/auth_share') {
      if (state.mfa)
        return Response.json({ error: 'MFA required', code: 'missing_or_invalid_mfa' }, { status: 403 });
      const share = body.entropy_id === entropyId ? hd.authShare : imported.authShare;
      return Response.json({ auth_share: toBase64(share), session_id: 'session' });
    }
    if (path === '/frame/delegation/init') {
      const pair = await suite.kem.generateKeyPair();
      const publicKey = toBase64(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey)));
      oneTimeKeys.set(publicKey, pair.privateKey);
      return Response.json({ encryption_type: 'HPKE', encryption_public_key: publicKey, expires_at: 1 });
    }
    if (path === '/frame/delegation') return Response.json({ id: 'did:privy:user', linked_accounts: [] });
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  };
  const storage = memoryStorage();
  const ctx: FrameContext = {
    config: { appId: 'app', apiUrl: 'https://auth.example.com', allowedOrigins: [] },
    api: new ServerApi({ apiUrl: 'https://auth.example.com', appId: 'app', fetch }),
    deviceShares: new DeviceShares(() => storage, 'app'),
    authShares: new AuthShareCache(),
  };
  ctx.deviceShares.save([entropyId], hd.deviceShare);
  ctx.deviceShares.importedKeys().save([importedAddress], imported.deviceShare);
  const dispatch = dispatcher(ctx);
  let counter = 0;
  const send = (data: Record<string, unknown>): Promise<Reply> =>
    dispatch({
      id: `id-${++counter}`,
      event: 'privy:delegated-actions:consent',
      data: { accessToken: 'token', ...data },
    });
  /** The keys the server opens from the frame's upload (what the key store would seal). */
  async function opened(): Promise<Uint8Array[]> {
    const upload = bodies.find((b) => b.path === '/frame/delegation')!.body;
    const recipientKey = oneTimeKeys.get(upload.encryption_public_key as string)!;
    const wallets = upload.wallets as { encapsulated_key: string; ciphertext: string }[];
    return Promise.all(
      wallets.map(async (w) => {
        const plain = await suite.open(
          { recipientKey, enc: toBuffer(fromBase64(w.encapsulated_key)) },
          toBuffer(fromBase64(w.ciphertext)),
        );
        return new Uint8Array(plain);
      }),
    );
  }
  return { entropy, seed, entropyId, importedSecret, importedAddress, bodies, state, send, opened };
}

function toBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Nothing the frame sent holds these bytes, in hex or base64. */
function expectNotSent(bodies: { body: unknown }[], ...secrets: Uint8Array[]) {
  const sent = JSON.stringify(bodies).toLowerCase();
  for (const secret of secrets)
    for (const form of [hex(secret), toBase64(secret), Buffer.from(secret).toString('base64url')])
      expect(sent).not.toContain(form.toLowerCase());
}

describe('privy:delegated-actions:consent', () => {
  it('seals only each delegated wallet’s key to the one-time key; the seed never leaves', async () => {
    const s = await setup();
    const eth1 = ethereumSigner(s.seed, 1);
    const sol0 = solanaKey(s.seed, 0);
    const reply = await s.send({
      rootWallet: { address: s.entropyId, chainType: 'ethereum', imported: false },
      delegatedWallets: [
        { address: s.entropyId.toLowerCase(), chainType: 'ethereum', walletIndex: 0 },
        { address: eth1.address, chainType: 'ethereum', walletIndex: 1 },
        { address: sol0.address, chainType: 'solana', walletIndex: 0 },
      ],
    });
    expect(reply).toMatchObject({ data: { success: true } });
    // A fresh share release for the consent, the init, then the upload; nothing else.
    expect(s.bodies.map((b) => b.path)).toEqual([
      '/frame/delegation/init',
      '/frame/auth_share',
      '/frame/delegation',
    ]);
    const upload = s.bodies.at(-1)!.body;
    expect(upload).not.toHaveProperty('reason');
    expect(upload.wallets).toEqual([
      expect.objectContaining({
        address: s.entropyId,
        chain_type: 'ethereum',
        wallet_index: 0,
        imported: false,
      }),
      expect.objectContaining({ address: eth1.address, chain_type: 'ethereum', wallet_index: 1 }),
      expect.objectContaining({ address: sol0.address, chain_type: 'solana', wallet_index: 0 }),
    ]);
    const keys = await s.opened();
    expect(keys.map(hex)).toEqual([
      hex(ethereumSigner(s.seed, 0).privateKey),
      hex(eth1.privateKey),
      hex(sol0.secretKey.subarray(0, 32)),
    ]);
    expectNotSent(s.bodies, s.entropy, s.seed, ...keys);
  });

  it('delegates an imported key as itself, with the migration’s reason', async () => {
    const s = await setup();
    const reply = await s.send({
      rootWallet: { address: s.importedAddress, chainType: 'ethereum', imported: true },
      delegatedWallets: [{ address: s.importedAddress, chainType: 'ethereum', walletIndex: 0 }],
      reason: 'migration',
    });
    expect(reply).toMatchObject({ data: { success: true } });
    const upload = s.bodies.at(-1)!.body;
    expect(upload).toMatchObject({
      reason: 'migration',
      wallets: [{ address: s.importedAddress, chain_type: 'ethereum', wallet_index: 0, imported: true }],
    });
    expect((await s.opened()).map(hex)).toEqual([hex(s.importedSecret)]);
    expectNotSent(s.bodies, s.importedSecret);
  });

  it('refuses a wallet that is not the root’s at that index: nothing is uploaded', async () => {
    const s = await setup();
    const reply = await s.send({
      rootWallet: { address: s.entropyId, chainType: 'ethereum', imported: false },
      delegatedWallets: [
        { address: s.entropyId, chainType: 'ethereum', walletIndex: 0 },
        { address: s.importedAddress, chainType: 'ethereum', walletIndex: 1 },
      ],
    });
    expect(reply).toMatchObject({
      error: {
        type: 'invalid_request_arguments',
        message: 'delegatedWallets[1] is not the wallet at that index of the root wallet',
      },
    });
    expect(s.bodies.map((b) => b.path)).not.toContain('/frame/delegation');
  });

  it('refuses malformed requests before any server call', async () => {
    const s = await setup();
    const root = { address: s.entropyId, chainType: 'ethereum', imported: false };
    const wallet = { address: s.entropyId, chainType: 'ethereum', walletIndex: 0 };
    for (const data of [
      { delegatedWallets: [wallet] },
      { rootWallet: { ...root, chainType: 'bitcoin' }, delegatedWallets: [wallet] },
      { rootWallet: { ...root, address: '' }, delegatedWallets: [wallet] },
      { rootWallet: root, delegatedWallets: [] },
      { rootWallet: root, delegatedWallets: 'all' },
      { rootWallet: root, delegatedWallets: Array.from({ length: 21 }, () => wallet) },
      { rootWallet: root, delegatedWallets: [{ ...wallet, walletIndex: -1 }] },
      { rootWallet: root, delegatedWallets: [{ ...wallet, chainType: 'sui' }] },
      { rootWallet: root, delegatedWallets: [wallet], reason: 'because' },
      // An imported key has no HD tree: it delegates itself only.
      { rootWallet: { ...root, imported: true }, delegatedWallets: [wallet, { ...wallet, walletIndex: 1 }] },
      { rootWallet: { ...root, imported: true }, delegatedWallets: [{ ...wallet, walletIndex: 1 }] },
    ]) {
      const reply = await s.send(data);
      expect('error' in reply && reply.error.type, JSON.stringify(data)).toBe('invalid_request_arguments');
    }
    expect(s.bodies).toEqual([]);
  });

  it('answers wallet_not_on_device without a device share, and the MFA refusal of the share release', async () => {
    const s = await setup();
    const other = generateEntropy();
    const otherId = ethereumSigner(seedFromEntropy(other), 0).address;
    const away = await s.send({
      rootWallet: { address: otherId, chainType: 'ethereum', imported: false },
      delegatedWallets: [{ address: otherId, chainType: 'ethereum', walletIndex: 0 }],
    });
    expect(away).toMatchObject({ error: { type: 'wallet_not_on_device' } });
    s.state.mfa = true;
    const gated = await s.send({
      rootWallet: { address: s.entropyId, chainType: 'ethereum', imported: false },
      delegatedWallets: [{ address: s.entropyId, chainType: 'ethereum', walletIndex: 0 }],
    });
    expect(gated).toMatchObject({ error: { type: 'missing_or_invalid_mfa' } });
    expect(s.bodies.map((b) => b.path)).not.toContain('/frame/delegation');
  });
});
