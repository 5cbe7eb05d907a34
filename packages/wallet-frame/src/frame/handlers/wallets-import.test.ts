import { fromBase64, toBase64 } from '@latchkey/keys';
import { keyProofMessage } from '@latchkey/protocol';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { verifyMessage } from 'viem';
import { describe, expect, it } from 'vitest';
import { AuthShareCache } from '../auth-shares.ts';
import { DeviceShares } from '../device-share.ts';
import type { FrameContext } from '../frame-context.ts';
import { dispatcher, type Reply } from '../messages.ts';
import { memoryStorage } from '../page-storage.ts';
import { ServerApi } from '../server-api.ts';

/** Hardhat's first account. */
const hardhatKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const hardhatAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const token = 'access-token';

/**
 * The frame API of a server that keeps what the frame uploads, by entropy id, as the real one does
 * (tested in packages/server): it checks the key proofs and password verifiers the real one checks and
 * answers the same shapes. Every request body is kept, to show what left the frame.
 */
function fakeServer() {
  const entropies = new Map<string, Record<string, unknown>>();
  const nonces = new Set<string>();
  const bodies: string[] = [];
  const idOf = (id: string) => (id.startsWith('0x') ? id.toLowerCase() : id);
  const proves = async (address: string, nonce: unknown, signature: unknown) => {
    if (typeof nonce !== 'string' || !nonces.delete(nonce) || typeof signature !== 'string') return false;
    const message = keyProofMessage({ appId: 'app', userId: 'did:privy:user', address, nonce });
    return address.startsWith('0x')
      ? verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` })
      : ed25519.verify(fromBase64(signature), new TextEncoder().encode(message), base58.decode(address));
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname.replace('/api/v1/embedded_wallets', '');
    const text = String(init?.body);
    bodies.push(text);
    const body = JSON.parse(text) as Record<string, unknown>;
    const refuse = (code: string, status = 400) => Response.json({ error: code, code }, { status });
    if (path === '/frame/devices') return Response.json({});
    if (path === '/frame/session') return Response.json({ session_id: 'session' });
    if (path === '/frame/nonce') {
      const nonce = `nonce-${nonces.size}-${Math.random()}`;
      nonces.add(nonce);
      return Response.json({ nonce, app_id: 'app', user_id: 'did:privy:user' });
    }
    if (path === '/frame/import') {
      const id = idOf(body.address as string);
      if (entropies.has(id)) return refuse('resource_already_exists');
      if (!(await proves(body.address as string, body.nonce, body.signature)))
        return refuse('invalid_key_proof');
      entropies.set(id, body);
      return Response.json({ id: 'user' });
    }
    const key = path.match(/^\/(.+)\/recovery\/key_material$/);
    const entropy = entropies.get(idOf(key ? decodeURIComponent(key[1]!) : String(body.entropy_id)));
    if (!entropy) return refuse('linked_account_not_found', 404);
    const passcode = entropy.recovery_method === 'user-passcode';
    const wrongPassword = (verifier: unknown) =>
      passcode && verifier !== entropy.recovery_password_verifier
        ? refuse('invalid_recovery_password', 403)
        : null;
    if (key)
      return Response.json({
        recovery_type: passcode ? 'user_passcode_derived_recovery_key' : 'privy_generated_recovery_key',
        recovery_key: entropy.recovery_key ?? null,
        recovery_key_derivation_salt: entropy.recovery_key_derivation_salt ?? null,
      });
    if (path === '/frame/auth_share')
      return Response.json({ auth_share: entropy.auth_share, session_id: 'session' });
    if (path === '/frame/recovery_share')
      return (
        wrongPassword(body.password_verifier) ??
        Response.json({
          recovery_method: entropy.recovery_method,
          encrypted_recovery_share: entropy.encrypted_recovery_share,
          recovery_key_derivation_salt: entropy.recovery_key_derivation_salt ?? null,
        })
      );
    if (path === '/frame/set_recovery') {
      const refused = wrongPassword(body.current_password_verifier);
      if (refused) return refused;
      if (!(await proves(entropy.address as string, body.nonce, body.signature)))
        return refuse('invalid_key_proof');
      const { entropy_id: _, nonce: __, signature: ___, current_password_verifier: ____, ...shares } = body;
      entropies.set(idOf(String(body.entropy_id)), { address: entropy.address, ...shares });
      return Response.json({ id: 'user' });
    }
    return refuse('not_found', 404);
  };
  return { entropies, bodies, fetch };
}

/** A device: its own storage and page memory, against `server`. */
function device(server: ReturnType<typeof fakeServer>) {
  const storage = memoryStorage();
  const ctx: FrameContext = {
    config: { appId: 'app', apiUrl: 'https://auth.example.com', allowedOrigins: [] },
    api: new ServerApi({ apiUrl: 'https://auth.example.com', appId: 'app', fetch: server.fetch }),
    deviceShares: new DeviceShares(() => storage, 'app'),
    authShares: new AuthShareCache(),
  };
  const dispatch = dispatcher(ctx);
  let counter = 0;
  const send = (event: string, data: Record<string, unknown>): Promise<Reply> =>
    dispatch({ id: `id-${++counter}`, event, data: { accessToken: token, ...data } });
  return {
    storage,
    send,
    async ask(event: string, data: Record<string, unknown>) {
      const reply = await send(event, data);
      if ('error' in reply) throw new Error(`${event}: ${reply.error.type} ${reply.error.message}`);
      return reply.data as Record<string, unknown>;
    },
    async failure(event: string, data: Record<string, unknown>) {
      const reply = await send(event, data);
      if (!('error' in reply)) throw new Error(`${event} succeeded`);
      return reply.error;
    },
  };
}

const ethereumRef = { entropyId: hardhatAddress, entropyIdVerifier: 'ethereum-address-verifier' };

async function personalSign(d: ReturnType<typeof device>, message: string) {
  const reply = await d.ask('privy:wallets:rpc', {
    ...ethereumRef,
    chainType: 'ethereum',
    hdWalletIndex: 0,
    request: { method: 'personal_sign', params: [message, hardhatAddress] },
  });
  expect(reply).toMatchObject({ address: hardhatAddress, chainType: 'ethereum' });
  return (reply.response as { data: `0x${string}` }).data;
}

describe('privy:wallets:import (on-device)', () => {
  it('imports an Ethereum key that signs, recovers on a new device (privy) and never leaves whole', async () => {
    const server = fakeServer();
    const first = device(server);
    expect(
      await first.ask('privy:wallets:import', {
        privateKey: hardhatKey,
        chainType: 'ethereum',
        mode: 'on-device',
      }),
    ).toEqual({ address: hardhatAddress });

    // The device share is kept apart from HD entropies' shares, under the key's address.
    expect([...first.storage.items.keys()]).toEqual([`latchkey:imported-key-share:app:${hardhatAddress}`]);
    const upload = server.entropies.get(hardhatAddress.toLowerCase())!;
    expect(upload).toMatchObject({
      chain_type: 'ethereum',
      address: hardhatAddress,
      recovery_method: 'privy',
    });
    // A share of a 32-byte key is 33 bytes.
    expect(fromBase64(upload.auth_share as string)).toHaveLength(33);

    const message = 'Signed with an imported key';
    expect(
      await verifyMessage({
        address: hardhatAddress,
        message,
        signature: await personalSign(first, message),
      }),
    ).toBe(true);
    expect(await first.ask('privy:wallets:connect', ethereumRef)).toEqual({ entropyId: hardhatAddress });
    // Named in lower case (Ethereum addresses are case-insensitive), the wallet is the same one.
    const lower = { ...ethereumRef, entropyId: hardhatAddress.toLowerCase() };
    expect(await first.ask('privy:wallets:connect', lower)).toEqual({ entropyId: lower.entropyId });

    // A new device has no share: the host is told to recover, then it signs.
    const second = device(server);
    expect(await second.failure('privy:wallets:connect', ethereumRef)).toMatchObject({
      type: 'wallet_not_on_device',
    });
    expect(
      await second.failure('privy:wallets:rpc', {
        ...ethereumRef,
        chainType: 'ethereum',
        hdWalletIndex: 0,
        request: { method: 'personal_sign', params: ['x', hardhatAddress] },
      }),
    ).toMatchObject({ type: 'wallet_not_on_device' });
    expect(
      await second.ask('privy:wallets:recover', { ...ethereumRef, entropyId: hardhatAddress.toLowerCase() }),
    ).toEqual({ entropyId: hardhatAddress.toLowerCase() });
    expect([...second.storage.items.keys()]).toEqual([`latchkey:imported-key-share:app:${hardhatAddress}`]);
    const again = await personalSign(second, message);
    expect(await verifyMessage({ address: hardhatAddress, message, signature: again })).toBe(true);

    // The recovery re-split the key: the first device's share is stale, dropped, and recovery asked for.
    expect(await first.failure('privy:wallets:connect', ethereumRef)).toMatchObject({
      type: 'wallet_not_on_device',
    });
    expect(first.storage.items.size).toBe(0);

    // Nothing the frame sent holds the key, in any encoding.
    const keyBytes = fromBase64(toBase64(Buffer.from(hardhatKey.slice(2), 'hex')));
    for (const leak of [hardhatKey.slice(2), toBase64(keyBytes), Buffer.from(keyBytes).toString('base64url')])
      for (const body of server.bodies) expect(body.toLowerCase()).not.toContain(leak.toLowerCase());
  });

  it('imports a Solana keypair (user-passcode) that signs and recovers with the password only', async () => {
    const server = fakeServer();
    const seed = ed25519.utils.randomSecretKey();
    const publicKey = ed25519.getPublicKey(seed);
    const address = base58.encode(publicKey);
    const first = device(server);
    const imported = await first.ask('privy:wallets:import', {
      privateKey: base58.encode(new Uint8Array([...seed, ...publicKey])),
      chainType: 'solana',
      mode: 'on-device',
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'correct horse',
    });
    expect(imported).toEqual({ address });
    expect(server.entropies.get(address)).toMatchObject({ recovery_method: 'user-passcode' });
    expect(server.entropies.get(address)).not.toHaveProperty('recovery_key');

    const ref = { entropyId: address, entropyIdVerifier: 'solana-address-verifier' };
    const sign = async (d: ReturnType<typeof device>, message: Uint8Array) => {
      const reply = await d.ask('privy:wallets:rpc', {
        ...ref,
        chainType: 'solana',
        hdWalletIndex: 0,
        request: { method: 'signMessage', params: { message: toBase64(message) } },
      });
      expect(reply).toMatchObject({ address, chainType: 'solana', response: { method: 'signMessage' } });
      return fromBase64((reply.response as { data: { signature: string } }).data.signature);
    };
    const message = new TextEncoder().encode('Solana, imported');
    expect(ed25519.verify(await sign(first, message), message, publicKey)).toBe(true);

    const second = device(server);
    expect(await second.failure('privy:wallets:recover', ref)).toMatchObject({
      type: 'invalid_request_arguments',
    });
    expect(
      await second.failure('privy:wallets:recover', { ...ref, recoveryPassword: 'wrong' }),
    ).toMatchObject({
      type: 'invalid_recovery_pin',
    });
    expect(await second.ask('privy:wallets:recover', { ...ref, recoveryPassword: 'correct horse' })).toEqual({
      entropyId: address,
    });
    expect(ed25519.verify(await sign(second, message), message, publicKey)).toBe(true);

    // A new method for the imported key, on the device that holds it: only with the current password.
    const downgrade = { ...ref, recoveryMethod: 'privy' };
    expect(await second.failure('privy:wallets:set-recovery', downgrade)).toEqual({
      type: 'invalid_recovery_pin',
      message: 'The current recovery password is required.',
    });
    expect(
      await second.failure('privy:wallets:set-recovery', { ...downgrade, existingRecoveryPassword: 'wrong' }),
    ).toMatchObject({ type: 'invalid_recovery_pin' });
    expect(server.entropies.get(address)).toMatchObject({ recovery_method: 'user-passcode' });
    expect(
      await second.ask('privy:wallets:set-recovery', {
        ...downgrade,
        existingRecoveryPassword: 'correct horse',
      }),
    ).toEqual({
      entropyId: address,
      entropyIdVerifier: 'solana-address-verifier',
      recoveryMethod: 'privy',
    });
    expect(server.entropies.get(address)).toMatchObject({ recovery_method: 'privy' });
    expect(ed25519.verify(await sign(second, message), message, publicKey)).toBe(true);
  });

  it('answers invalid_request_arguments to TEE mode, signers, bad keys and wrong indexes; nothing is stored', async () => {
    const server = fakeServer();
    const d = device(server);
    const valid = { privateKey: hardhatKey, chainType: 'ethereum', mode: 'on-device' };
    const tee = await d.failure('privy:wallets:import', { ...valid, mode: 'tee' });
    expect(tee).toEqual({
      type: 'invalid_request_arguments',
      message: "TEE wallets are not supported by this server: import with mode 'on-device'",
    });
    for (const data of [
      { ...valid, mode: 'cloud' },
      { ...valid, additionalSigners: [{ signerId: 'x' }] },
      { ...valid, privateKey: hardhatKey.slice(0, 40) },
      { ...valid, privateKey: undefined },
      { ...valid, chainType: 'bitcoin' },
      { ...valid, chainType: 'solana' },
      { ...valid, recoveryMethod: 'user-passcode' },
      { ...valid, recoveryMethod: 'google-drive' },
    ]) {
      const error = await d.failure('privy:wallets:import', data);
      expect(error.type, JSON.stringify(data)).toBe('invalid_request_arguments');
      expect(error.message).not.toContain(hardhatKey.slice(2, 20));
    }
    expect(server.bodies).toEqual([]);
    expect(d.storage.items.size).toBe(0);

    // Without mode (an older SDK) the import is on-device; empty signers are none.
    expect(await d.ask('privy:wallets:import', { ...valid, mode: undefined, additionalSigners: [] })).toEqual(
      {
        address: hardhatAddress,
      },
    );
    for (const [chainType, hdWalletIndex] of [
      ['solana', 0],
      ['ethereum', 1],
    ] as const) {
      const error = await d.failure('privy:wallets:rpc', {
        ...ethereumRef,
        chainType,
        hdWalletIndex,
        request: { method: 'signMessage', params: { message: 'aGk=' } },
      });
      expect(error.type).toBe('invalid_request_arguments');
    }
  });

  it('a refused import keeps the share this device already had for that key', async () => {
    const server = fakeServer();
    const d = device(server);
    await d.ask('privy:wallets:import', { privateKey: hardhatKey, chainType: 'ethereum' });
    const stored = [...d.storage.items.entries()];
    const refused = await d.failure('privy:wallets:import', {
      privateKey: hardhatKey,
      chainType: 'ethereum',
    });
    expect(refused).toMatchObject({ type: 'error', message: expect.stringContaining('status code 400') });
    expect([...d.storage.items.entries()]).toEqual(stored);
    const message = 'still mine';
    expect(
      await verifyMessage({ address: hardhatAddress, message, signature: await personalSign(d, message) }),
    ).toBe(true);
  });

  it('an HD export or HD signature never reads an imported key as a seed', async () => {
    const server = fakeServer();
    const d = device(server);
    await d.ask('privy:wallets:import', { privateKey: hardhatKey, chainType: 'ethereum' });
    // privy:wallets:add is HD only: the imported key's share is not an entropy's, so it is not found.
    expect(
      await d.failure('privy:wallets:add', { ...ethereumRef, chainType: 'ethereum', hdWalletIndex: 1 }),
    ).toMatchObject({ type: 'wallet_not_on_device' });
    expect(d.storage.items.size).toBe(1);
  });
});
