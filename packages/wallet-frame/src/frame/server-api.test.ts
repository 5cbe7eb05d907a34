import { describe, expect, it } from 'vitest';
import { dpopNonceMaxAgeMs, ServerApi } from './server-api.ts';

/** A JWS part, decoded without checking anything (the server checks; this reads what was sent). */
const part = (jws: string, index: 0 | 1): Record<string, unknown> =>
  JSON.parse(Buffer.from(jws.split('.')[index]!, 'base64url').toString('utf8'));
const decodeProtectedHeader = (jws: string) => part(jws, 0);
const decodeJwt = (jws: string) => part(jws, 1);

interface Sent {
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

/**
 * A server that answers each request with the next scripted `[status, body]` (then 200 `{}`), always
 * handing out the next DPoP nonce, and records what the frame sent.
 */
function scripted(
  script: [number, Record<string, unknown>][],
  options: { dpopNonce?: string; now?: () => number } = {},
) {
  const sent: Sent[] = [];
  let nonce = 0;
  const api = new ServerApi({
    apiUrl: 'https://auth.example.com/',
    appId: 'app',
    ...options,
    fetch: async (input, init) => {
      sent.push({
        path: new URL(String(input)).pathname,
        headers: new Headers(init?.headers),
        credentials: init?.credentials,
      });
      const [status, body] = script.shift() ?? [200, {}];
      return Response.json(body, { status, headers: { 'dpop-nonce': `n${++nonce}` } });
    },
  });
  return { api, sent };
}

const prefix = '/api/v1/embedded_wallets';

describe('ServerApi: device proofs', () => {
  it('proves the device on share requests: a DPoP JWS over this request, bound to the token', async () => {
    const { api, sent } = scripted([[200, { auth_share: 'AQ==', session_id: 's' }]]);
    expect(await api.authShare('token-1', '0xabc')).toEqual({ share: 'AQ==', sessionId: 's' });
    const [request] = sent;
    expect(request!.headers.get('authorization')).toBe('Bearer token-1');
    expect(request!.credentials).toBe('omit');
    const proof = request!.headers.get('dpop')!;
    expect(decodeProtectedHeader(proof)).toMatchObject({
      typ: 'dpop+jwt',
      alg: 'ES256',
      jwk: { kty: 'EC', crv: 'P-256' },
    });
    expect(decodeProtectedHeader(proof).jwk).not.toHaveProperty('d');
    const claims = decodeJwt(proof);
    expect(claims).toMatchObject({ htm: 'POST', htu: `https://auth.example.com${prefix}/frame/auth_share` });
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('token-1')));
    expect(claims.ath).toBe(Buffer.from(digest).toString('base64url'));
    expect(String(claims.jti)).toMatch(/^[\w-]{22}$/);
  });

  it('retries once with the nonce the server hands out, and uses the newest nonce after', async () => {
    const share = { auth_share: 'AQ==', session_id: 's' };
    const { api, sent } = scripted([
      [401, { code: 'use_dpop_nonce', error: 'A fresh device proof nonce is required.' }],
      [200, share],
      [200, share],
    ]);
    await api.authShare('t', '0xabc');
    await api.authShare('t', '0xabc');
    const nonces = sent.map((s) => decodeJwt(s.headers.get('dpop')!).nonce);
    expect(nonces).toEqual([undefined, 'n1', 'n2']);
  });

  it("the frame page's nonce goes in the first proof; one near its end is renewed by the session check first", async () => {
    let now = 0;
    const share = { auth_share: 'AQ==', session_id: 's' };
    const { api, sent } = scripted(
      [
        [200, share],
        [200, share],
        [200, { session_id: 's' }],
        [200, share],
      ],
      {
        dpopNonce: 'page',
        now: () => now,
      },
    );
    await api.authShare('t', '0xabc');
    now += dpopNonceMaxAgeMs;
    await api.authShare('t', '0xabc');
    now += dpopNonceMaxAgeMs + 1;
    await api.authShare('t', '0xabc');
    expect(sent.map((s) => s.path.replace(prefix, ''))).toEqual([
      '/frame/auth_share',
      '/frame/auth_share',
      '/frame/session',
      '/frame/auth_share',
    ]);
    expect(sent.map((s) => (s.headers.has('dpop') ? decodeJwt(s.headers.get('dpop')!).nonce : null))).toEqual(
      ['page', 'n1', null, 'n3'],
    );
  });

