import { createOtpLoginFlow } from '@latchkey/core/flows/headless';
import { limits } from '@latchkey/protocol';
import { startTestServer, type TestServer, testClient, testOrigin } from '@latchkey/test/client';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkAccountEvent, LoginCompleteEvent } from '../callbacks.ts';
import { createLatchkeyEvents } from '../events.ts';
import {
  otpLoginActions,
  privyErrorCodeOf,
  siweLinkActions,
  siweLoginActions,
  siwsActions,
} from './headlessLogin.ts';

// The hooks' logic (headlessLogin.ts) with a real client against the test server; the hooks only
// add React state around it. The page the signed messages name:
const page = new URL(testOrigin);
Object.defineProperty(globalThis, 'location', { configurable: true, value: page });

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(async () => {
  delete (globalThis as { location?: unknown }).location;
  await t.close();
});

/** A ready client, the provider's event hub with what `useLogin`/`useLinkAccount` would hear, and the hook's callbacks' record. */
async function setup(patch: Record<string, unknown>) {
  const { app, client: server } = await t.createApp(patch);
  const { client } = testClient(t, app.id);
  await client.initialize();
  const events = createLatchkeyEvents();
  const heard: string[] = [];
  events.on('loginError', (code) => heard.push(`loginError:${code}`));
  events.on('loginComplete', () => heard.push('loginComplete'));
  events.on('linkError', (code) => heard.push(`linkError:${code}`));
  events.on('linkSuccess', (e) => heard.push(`linkSuccess:${e.linkMethod}`));
  const calls: unknown[][] = [];
  const completed: LoginCompleteEvent[] = [];
  const linked: LinkAccountEvent[] = [];
  const callbacks = {
    current: {
      onComplete: (e: LoginCompleteEvent) => completed.push(e),
      onSuccess: (e: LinkAccountEvent) => linked.push(e),
      onError: (...args: unknown[]) => calls.push(args),
    },
  };
  const states: { status: string; error?: Error | null }[] = [];
  const setState = (s: { status: string; error?: Error | null }) => states.push(s);
  return { client, server, events, heard, calls, completed, linked, callbacks, states, setState };
}

