import { createHash, randomBytes } from 'node:crypto';
import { dpopHeaders, dpopProofType, frameApi, keyProofMessage, mfaTokenHeader } from '@latchkey/protocol';
import type { Dialect } from '@latchkey/server/testing';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
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

/**
 * The keys of the addresses a test made, by stored form (lower-cased 0x, or base58): the frame
 * signs key proofs with the wallet's own key, and so does `framePost` when a body needs one.
 */
const keys = new Map<string, (message: string) => Promise<string>>();
const keyOf = (address: string) => (/^0x/i.test(address) ? address.toLowerCase() : address);

/** A fresh Ethereum account whose key proofs the helpers sign; `privateKey` when the test must know the key. */
export const newEthereumAccount = (privateKey: `0x${string}` = generatePrivateKey()) => {
  const account = privateKeyToAccount(privateKey);
  keys.set(keyOf(account.address), (message) => account.signMessage({ message }));
  return account;
};
export const newEthereumAddress = () => newEthereumAccount().address;
/** A fresh Solana address whose key proofs the helpers sign; `secret` (the Ed25519 seed) when the test must know it. */
export const newSolanaAddress = (secret: Uint8Array = ed25519.utils.randomSecretKey()) => {
  const address = base58.encode(ed25519.getPublicKey(secret));
  keys.set(keyOf(address), async (message) => b64(ed25519.sign(new TextEncoder().encode(message), secret)));
  return address;
};

/** `address`'s signature of the key-proof message for `nonce` (the address's key must be the test's). */
export async function signKeyProof(
  address: string,
  params: { appId: string; userId: string; nonce: string },
): Promise<string> {
  const sign = keys.get(keyOf(address));
  if (!sign)
    throw new Error(`No key for ${address}: make addresses with newEthereumAccount/newSolanaAddress`);
  return sign(keyProofMessage({ ...params, address }));
}

export type RecoveryMethod = 'privy' | 'user-passcode';

/** Where the frame API's routes are. */
export const embeddedWalletsApi = frameApi.prefix;

let unique = 0;
/** An address no other user of the test file has: `<label>-<n>@example.com`. */
export const uniqueEmail = (label: string) => `${label}-${++unique}@example.com`;

/** Fresh recovery material for a method, as the frame produces it. */
export function recoveryFields(method: RecoveryMethod) {
  const encryptedRecoveryShare = randomShare(12 + 17 + 16);
  const recoveryKey = method === 'privy' ? randomShare(32) : null;
  const salt = method === 'user-passcode' ? randomShare(16) : null;
  const passwordVerifier = method === 'user-passcode' ? randomShare(32) : null;
  const body: Record<string, unknown> = {
    recovery_method: method,
    encrypted_recovery_share: b64(encryptedRecoveryShare),
  };
  if (recoveryKey) body.recovery_key = b64(recoveryKey);
  if (salt) body.recovery_key_derivation_salt = b64(salt);
  if (passwordVerifier) body.recovery_password_verifier = b64(passwordVerifier);
  return { encryptedRecoveryShare, recoveryKey, salt, passwordVerifier, body };
}

export interface EmbeddedWalletFixture {
  entropyId: string;
  ethereumAddress: string | null;
  solanaAddress: string | null;
  authShare: Uint8Array;
  encryptedRecoveryShare: Uint8Array;
  recoveryKey: Uint8Array | null;
  salt: Uint8Array | null;
  /** `user-passcode`: what proves the password to the server. */
  passwordVerifier: Uint8Array | null;
  /** The `/frame/create` body, without its key proofs (`framePost` adds them). */
  body: Record<string, unknown>;
}

/**
 * A `/frame/create` body: Ethereum index 0 as the entropy id (and Solana index 0 beside it when
 * `chains` has both), or a Solana-first user's Solana wallet.
 */
