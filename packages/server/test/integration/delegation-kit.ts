import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { authorizationPayload, frameApi } from '@latchkey/protocol';
import { type TestClient, type TestResponse, type TestServer, testOrigin } from '@latchkey/test/server';
import {
  createEmbeddedWallet,
  framePost,
  newEthereumAccount,
  newSolanaAddress,
  uniqueEmail,
} from '@latchkey/test/server/frame-api';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { expect } from 'vitest';
import { sealToRecipient } from '../../src/server-wallets/hpke/hpke.ts';

/**
 * What the delegated-actions tests share: users with embedded wallets whose keys the test knows (as
 * the frame derives them from the entropy it rebuilt), the frame's consent (init, seal each key to
 * the one-time key, upload), and requests signed with P-256 authorization keys as the app's backend
 * or the user's frame sign them.
 */

/** A P-256 authorization key: the private half signs, the public half (base64 SPKI) goes in quorums. */
export interface AuthorizationKey {
  privateKey: KeyObject;
  publicKey: string;
}

export function authorizationKey(): AuthorizationKey {
  const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKey: pair.privateKey,
    publicKey: pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** One embedded wallet and its private key (Ethereum's scalar, Solana's seed). */
export interface KnownWallet {
  address: string;
  chain_type: 'ethereum' | 'solana';
  wallet_index: number;
  imported: boolean;
  key: Uint8Array;
}

export function knownEthereumWallet(walletIndex = 0): KnownWallet {
  const key = secp256k1.utils.randomSecretKey();
  const { address } = newEthereumAccount(`0x${bytesToHex(key)}`);
  return { address, chain_type: 'ethereum', wallet_index: walletIndex, imported: false, key };
}

export function knownSolanaWallet(walletIndex = 0): KnownWallet {
  const key = ed25519.utils.randomSecretKey();
  return {
    address: newSolanaAddress(key),
    chain_type: 'solana',
    wallet_index: walletIndex,
    imported: false,
    key,
  };
}

/** A logged-in user of `client`'s app with an embedded Ethereum (and Solana) wallet of known keys. */
export async function userWithWallets(t: TestServer, client: TestClient, label: string) {
  const email = uniqueEmail(label);
  const login = await client.loginWithEmail(email);
  expect(login.status).toBe(200);
  const ethereum = knownEthereumWallet();
  const solana = knownSolanaWallet();
  await createEmbeddedWallet(t, client, login.body.token, {
    chains: ['ethereum', 'solana'],
    ethereumAddress: ethereum.address,
    solanaAddress: solana.address,
  });
  return { email, token: login.body.token, userId: login.body.user.id, ethereum, solana };
}

export type Json = Record<string, unknown> & { code?: string; error?: string };

/** A POST of the wallet frame (its origin, the user's token, an enrolled device's DPoP proof). */
export const frame = (t: TestServer, client: TestClient, path: string, body: unknown, token: string) =>
  framePost<Json>(t, client, `${frameApi.prefix}${path}`, body, token);

/** The frame's upload of `wallets`, sealed to the key of `init` (base64 raw point). */
export async function sealedUploads(init: string, wallets: readonly KnownWallet[]) {
  const point = new Uint8Array(Buffer.from(init, 'base64'));
  return Promise.all(
    wallets.map(async ({ key, ...wallet }) => ({ ...wallet, ...(await sealToRecipient(point, key)) })),
  );
}

/** The consent as the frame carries it out: an init, then the sealed keys. */
export async function consent(
  t: TestServer,
  client: TestClient,
  token: string,
  wallets: readonly KnownWallet[],
  extra: Record<string, unknown> = {},
): Promise<TestResponse<Json>> {
  const init = await frame(t, client, '/frame/delegation/init', {}, token);
  expect(init.status).toBe(200);
  const key = init.body.encryption_public_key as string;
  return frame(
    t,
    client,
    '/frame/delegation',
    { encryption_public_key: key, wallets: await sealedUploads(key, wallets), ...extra },
    token,
  );
}

/** The signature header of `keys` over one request, as the SDKs make it (WIRE.md §7.4). */
export function signatures(
  t: TestServer,
  request: { method: 'POST' | 'PATCH'; path: string; body: unknown; appId: string },
  keys: readonly KeyObject[],
): string {
  const payload = authorizationPayload({
    method: request.method,
    url: `${t.ctx.settings.publicUrl ?? t.origin}${request.path}`,
    body: request.body,
    headers: { 'privy-app-id': request.appId },
  });
  return keys.map((key) => sign('sha256', payload, key).toString('base64')).join(',');
}

/**
 * A request to the server-wallet API: as the app's backend (`secret`) or as a user (`token`), signed
 * by `keys` when given.
 */
export async function walletApi(
  t: TestServer,
  request: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    path: string;
    body?: unknown;
    appId: string;
    secret?: string;
    token?: string;
    keys?: readonly KeyObject[];
  },
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {
    'privy-app-id': request.appId,
    'content-type': 'application/json',
    origin: testOrigin,
  };
  if (request.secret)
    headers.authorization = `Basic ${Buffer.from(`${request.appId}:${request.secret}`).toString('base64')}`;
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.keys?.length && (request.method === 'POST' || request.method === 'PATCH'))
    headers['privy-authorization-signature'] = signatures(
      t,
      { method: request.method, path: request.path, body: request.body ?? {}, appId: request.appId },
      request.keys,
    );
  const res = await t.fetch(request.path, {
    method: request.method,
    headers,
    body: request.body === undefined ? null : JSON.stringify(request.body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}