describe('useLoginWithEmail / useLoginWithSms', () => {
  it('logs in: states, onComplete with the incumbent’s event, no global onComplete (as the incumbent)', async () => {
    const s = await setup({ email_auth: true });
    const email = otpLoginActions(s, 'email', s.callbacks, createOtpLoginFlow(s.client, 'email', s.setState));
    await email.sendCode('alice@example.com');
    await email.loginWithCode({ code: s.server.lastCode('alice@example.com') });
    expect(s.states.map((x) => x.status)).toEqual([
      'sending-code',
      'awaiting-code-input',
      'submitting-code',
      'done',
    ]);
    expect(s.completed).toHaveLength(1);
    expect(s.completed[0]).toMatchObject({
      isNewUser: true,
      wasAlreadyAuthenticated: false,
      loginMethod: 'email',
      loginAccount: { type: 'email', address: 'alice@example.com' },
      user: { email: { address: 'alice@example.com' } },
    });
    expect(s.calls).toEqual([]);
    expect(s.heard).toEqual([]);
  });

  it('a wrong code: state error with the Error, onError(invalid_credentials), useLogin hears it, rejects; capped', async () => {
    const s = await setup({ sms_auth: true });
    const sms = otpLoginActions(s, 'sms', s.callbacks, createOtpLoginFlow(s.client, 'sms', s.setState));
    await sms.sendCode('+1 555 555 0142');
    for (let i = 0; i < limits.verificationCodeMaxAttempts; i++) {
      await expect(sms.loginWithCode({ code: '000000' })).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
    }
    const last = s.states.at(-1);
    expect(last?.status).toBe('error');
    expect(last?.error).toBeInstanceOf(Error);
    expect(s.calls.at(-1)).toEqual(['invalid_credentials']);
    expect(s.heard.at(-1)).toBe('loginError:invalid_credentials');
    // Past the cap even the right code is refused until the window ends.
    await expect(sms.loginWithCode({ code: s.server.lastCode('+15555550142') })).rejects.toMatchObject({
      code: 'too_many_requests',
    });
    expect(s.calls.at(-1)).toEqual(['too_many_requests']);
    expect(s.completed).toEqual([]);
  });

  it('out of order: the incumbent’s messages, onError(unknown_auth_error), not told to useLogin', async () => {
    const s = await setup({ email_auth: true });
    const email = otpLoginActions(s, 'email', s.callbacks, createOtpLoginFlow(s.client, 'email', s.setState));
    await expect(email.loginWithCode({ code: '123456' })).rejects.toThrow(
      'Must initialize a passwordless code flow first',
    );
    expect(s.states.map((x) => x.status)).toEqual(['submitting-code', 'error']);
    await expect(email.sendCode('')).rejects.toThrow('Email required to send OTP code');
    await expect(
      otpLoginActions(s, 'sms', s.callbacks, createOtpLoginFlow(s.client, 'sms', s.setState)).sendCode(''),
    ).rejects.toThrow('SMS required to send OTP code');
    expect(s.calls).toEqual([['unknown_auth_error'], ['unknown_auth_error'], ['unknown_auth_error']]);
    expect(s.heard).toEqual([]);
  });

  it('sendCode refused by the server (method off): onError with the server’s code, and useLogin hears it', async () => {
    const s = await setup({ email_auth: false });
    const email = otpLoginActions(s, 'email', s.callbacks, createOtpLoginFlow(s.client, 'email', s.setState));
    await expect(email.sendCode('bob@example.com')).rejects.toMatchObject({
      code: 'disallowed_login_method',
    });
    expect(s.states.map((x) => x.status)).toEqual(['sending-code', 'error']);
    expect(s.calls).toEqual([['disallowed_login_method']]);
    expect(s.heard).toEqual(['loginError:disallowed_login_method']);
  });

  it('disableSignup refuses an unknown user; logged in, a login is refused (a code not in PrivyErrorCode → unknown_auth_error)', async () => {
    const s = await setup({ email_auth: true });
    const email = otpLoginActions(s, 'email', s.callbacks, createOtpLoginFlow(s.client, 'email', s.setState));
    await email.sendCode('carol@example.com', true);
    await expect(email.loginWithCode({ code: s.server.lastCode('carol@example.com') })).rejects.toMatchObject(
      {
        code: 'user_does_not_exist',
      },
    );
    expect(s.calls.at(-1)).toEqual(['user_does_not_exist']);
    await email.sendCode('carol@example.com');
    await email.loginWithCode({ code: s.server.lastCode('carol@example.com') });
    await email.sendCode('carol@example.com');
    await expect(email.loginWithCode({ code: s.server.lastCode('carol@example.com') })).rejects.toMatchObject(
      {
        code: 'already_logged_in',
      },
    );
    expect(s.calls.at(-1)).toEqual(['unknown_auth_error']);
  });
});