export function embeddedWalletFixture(
  options: {
    method?: RecoveryMethod;
    chains?: ('ethereum' | 'solana')[];
    ethereumAddress?: string;
    solanaAddress?: string;
  } = {},
): EmbeddedWalletFixture {
  const chains = options.chains ?? ['ethereum'];
  const ethereumAddress = chains.includes('ethereum')
    ? (options.ethereumAddress ?? newEthereumAddress())
    : null;
  const solanaAddress = chains.includes('solana') ? (options.solanaAddress ?? newSolanaAddress()) : null;
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
    passwordVerifier: recovery.passwordVerifier,
    body: {
      entropy_id: entropyId,
      entropy_id_verifier: ethereumAddress ? 'ethereum-address-verifier' : 'solana-address-verifier',
      auth_share: b64(authShare),
      ...recovery.body,
      wallets,
    },
  };
}

/**
 * A wallet frame's device: a P-256 key (extractable here; the frame's is not) whose DPoP proofs
 * (RFC 9449) go with every request, the server's latest nonce, and the proof-signing itself, so
 * tests can also send proofs that are wrong on purpose.
 */
export interface TestDevice {
  jkt: string;
  /** A POST to the frame API path (`/frame/create` …) with a proof; `proof` replaces it. */
  post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    token: string | undefined,
    options?: { proof?: string | null; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  /** A proof for `path`, with the device's current nonce unless `claims` say otherwise. */
  proof(path: string, token: string | undefined, claims?: Record<string, unknown>): Promise<string>;
  /** Enrolls this device for the token's user (`/frame/devices`). */
  enroll(token: string | undefined): Promise<TestResponse>;
}

export async function newTestDevice(t: TestServer, client: TestClient): Promise<TestDevice> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  let nonce: string | null = null;
  const publicUrl = () => t.ctx.settings.publicUrl ?? t.origin;
  const device: TestDevice = {
    jkt: await calculateJwkThumbprint(jwk, 'sha256'),
    proof(path, token, claims = {}) {
      const payload: Record<string, unknown> = {
        jti: randomBytes(16).toString('base64url'),
        htm: 'POST',
        htu: `${publicUrl()}${frameApi.prefix}${path}`,
        iat: t.ctx.now(),
      };
      if (nonce) payload.nonce = nonce;
      if (token) payload.ath = createHash('sha256').update(token).digest('base64url');
      return new SignJWT({ ...payload, ...claims })
        .setProtectedHeader({ alg: 'ES256', typ: dpopProofType, jwk })
        .sign(privateKey);
    },
    async post<T>(
      path: string,
      body: unknown,
      token: string | undefined,
      options: { proof?: string | null; headers?: Record<string, string> } = {},
    ) {
      const send = async () => {
        const proof = options.proof === undefined ? await device.proof(path, token) : options.proof;
        const res = await client.post<T>(`${frameApi.prefix}${path}`, body ?? {}, {
          ...(token ? { token } : {}),
          headers: {
            origin: publicUrl(),
            ...(proof ? { [dpopHeaders.proof]: proof } : {}),
            ...options.headers,
          },
        });
        nonce = res.headers.get(dpopHeaders.nonce) ?? nonce;
        return res;
      };
      const first = await send();
      // As the frame does: the first proof of a device has no nonce; the answer brings one.
      const code = (first.body as { code?: unknown } | null)?.code;
      return code === 'use_dpop_nonce' && options.proof === undefined ? send() : first;
    },
    enroll: (token) => device.post(frameApi.enrollDevice, {}, token),
  };
  return device;
}

/** The device `framePost` uses for one user token: made and enrolled on first use. */
const devices = new WeakMap<TestClient, Map<string, Promise<TestDevice>>>();
function deviceFor(t: TestServer, client: TestClient, token: string | undefined): Promise<TestDevice> {
  const byToken = devices.get(client) ?? new Map<string, Promise<TestDevice>>();
  devices.set(client, byToken);
  const name = token ?? '';
  let device = byToken.get(name);
  if (!device) {
    device = newTestDevice(t, client).then(async (made) => {
      if (token) await made.enroll(token);
      return made;
    });
    byToken.set(name, device);
  }
  return device;
}

