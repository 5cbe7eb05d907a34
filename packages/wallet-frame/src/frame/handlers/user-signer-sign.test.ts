import { createPublicKey, verify } from 'node:crypto';
import { fromBase64, toBase64 } from '@latchkey/keys';
import { authorizationPayload, type SignedRequest } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { AuthShareCache } from '../auth-shares.ts';
import { DeviceShares } from '../device-share.ts';
import type { FrameContext } from '../frame-context.ts';
import { dispatcher, type Reply } from '../messages.ts';
import { memoryStorage } from '../page-storage.ts';
import { ServerApi } from '../server-api.ts';

const server = 'https://auth.example.com';

/**
 * A server whose session is the token's (`session-of-<token>`) and that registers the frame's keys
 * (`frame/user_signer`), each until `lifetimeMs` from now; every path called is recorded.
 */
function setup(lifetimeMs = 3_600_000) {
  const paths: string[] = [];
  const registered: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname.replace('/api/v1/embedded_wallets', '');
    paths.push(path);
    const token = new Headers(init?.headers).get('authorization')?.slice('Bearer '.length);
    if (path === '/frame/session') return Response.json({ session_id: `session-of-${token}` });
    if (path === '/frame/user_signer') {
      registered.push((JSON.parse(String(init?.body)) as { public_key: string }).public_key);
      return Response.json({ expires_at: Date.now() + lifetimeMs });
    }
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  };
  const storage = memoryStorage();
  const ctx: FrameContext = {
    config: { appId: 'app', apiUrl: server, allowedOrigins: [] },
    api: new ServerApi({ apiUrl: server, appId: 'app', fetch }),
    deviceShares: new DeviceShares(() => storage, 'app'),
    authShares: new AuthShareCache(),
  };
  const dispatch = dispatcher(ctx);
  let counter = 0;
  const sign = (message: unknown, accessToken = 'token'): Promise<Reply> =>
    dispatch({ id: `id-${++counter}`, event: 'privy:user-signer:sign', data: { accessToken, message } });
  const lock = () => dispatch({ id: `id-${++counter}`, event: 'privy:wallets:lock', data: {} });
  return { paths, registered, sign, lock };
}

const signers = { additional_signers: [{ signer_id: 'quorum-1', override_policy_ids: ['policy-1'] }] };

const request = (overrides: Partial<SignedRequest> = {}): SignedRequest => ({
  method: 'PATCH',
  url: `${server}/api/v1/wallets/wallet-1`,
  body: signers,
  headers: { 'privy-app-id': 'app' },
  ...overrides,
});

const message = (r: SignedRequest) => toBase64(authorizationPayload(r));

/** The signature checks against the registered SPKI as the server checks it (DER, SHA-256). */
function verifies(spki: string, payload: Uint8Array, signature: string): boolean {
  const key = createPublicKey({ key: Buffer.from(fromBase64(spki)), format: 'der', type: 'spki' });
  return verify('sha256', payload, key, Buffer.from(fromBase64(signature)));
}

describe('privy:user-signer:sign', () => {
  it('signs a change of additional_signers with its registered session key (DER, verifiable)', async () => {
    const s = setup();
    const payload = authorizationPayload(request());
    const first = await s.sign(toBase64(payload));
    if (!('data' in first)) throw new Error(JSON.stringify(first));
    const { signature } = first.data as { signature: string };
    expect(s.registered).toHaveLength(1);
    expect(verifies(s.registered[0]!, payload, signature)).toBe(true);
    expect(
      verifies(
        s.registered[0]!,
        authorizationPayload(request({ body: { additional_signers: [] } })),
        signature,
      ),
    ).toBe(false);

    // The same session keeps its key; removing every signer is a change too.
    const removal = authorizationPayload(request({ body: { additional_signers: [] } }));
    const second = (await s.sign(toBase64(removal))) as { data: { signature: string } };
    expect(s.registered).toHaveLength(1);
    expect(verifies(s.registered[0]!, removal, second.data.signature)).toBe(true);

    // Another session (a new login) gets a key of its own.
    const third = (await s.sign(toBase64(payload), 'other-token')) as { data: { signature: string } };
    expect(s.registered).toHaveLength(2);
    expect(s.registered[1]).not.toBe(s.registered[0]);
    expect(verifies(s.registered[1]!, payload, third.data.signature)).toBe(true);
  });

  it('registers a new key once the last one expired, or after a lock', async () => {
    const s = setup(1_000);
    await s.sign(message(request()));
    await s.sign(message(request()));
    expect(s.registered).toHaveLength(2);
    const long = setup();
    await long.sign(message(request()));
    await long.lock();
    await long.sign(message(request()));
    expect(long.registered).toHaveLength(2);
  });

  it('refuses anything but a PATCH of a wallet’s additional_signers here, before any request', async () => {
    const s = setup();
    const canonical = new TextDecoder().decode(authorizationPayload(request()));
    for (const refused of [
      message(request({ method: 'POST' })),
      message(request({ url: `${server}/api/v1/wallets/wallet-1/rpc` })),
      message(request({ url: `${server}/api/v1/wallets/wallet-1/../../policies/p` })),
      message(request({ url: `https://evil.example.com/api/v1/wallets/wallet-1` })),
      message(request({ body: { ...signers, owner: { public_key: 'attacker' } } })),
      message(request({ body: { owner: { public_key: 'attacker' } } })),
      message(request({ body: { additional_signers: 'all' } })),
      message(request({ body: { method: 'personal_sign', params: {} } })),
      message(request({ headers: { 'privy-app-id': 'another-app' } })),
      message(request({ headers: { 'privy-app-id': 'app', 'privy-request-expiry': '1' } })),
      // Not the canonical form: what would be checked is not what is signed.
      toBase64(new TextEncoder().encode(canonical.replace('{', '{ '))),
      toBase64(new TextEncoder().encode('not json')),
      'not base64!',
      '',
      42,
    ]) {
      const reply = await s.sign(refused);
      expect('error' in reply && reply.error.type, String(refused)).toBe('invalid_request_arguments');
    }
    expect(s.paths).toEqual([]);
  });
});