describe('useLoginWithSiwe / useLinkWithSiwe', () => {
  it('logs in with the app’s own signature, then links a second wallet (onSuccess and useLinkAccount hear it)', async () => {
    const s = await setup({ wallet_auth: true });
    const login = siweLoginActions(s, s.callbacks, s.setState);
    const account = privateKeyToAccount(generatePrivateKey());
    const message = await login.generateSiweMessage({ address: account.address, chainId: 'eip155:1' });
    expect(message).toContain(`${page.host} wants you to sign in with your Ethereum account:`);
    expect(message).toContain(`URI: ${page.origin}`);
    const user = await login.loginWithSiwe({ message, signature: await account.signMessage({ message }) });
    expect(user.wallet?.address).toBe(account.address);
    expect(s.states.map((x) => x.status)).toEqual([
      'generating-message',
      'awaiting-signature',
      'submitting-signature',
      'done',
    ]);
    expect(s.completed[0]).toMatchObject({ loginMethod: 'siwe', loginAccount: { address: account.address } });
    await expect(login.loginWithSiwe({ message, signature: '0x00' })).rejects.toThrow(
      'User already authenticated',
    );
    expect(s.calls.at(-1)).toEqual(['unknown_auth_error']);

    const link = siweLinkActions(s, s.callbacks, s.setState);
    const second = privateKeyToAccount(generatePrivateKey());
    const linkMessage = await link.generateSiweMessage({ address: second.address, chainId: 'eip155:8453' });
    await link.linkWithSiwe({
      message: linkMessage,
      signature: await second.signMessage({ message: linkMessage }),
      chainId: 'eip155:8453',
    });
    expect(s.linked[0]).toMatchObject({ linkMethod: 'siwe', linkedAccount: { address: second.address } });
    expect(s.heard).toEqual(['loginError:unknown_auth_error', 'linkSuccess:siwe']);
  });

  it('refusals: another signer, a replayed nonce; onError with linkMethod for links', async () => {
    const s = await setup({ wallet_auth: true });
    const login = siweLoginActions(s, s.callbacks, s.setState);
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const message = await login.generateSiweMessage({ address: account.address, chainId: 'eip155:1' });
    await expect(
      login.loginWithSiwe({ message, signature: await other.signMessage({ message }) }),
    ).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(s.states.at(-1)?.status).toBe('error');
    expect(s.calls.at(-1)).toEqual(['invalid_credentials']);
    expect(s.heard.at(-1)).toBe('loginError:invalid_credentials');
    // The right signer logs in; the same message again, after logging out, is a replay.
    const signature = await account.signMessage({ message });
    await login.loginWithSiwe({ message, signature });
    await s.client.logout();
    await expect(login.loginWithSiwe({ message, signature })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    // A missing chain: the incumbent's message, told only to the hook.
    await expect(
      login.generateSiweMessage({ address: account.address, chainId: '' as never }),
    ).rejects.toThrow('wallet address and chainId required to generate nonce');
    expect(s.heard).toHaveLength(2);
    expect(s.completed).toHaveLength(1);
    expect(await login.generateSiweNonce({ address: account.address })).toMatch(/\w{8,}/);

    // A link while logged out.
    const link = siweLinkActions(s, s.callbacks, s.setState);
    const linkMessage = await link.generateSiweMessage({ address: account.address, chainId: '1' });
    await expect(
      link.linkWithSiwe({
        message: linkMessage,
        signature: await account.signMessage({ message: linkMessage }),
        chainId: '1',
      }),
    ).rejects.toMatchObject({ code: 'must_be_authenticated' });
    expect(s.calls.at(-1)).toEqual(['must_be_authenticated', { linkMethod: 'siwe' }]);
    expect(s.heard.at(-1)).toBe('linkError:must_be_authenticated');
    expect(s.linked).toEqual([]);
  });
});

describe('useLoginWithSiws / useLinkWithSiws', () => {
  it('logs in and links with ed25519 signatures; refuses another signer; no callbacks or events', async () => {
    const s = await setup({ solana_wallet_auth: true });
    const siws = siwsActions(s);
    const key = () => {
      const secret = ed25519.utils.randomSecretKey();
      return {
        address: base58.encode(ed25519.getPublicKey(secret)),
        sign: (m: string) => base64.encode(ed25519.sign(new TextEncoder().encode(m), secret)),
      };
    };
    const first = key();
    const message = await siws.generateSiwsMessage({ address: first.address });
    await expect(siws.loginWithSiws({ message, signature: key().sign(message) })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    const fresh = await siws.generateSiwsMessage({ address: first.address });
    const user = await siws.loginWithSiws({ message: fresh, signature: first.sign(fresh) });
    expect(user.wallet).toMatchObject({ address: first.address, chainType: 'solana' });
    await expect(siws.loginWithSiws({ message: fresh, signature: first.sign(fresh) })).rejects.toThrow(
      'User already authenticated',
    );
    const second = key();
    const linkMessage = await siws.generateSiwsMessage({ address: second.address });
    const linked = await siws.linkWithSiws({ message: linkMessage, signature: second.sign(linkMessage) });
    expect(linked.linkedAccount).toMatchObject({ type: 'wallet', address: second.address });
    await s.client.logout();
    await expect(
      siws.linkWithSiws({ message: linkMessage, signature: second.sign(linkMessage) }),
    ).rejects.toThrow('User must be authenticated before linking');
    expect(s.heard).toEqual([]);
  });
});

describe('privyErrorCodeOf', () => {
  it('keeps the incumbent’s codes, else the fallback', () => {
    expect(privyErrorCodeOf({ code: 'invalid_credentials' })).toBe('invalid_credentials');
    expect(privyErrorCodeOf({ code: 'already_logged_in' })).toBe('unknown_auth_error');
    expect(privyErrorCodeOf(new Error('x'))).toBe('unknown_auth_error');
    expect(privyErrorCodeOf(null)).toBe('unknown_auth_error');
  });
});
