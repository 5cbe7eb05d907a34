import { randomBytes } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Dialect } from '../../src/storage/db.ts';
import {
  type AuthBody,
  startTestServer,
  type TestClient,
  type TestResponse,
  type TestServer,
} from './test-server.ts';

/**
 * Drives the wallet frame's server API as the frame would. The server never sees entropy, only
 * opaque shares, so the shares here are random bytes; addresses are real (the server checks them).
 */

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
export const randomShare = (length = 17) => new Uint8Array(randomBytes(length));
export const newEthereumAccount = () => privateKeyToAccount(generatePrivateKey());
export const newEthereumAddress = () => newEthereumAccount().address;
export const newSolanaAddress = () => base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));

export type RecoveryMethod = 'privy' | 'user-passcode';

/** Where the frame API's routes are. */
export const embeddedWalletsApi = '/api/v1/embedded_wallets';

let unique = 0;
/** An address no other user of the test file has: `<label>-<n>@example.com`. */
export const uniqueEmail = (label: string) => `${label}-${++unique}@example.com`;

/** Fresh recovery material for a method, as the frame produces it. */
export function recoveryFields(method: RecoveryMethod) {
  const encryptedRecoveryShare = randomShare(12 + 17 + 16);
  const recoveryKey = method === 'privy' ? randomShare(32) : null;
  const salt = method === 'user-passcode' ? randomShare(16) : null;
  const body: Record<string, unknown> = {
    recovery_method: method,
    encrypted_recovery_share: b64(encryptedRecoveryShare),
  };
  if (recoveryKey) body.recovery_key = b64(recoveryKey);
  if (salt) body.recovery_key_derivation_salt = b64(salt);
  return { encryptedRecoveryShare, recoveryKey, salt, body };
}

export interface EmbeddedWalletFixture {
  entropyId: string;
  ethereumAddress: string | null;
  solanaAddress: string | null;
  authShare: Uint8Array;
  encryptedRecoveryShare: Uint8Array;
  recoveryKey: Uint8Array | null;
  salt: Uint8Array | null;
  /** The `/frame/create` body. */
  body: Record<string, unknown>;
}

/**
 * A `/frame/create` body: Ethereum index 0 as the entropy id (and Solana index 0 beside it when
 * `chains` has both), or a Solana-first user's Solana wallet.
 */
export function embeddedWalletFixture(
  options: { method?: RecoveryMethod; chains?: ('ethereum' | 'solana')[]; ethereumAddress?: string } = {},
): EmbeddedWalletFixture {
  const chains = options.chains ?? ['ethereum'];
  const ethereumAddress = chains.includes('ethereum')
    ? (options.ethereumAddress ?? newEthereumAddress())
    : null;
  const solanaAddress = chains.includes('solana') ? newSolanaAddress() : null;
  const authShare = randomShare();
  const recovery = recoveryFields(options.method ?? 'privy');
  const wallets: Record<string, unknown>[] = [];
  if (ethereumAddress) wallets.push({ chain_type: 'ethereum', address: ethereumAddress, wallet_index: 0 });
  if (solanaAddress)
    wallets.push({
      chain_type: 'solana',
      address: solanaAddress,
      wallet_index: 0,
      public_key: solanaAddress,
    });
  const entropyId = ethereumAddress ?? solanaAddress!;
  return {
    entropyId,
    ethereumAddress,
    solanaAddress,
    authShare,
    encryptedRecoveryShare: recovery.encryptedRecoveryShare,
    recoveryKey: recovery.recoveryKey,
    salt: recovery.salt,
    body: {
      entropy_id: entropyId,
      entropy_id_verifier: ethereumAddress ? 'ethereum-address-verifier' : 'solana-address-verifier',
      auth_share: b64(authShare),
      ...recovery.body,
      wallets,
    },
  };
}

/** A POST from the wallet frame: the server's own origin, the user's token. */
export function framePost<T = Record<string, unknown>>(
  t: TestServer,
  client: TestClient,
  path: string,
  body: unknown,
  token: string | undefined,
): Promise<TestResponse<T>> {
  return client.post<T>(path, body, { ...(token ? { token } : {}), headers: { origin: t.url } });
}

/** Creates the user's embedded wallet through the frame API; fails the test if it is refused. */
export async function createEmbeddedWallet(
  t: TestServer,
  client: TestClient,
  token: string,
  options: Parameters<typeof embeddedWalletFixture>[0] = {},
): Promise<EmbeddedWalletFixture> {
  const fixture = embeddedWalletFixture(options);
  const res = await framePost(t, client, '/api/v1/embedded_wallets/frame/create', fixture.body, token);
  if (res.status !== 200) throw new Error(`frame/create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return fixture;
}

/** A test server with one app, and the frame API and email logins of that app's client. */
export interface FrameApiServer {
  t: TestServer;
  client: TestClient;
  appId: string;
  /** A POST to the frame API route `path` (`/frame/create` …) with the user's token. */
  frame<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    token: string | undefined,
  ): Promise<TestResponse<T>>;
  /** Logs a new user in by email code (a unique address from `label`); expects it to succeed. */
  login(label?: string): Promise<AuthBody>;
}

/** Starts a server of `dialect` with an app made with `patch` (its settings). */
export async function startFrameApiServer(
  dialect: Dialect,
  patch?: Record<string, unknown>,
): Promise<FrameApiServer> {
  const t = await startTestServer(dialect);
  const { client, app } = await t.createApp(patch);
  return {
    t,
    client,
    appId: app.id,
    frame: (path, body, token) => framePost(t, client, `${embeddedWalletsApi}${path}`, body, token),
    async login(label = 'user') {
      const res = await client.loginWithEmail(uniqueEmail(label));
      expect(res.status).toBe(200);
      return res.body;
    },
  };
}
