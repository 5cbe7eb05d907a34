import { describe, expect, it } from 'vitest';
import { AuthShareCache } from '../auth-shares.ts';
import { DeviceShares } from '../device-share.ts';
import { dispatcher } from '../messages.ts';
import { memoryStorage } from '../page-storage.ts';
import { ServerApi } from '../server-api.ts';
import { mfaCredential } from './mfa-fields.ts';
import { MfaToken } from './mfa-token.ts';
import { borrowMfaToken, lendMfaToken, type OpenChannel, type TokenChannel } from './token-channel.ts';

/*
 * The frame's side of MFA at the HTTP boundary: what it sends and how it reads the server's answers,
 * against a scripted server (the routes themselves are exercised against the real server in
 * packages/test's frame tests and e2e/mfa.test.ts).
 */

interface Sent {
  path: string;
  headers: Headers;
  body: Record<string, unknown>;
}

function scripted(script: [number, Record<string, unknown>][], now = () => Date.now()) {
  const sent: Sent[] = [];
  const api = new ServerApi({
    apiUrl: 'https://auth.example.com',
    appId: 'app',
    now,
    fetch: async (input, init) => {
      sent.push({
        path: new URL(String(input)).pathname,
        headers: new Headers(init?.headers),
        body: JSON.parse(String(init?.body ?? '{}')),
      });
      const [status, body] = script.shift() ?? [200, {}];
      return Response.json(body, { status });
    },
  });
  return { api, sent };
}

function frame(script: [number, Record<string, unknown>][]) {
  const { api, sent } = scripted(script);
  const storage = memoryStorage();
  const dispatch = dispatcher({
    config: { appId: 'app', apiUrl: 'https://auth.example.com', allowedOrigins: [] },
    api,
    deviceShares: new DeviceShares(() => storage, 'app'),
    authShares: new AuthShareCache(),
  });
  let id = 0;
  const send = (event: string, data: Record<string, unknown>) =>
    dispatch({ id: ++id, event, data: { accessToken: 't', ...data } });
  return { api, sent, send };
}

const assertion = {
  id: 'cred',
  raw_id: 'cred',
  type: 'public-key',
  client_extension_results: {},
  response: { client_data_json: 'cdj', authenticator_data: 'ad', signature: 'sig' },
};

describe('MFA fields', () => {
  it('reads a code for sms and totp (spaces stripped), an assertion for passkey, none when absent or null', () => {
    expect(mfaCredential({})).toBeNull();
    expect(mfaCredential({ mfaMethod: null, mfaCode: null, relyingParty: 'https://a.test' })).toBeNull();
    expect(mfaCredential({ mfaMethod: 'totp', mfaCode: '123 456' })).toEqual({
      method: 'totp',
      code: '123456',
    });
    expect(
      mfaCredential({ mfaMethod: 'passkey', mfaCode: assertion, relyingParty: 'https://a.test' }),
    ).toEqual({
      method: 'passkey',
      assertion,
      relyingParty: 'https://a.test',
    });
  });

  it('refuses a method without a code, a code that is not 6 digits, and a malformed assertion', () => {
    for (const data of [
      { mfaMethod: 'sms' },
      { mfaCode: '123456' },
      { mfaMethod: 'email', mfaCode: '123456' },
      { mfaMethod: 'totp', mfaCode: '12345' },
      { mfaMethod: 'totp', mfaCode: '12345a' },
      { mfaMethod: 'totp', mfaCode: 123456 },
      { mfaMethod: 'passkey', mfaCode: '123456' },
      { mfaMethod: 'passkey', mfaCode: { ...assertion, type: 'other' } },
      { mfaMethod: 'passkey', mfaCode: { ...assertion, response: {} } },
      { mfaMethod: 'passkey', mfaCode: assertion, relyingParty: 42 },
    ]) {
      expect(() => mfaCredential(data), JSON.stringify(data)).toThrow(
        expect.objectContaining({ type: 'invalid_request_arguments' }),
      );
    }
  });
});