  it("asks for a key-proof nonce only once this device is enrolled (a new user's first wallet meets no refusal)", async () => {
    const { api, sent } = scripted([
      [200, {}],
      [200, { nonce: 'k', app_id: 'app', user_id: 'did:privy:u' }],
    ]);
    expect(await api.nonce('t')).toEqual({ nonce: 'k', app_id: 'app', user_id: 'did:privy:u' });
    expect(sent.map((s) => s.path)).toEqual([`${prefix}/frame/devices`, `${prefix}/frame/nonce`]);
  });

  it('an unknown device enrolls itself and sends the request again', async () => {
    const { api, sent } = scripted([
      [403, { code: 'device_revoked' }],
      [200, {}],
      [200, { auth_share: 'AQ==', session_id: 's' }],
    ]);
    await api.authShare('t', '0xabc');
    expect(sent.map((s) => s.path)).toEqual([
      `${prefix}/frame/auth_share`,
      `${prefix}/frame/devices`,
      `${prefix}/frame/auth_share`,
    ]);
    // One device: the same key signs all three proofs.
    const keys = sent.map((s) => JSON.stringify(decodeProtectedHeader(s.headers.get('dpop')!).jwk));
    expect(new Set(keys).size).toBe(1);
  });

  it('a login too old to enroll this device says to log in again', async () => {
    const { api } = scripted([
      [403, { code: 'device_revoked' }],
      [403, { code: 'recent_authentication_required' }],
    ]);
    await expect(api.authShare('t', '0xabc')).rejects.toMatchObject({
      type: 'error',
      message: 'Log in again to use your wallet on this device.',
    });
  });

  it('a refused password is invalid_recovery_pin; a 429 keeps "code 429" in the message', async () => {
    const wrong = scripted([[403, { code: 'invalid_recovery_password' }]]);
    await expect(wrong.api.recoveryShare('t', '0xabc', 'v')).rejects.toMatchObject({
      type: 'invalid_recovery_pin',
    });
    const limited = scripted([[429, { code: 'too_many_requests', error: 'Too many requests.' }]]);
    await expect(limited.api.recoveryShare('t', '0xabc', 'v')).rejects.toThrow(/code 429/);
  });

  it('without a token (cookie mode) it sends the cookies, no Authorization and no ath', async () => {
    const { api, sent } = scripted([
      [200, { session_id: 's' }],
      [200, { auth_share: 'AQ==', session_id: 's' }],
    ]);
    await api.session(null);
    await api.authShare(null, '0xabc');
    for (const request of sent) {
      expect(request.credentials).toBe('include');
      expect(request.headers.has('authorization')).toBe(false);
    }
    // The session check releases nothing: no proof; the share request has one, without ath.
    expect(sent[0]!.headers.has('dpop')).toBe(false);
    expect(decodeJwt(sent[1]!.headers.get('dpop')!)).not.toHaveProperty('ath');
  });
});

describe('ServerApi: the session event stream', () => {
  it('opens it with a POST carrying the token (no proof, no cookie) and hands back the stream', async () => {
    const sent: {
      method?: string | undefined;
      headers: Headers;
      credentials?: RequestCredentials | undefined;
    }[] = [];
    const api = new ServerApi({
      apiUrl: 'https://auth.example.com',
      appId: 'app',
      fetch: async (input, init) => {
        expect(new URL(String(input)).pathname).toBe(`${prefix}/frame/session/events`);
        sent.push({
          method: init?.method,
          headers: new Headers(init?.headers),
          credentials: init?.credentials,
        });
        return new Response('event: live\ndata: {"session_id":"s"}\n\n', {
          headers: { 'content-type': 'text/event-stream' },
        });
      },
    });
    const body = await api.sessionEvents('token-1', new AbortController().signal);
    expect(await new Response(body).text()).toBe('event: live\ndata: {"session_id":"s"}\n\n');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(sent[0]!.headers.get('privy-app-id')).toBe('app');
    expect(sent[0]!.headers.get('dpop')).toBeNull();
    expect(sent[0]!.credentials).toBe('omit');
  });

  it('rejects a refusal or a reply that is not a stream', async () => {
    const { api } = scripted([
      [401, { code: 'missing_or_invalid_token' }],
      [200, {}],
    ]);
    await expect(api.sessionEvents('t', new AbortController().signal)).rejects.toThrow(/status 401/);
    await expect(api.sessionEvents('t', new AbortController().signal)).rejects.toThrow(/status 200/);
  });
});