/** The address each key-proof route wants a signature from; create signs with every wallet. */
async function withKeyProofs(
  device: TestDevice,
  client: TestClient,
  path: string,
  body: unknown,
  token: string | undefined,
): Promise<unknown> {
  const proven = [frameApi.create, frameApi.addWallet, frameApi.import, frameApi.setRecovery] as string[];
  if (!proven.includes(path) || typeof body !== 'object' || body === null || 'nonce' in body) return body;
  const fields = body as Record<string, unknown>;
  const issued = await device.post<{ nonce: string; user_id: string }>(frameApi.nonce, {}, token);
  if (issued.status !== 200) return body; // not enrolled, logged out …: the request fails as it would
  const params = { appId: client.appId, userId: issued.body.user_id, nonce: issued.body.nonce };
  const sign = async (address: unknown) =>
    typeof address === 'string' && keys.has(keyOf(address)) ? signKeyProof(address, params) : 'unsigned';
  if (path === frameApi.create) {
    const wallets = Array.isArray(fields.wallets) ? (fields.wallets as { address?: unknown }[]) : [];
    return {
      ...fields,
      nonce: params.nonce,
      key_proofs: await Promise.all(
        wallets.map(async (w) => ({ address: w.address, signature: await sign(w.address) })),
      ),
    };
  }
  const signer = path === frameApi.setRecovery ? fields.entropy_id : fields.address;
  return { ...fields, nonce: params.nonce, signature: await sign(signer) };
}

/**
 * A POST from the wallet frame: its own origin, the user's token, a DPoP proof of a device enrolled
 * for that token's user, and (for create, add, import and set_recovery bodies without a `nonce`)
 * key proofs signed with the keys the test made. `path` is the full path.
 */
export async function framePost<T = Record<string, unknown>>(
  t: TestServer,
  client: TestClient,
  path: string,
  body: unknown,
  token: string | undefined,
  options: FrameRequestOptions = {},
): Promise<TestResponse<T>> {
  const device = await deviceFor(t, client, token);
  const route = path.startsWith(frameApi.prefix) ? path.slice(frameApi.prefix.length) : path;
  const headers: Record<string, string> = options.mfaToken ? { [mfaTokenHeader]: options.mfaToken } : {};
  return device.post<T>(route, await withKeyProofs(device, client, route, body, token), token, { headers });
}

/** What a frame request may carry besides its body: the MFA token the frame holds, as it sends it. */
export interface FrameRequestOptions {
  mfaToken?: string | undefined;
}

/** Creates the user's embedded wallet through the frame API; fails the test if it is refused. */
export async function createEmbeddedWallet(
  t: TestServer,
  client: TestClient,
  token: string,
  options: Parameters<typeof embeddedWalletFixture>[0] = {},
): Promise<EmbeddedWalletFixture> {
  const fixture = embeddedWalletFixture(options);
  const res = await framePost(t, client, `${frameApi.prefix}${frameApi.create}`, fixture.body, token);
  if (res.status !== 200) throw new Error(`frame/create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return fixture;
}

/** A test server with one app, and the frame API and email logins of that app's client. */
export interface FrameApiServer {
  t: TestServer;
  client: TestClient;
  appId: string;
  /** A POST to the frame API route `path` (`/frame/create` …) with the user's token (and MFA token). */
  frame<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    token: string | undefined,
    options?: FrameRequestOptions,
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
    frame: (path, body, token, options) =>
      framePost(t, client, `${embeddedWalletsApi}${path}`, body, token, options),
    async login(label = 'user') {
      const res = await client.loginWithEmail(uniqueEmail(label));
      expect(res.status).toBe(200);
      return res.body;
    },
  };
}