describe('the MFA token', () => {
  it('lives for the time it was given, then is gone', () => {
    let now = 1_000;
    const token = new MfaToken(() => now);
    token.hold('mfa-1', 300_000);
    expect(token.current()).toBe('mfa-1');
    expect(token.remainingMs()).toBe(300_000);
    now += 299_999;
    expect(token.current()).toBe('mfa-1');
    now += 1;
    expect(token.current()).toBeNull();
    expect(token.remainingMs()).toBe(0);
  });
});

describe('ServerApi: MFA', () => {
  it('verifies a code with its method route, holds the token and sends it on later requests only to the server', async () => {
    const { api, sent } = scripted([
      [200, { token: 'mfa-token-1' }],
      [200, { session_id: 's' }],
    ]);
    await api.verifyMfa('t', { method: 'totp', code: '123456' });
    await api.session('t');
    expect(sent.map((s) => s.path)).toEqual([
      '/api/v1/mfa/totp/verify',
      '/api/v1/embedded_wallets/frame/session',
    ]);
    expect(sent[0]!.body).toEqual({ code: '123456' });
    expect(sent[0]!.headers.has('dpop')).toBe(false);
    expect(sent[1]!.headers.get('latchkey-mfa-token')).toBe('mfa-token-1');
    expect(api.mfaToken.current()).toBe('mfa-token-1');
  });

  it('sends sms codes and passkey assertions to their own verify routes', async () => {
    const { api, sent } = scripted([
      [200, { token: 'a' }],
      [200, { token: 'b' }],
    ]);
    await api.verifyMfa('t', { method: 'sms', code: '000111' });
    await api.verifyMfa('t', {
      method: 'passkey',
      assertion: assertion as never,
      relyingParty: 'https://a.test',
    });
    expect(sent.map((s) => s.path)).toEqual([
      '/api/v1/mfa/passwordless_sms/verify',
      '/api/v1/mfa/passkeys/verify',
    ]);
    expect(sent[1]!.body).toEqual({ authenticator_response: assertion, relying_party: 'https://a.test' });
  });

  it('a refused code is missing_or_invalid_mfa (the host asks again); a 429 or an outage is not', async () => {
    const wrong = scripted([[401, { code: 'invalid_credentials', error: 'Invalid code.' }]]);
    await expect(wrong.api.verifyMfa('t', { method: 'totp', code: '123456' })).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
      message: 'MFA verification failed, retry.',
    });
    expect(wrong.api.mfaToken.current()).toBeNull();
    const limited = scripted([[429, { code: 'too_many_requests' }]]);
    await expect(limited.api.verifyMfa('t', { method: 'totp', code: '123456' })).rejects.toMatchObject({
      type: 'error',
      message: expect.stringMatching(/code 429/),
    });
    const down = scripted([[503, { code: 'unavailable' }]]);
    await expect(down.api.verifyMfa('t', { method: 'totp', code: '123456' })).rejects.toMatchObject({
      type: 'error',
    });
  });

  it('a refusal for MFA is missing_or_invalid_mfa', async () => {
    const { api } = scripted([
      [403, { code: 'missing_or_invalid_mfa', error: 'Missing or invalid MFA token.' }],
    ]);
    await expect(api.authShare('t', '0xabc')).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' });
  });

  it('drops a token the server no longer takes and asks once more without it', async () => {
    const { api, sent } = scripted([
      [200, { token: 'stale' }],
      [403, { code: 'expired_or_invalid_mfa_token' }],
      [403, { code: 'missing_or_invalid_mfa' }],
    ]);
    await api.verifyMfa('t', { method: 'totp', code: '123456' });
    await expect(api.session('t')).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' });
    expect(sent.slice(1).map((s) => s.headers.get('latchkey-mfa-token'))).toEqual(['stale', null]);
    expect(api.mfaToken.current()).toBeNull();
  });

  it('stops sending a token once its lifetime is over', async () => {
    let now = 0;
    const { api, sent } = scripted(
      [
        [200, { token: 'short' }],
        [200, { session_id: 's' }],
      ],
      () => now,
    );
    await api.verifyMfa('t', { method: 'totp', code: '123456' });
    now = 300_000;
    await api.session('t');
    expect(sent[1]!.headers.has('latchkey-mfa-token')).toBe(false);
  });
});

describe('the frame dispatcher: MFA', () => {
  it('verifies the MFA fields before the operation, so the operation carries the fresh token', async () => {
    const { send, sent } = frame([
      [200, { token: 'fresh' }],
      [200, { totpSecret: 'S', totpAuthUrl: 'otpauth://totp/x' }],
    ]);
    const reply = await send('privy:mfa:init-enrollment', {
      method: 'totp',
      mfaMethod: 'totp',
      mfaCode: '654321',
    });
    expect(reply).toMatchObject({ data: { method: 'totp', secret: 'S', authUrl: 'otpauth://totp/x' } });
    expect(sent.map((s) => s.path)).toEqual(['/api/v1/mfa/totp/verify', '/api/v1/mfa/totp/init']);
    expect(sent[1]!.headers.get('latchkey-mfa-token')).toBe('fresh');
  });

  it('a wrong code fails the request before the operation is tried', async () => {
    const { send, sent } = frame([[400, { code: 'invalid_credentials' }]]);
    const reply = await send('privy:mfa:unenroll', { method: 'sms', mfaMethod: 'sms', mfaCode: '111111' });
    expect(reply).toMatchObject({
      error: { type: 'missing_or_invalid_mfa', message: 'MFA verification failed, retry.' },
    });
    expect(sent.map((s) => s.path)).toEqual(['/api/v1/mfa/passwordless_sms/verify']);
  });

  it('privy:mfa:verify answers {} once a token is held; without one, what the server MFA gate says', async () => {
    // A user with a factor and no token: the session check answers missing_or_invalid_mfa.
    const { send, sent } = frame([
      [401, { code: 'missing_or_invalid_mfa', error: 'Missing or invalid MFA token.' }],
      [200, { token: 'ok' }],
    ]);
    expect(await send('privy:mfa:verify', {})).toMatchObject({ error: { type: 'missing_or_invalid_mfa' } });
    expect(sent.map((s) => s.path)).toEqual(['/api/v1/embedded_wallets/frame/session']);
    expect(await send('privy:mfa:verify', { mfaMethod: 'totp', mfaCode: '123456' })).toMatchObject({
      data: {},
    });
    // Held: answered here, no request.
    expect(await send('privy:mfa:verify', {})).toMatchObject({ data: {} });
    expect(sent).toHaveLength(2);
  });

  it('privy:mfa:verify answers {} for a user with no factor (the gate lets the session check pass)', async () => {
    const { send, sent, api } = frame([[200, { session_id: 's' }]]);
    expect(await send('privy:mfa:verify', {})).toMatchObject({ data: {} });
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer t');
    expect(api.mfaToken.current()).toBeNull();
  });

  it('privy:mfa:verify passes on any other refusal of the session (an expired token stays an error)', async () => {
    const { send } = frame([[401, { code: 'missing_or_invalid_token', error: 'Invalid token.' }]]);
    const reply = await send('privy:mfa:verify', {});
    expect(reply).toHaveProperty('error');
    expect(reply).not.toHaveProperty('data');
  });

  it('privy:mfa:clear drops the token, with no access token and whatever MFA fields', async () => {
    const { api, send, sent } = frame([[200, { token: 'ok' }]]);
    await send('privy:mfa:verify', { mfaMethod: 'totp', mfaCode: '123456' });
    const reply = await send('privy:mfa:clear', {
      accessToken: undefined,
      userId: 'did:privy:u',
      mfaMethod: 'totp',
      mfaCode: '1',
    });
    expect(reply).toMatchObject({ data: {} });
    expect(api.mfaToken.current()).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('sends enrolment and removal to their routes, with the bodies WIRE.md §3.7 names', async () => {
    const { send, sent } = frame([]);
    await send('privy:mfa:init-enrollment', { method: 'sms', phoneNumber: '+1 555 0100' });
    await send('privy:mfa:submit-enrollment', { method: 'sms', phoneNumber: '+1 555 0100', code: '123456' });
    await send('privy:mfa:submit-enrollment', { method: 'totp', code: '123 456' });
    await send('privy:mfa:submit-enrollment', {
      method: 'passkey',
      credentialIds: ['abc_-1'],
      removeForLogin: false,
    });
    await send('privy:mfa:unenroll', { method: 'totp' });
    await send('privy:mfa:unenroll', { method: 'passkey' });
    await send('privy:auth:unlink-passkey', { credentialId: 'abc_-1', removeAsMfa: true });
    expect(sent.map((s) => [s.path.replace('/api/v1/', ''), s.body])).toEqual([
      ['mfa/passwordless_sms/init', { action: 'enroll', phoneNumber: '+1 555 0100' }],
      ['mfa/passwordless_sms/enroll', { phoneNumber: '+1 555 0100', code: '123456' }],
      ['mfa/totp/enroll', { code: '123456' }],
      ['mfa/passkeys/enrollment', { credential_ids: ['abc_-1'], remove_for_login: false }],
      ['mfa/totp/unenroll', {}],
      ['mfa/passkeys/enrollment', { credential_ids: [] }],
      ['passkeys/unlink', { credential_id: 'abc_-1', remove_as_mfa: true }],
    ]);
  });

  it('an enrolment code the server refuses is the request’s fault: invalid_request_arguments, not MFA', async () => {
    const { send } = frame([
      [401, { code: 'invalid_credentials', error: 'Invalid or expired verification code.' }],
    ]);
    expect(await send('privy:mfa:submit-enrollment', { method: 'totp', code: '000000' })).toMatchObject({
      error: { type: 'invalid_request_arguments', message: 'The code you entered is not valid' },
    });
  });

  it('refuses malformed enrolment requests without a server round trip', async () => {
    const { send, sent } = frame([]);
    for (const data of [
      { method: 'email' },
      { method: 'sms' },
      { method: 'sms', phoneNumber: 42 },
      { method: 'totp', code: 'abcdef' },
      { method: 'passkey', credentialIds: 'abc' },
      { method: 'passkey', credentialIds: ['a b'] },
      { method: 'passkey', credentialIds: [], removeForLogin: 'yes' },
    ]) {
      const event =
        'credentialIds' in data || data.method === 'totp'
          ? 'privy:mfa:submit-enrollment'
          : 'privy:mfa:init-enrollment';
      expect(await send(event, data), JSON.stringify(data)).toMatchObject({
        error: { type: 'invalid_request_arguments' },
      });
    }
    expect(await send('privy:auth:unlink-passkey', { credentialId: '../x' })).toMatchObject({
      error: { type: 'invalid_request_arguments' },
    });
    expect(sent).toHaveLength(0);
  });
});

/** Two pages of the frame origin on one BroadcastChannel name: what one posts, the others hear. */
function channelPair(): OpenChannel {
  const members = new Map<string, Set<{ deliver(data: unknown): void }>>();
  return (name) => {
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const self = {
      deliver: (data: unknown) => {
        for (const listener of listeners) listener({ data: structuredClone(data) });
      },
    };
    const set = members.get(name) ?? new Set();
    members.set(name, set);
    set.add(self);
    const channel: TokenChannel = {
      postMessage: (message) => {
        for (const member of set) if (member !== self) queueMicrotask(() => member.deliver(message));
      },
      addEventListener: (_type, listener) => listeners.push(listener),
      close: () => set.delete(self),
    };
    return channel;
  };
}

describe('the MFA token between the frame pages', () => {
  it('the export frame borrows the hidden frame’s token for what it has left to live', async () => {
    const open = channelPair();
    let now = 0;
    const held = new MfaToken(() => now);
    held.hold('mfa-1', 300_000);
    now = 100_000;
    lendMfaToken(held, 'app', open);
    const borrowed = new MfaToken(() => now);
    await borrowMfaToken(borrowed, 'app', open);
    expect(borrowed.current()).toBe('mfa-1');
    expect(borrowed.remainingMs()).toBe(200_000);
  });

  it('gets nothing from another app’s frame, or from a frame holding none', async () => {
    const open = channelPair();
    const other = new MfaToken();
    other.hold('other-app');
    lendMfaToken(other, 'other', open);
    lendMfaToken(new MfaToken(), 'app', open);
    const borrowed = new MfaToken();
    await borrowMfaToken(borrowed, 'app', open, 20);
    expect(borrowed.current()).toBeNull();
  });
});
