import type { FarcasterStatus } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { LatchkeyClientError } from '../errors.ts';
import type { FlowContext } from './context.ts';
import {
  farcasterTimings,
  fidOfMessage,
  initFarcasterChannel,
  initFarcasterMiniApp,
  loginWithFarcaster,
  loginWithFarcasterMiniApp,
  transferFarcaster,
  unlinkFarcaster,
  watchFarcasterChannel,
} from './farcaster.ts';

const completed: FarcasterStatus = {
  state: 'completed',
  nonce: 'n0nce123',
  message: 'app.example.com wants you to sign in with your Ethereum account:\n0xabc',
  signature: `0x${'ab'.repeat(65)}`,
  fid: 262426,
  username: 'alice',
  display_name: 'Alice',
  bio: '',
  pfp_url: '',
};

/** A flow context whose server answers the channel's reads from `statuses`, recording every call. */
function world(statuses: FarcasterStatus[], loggedIn = false) {
  const calls: { path: string; body: unknown; options: unknown }[] = [];
  let clock = 0;
  const ctx = {
    appId: 'app',
    session: {
      user: loggedIn ? { id: 'did:privy:u' } : null,
      applyAuthResponse: async (response: { user: unknown }) => response.user,
    },
    http: {
      call: async (route: { path: string }, body: unknown, options: unknown) => {
        calls.push({ path: route.path, body, options });
        if (route.path === '/api/v2/farcaster/init')
          return { nonce: 'v2nonce99', expires_at: '2026-12-07T01:00:00.000Z' };
        if (route.path.endsWith('/init'))
          return { channel_token: 'CH4NNEL2', connect_uri: 'https://fc/~/siwf?c=1' };
        if (route.path.endsWith('/status')) return statuses.length > 1 ? statuses.shift() : statuses[0];
        return { user: { id: 'did:privy:new' }, is_new_user: true };
      },
    },
  } as unknown as FlowContext;
  const waited: number[] = [];
  const wait = async (ms: number) => {
    waited.push(ms);
    clock += ms;
  };
  return { ctx, calls, waited, wait, now: () => clock };
}

const pending: FarcasterStatus = { state: 'pending', nonce: 'n0nce123' };

describe('Sign in with Farcaster, the client side', () => {
  it('opens a channel without a session token, the captcha token and return address in the body', async () => {
    const w = world([pending]);
    expect(
      await initFarcasterChannel(w.ctx, { redirectUrl: 'https://app.example.com/', captchaToken: 't' }),
    ).toEqual({ channelToken: 'CH4NNEL2', connectUri: 'https://fc/~/siwf?c=1' });
    expect(w.calls).toEqual([
      {
        path: '/api/v1/farcaster/init',
        body: { token: 't', redirect_url: 'https://app.example.com/', relying_party: undefined },
        options: { token: null },
      },
    ]);
  });

  it('reads the channel every 2 s, its token in its own header, until the user signed', async () => {
    const w = world([pending, pending, completed]);
    const signIn = await watchFarcasterChannel(w.ctx, {
      channelToken: 'CH4NNEL2',
      wait: w.wait,
      active: () => true,
      now: w.now,
    });
    expect(signIn).toEqual({
      channelToken: 'CH4NNEL2',
      message: completed.state === 'completed' ? completed.message : '',
      signature: `0x${'ab'.repeat(65)}`,
      fid: 262426,
    });
    expect(w.waited).toEqual([2000, 2000]);
    expect(w.calls.map((call) => call.options)).toEqual(
      Array(3).fill({ token: null, headers: { 'farcaster-channel-token': 'CH4NNEL2' } }),
    );
  });

  it('gives up after 120 s with farcaster_polling_timeout, and stops at once when no longer active', async () => {
    const w = world([pending]);
    const timeout = await watchFarcasterChannel(w.ctx, {
      channelToken: 'CH4NNEL2',
      wait: w.wait,
      active: () => true,
      now: w.now,
    }).catch((error: unknown) => error);
    expect(timeout).toBeInstanceOf(LatchkeyClientError);
    expect((timeout as LatchkeyClientError).code).toBe('farcaster_polling_timeout');
    expect(w.now()).toBeLessThanOrEqual(farcasterTimings.timeoutMs);
    // A read at once, then one every 2 s up to the 120th second.
    expect(w.calls).toHaveLength(farcasterTimings.timeoutMs / farcasterTimings.pollMs + 1);

    let active = true;
    const stopped = world([pending]);
    const watch = watchFarcasterChannel(stopped.ctx, {
      channelToken: 'CH4NNEL2',
      wait: async (ms) => {
        active = false;
        await stopped.wait(ms);
      },
      active: () => active,
      now: stopped.now,
    });
    await expect(watch).rejects.toMatchObject({ code: 'farcaster_polling_canceled' });
    expect(stopped.calls).toHaveLength(1);
  });

  it('logs in with what the user signed; refused while logged in', async () => {
    const w = world([completed]);
    const signIn = { channelToken: 'CH4NNEL2', message: 'm', signature: '0x01', fid: 7 };
    expect(await loginWithFarcaster(w.ctx, { signIn, mode: 'no-signup' })).toEqual({
      user: { id: 'did:privy:new' },
      isNewUser: true,
    });
    expect(w.calls[0]).toEqual({
      path: '/api/v1/farcaster/authenticate',
      body: { channel_token: 'CH4NNEL2', message: 'm', signature: '0x01', fid: 7, mode: 'no-signup' },
      options: { token: null },
    });
    await expect(loginWithFarcaster(world([completed], true).ctx, { signIn })).rejects.toMatchObject({
      code: 'already_logged_in',
    });
  });
});

const siwf = (resource: string) =>
  [
    'app.example.com wants you to sign in with your Ethereum account:',
    '0x94Bac74eC80C25fd5F19A76F2cd74a46d6618c3A',
    '',
    'Farcaster Auth',
    '',
    'URI: https://app.example.com',
    'Version: 1',
    'Chain ID: 10',
    'Nonce: v2nonce99',
    'Issued At: 2026-12-07T00:00:00.000Z',
    'Resources:',
    `- ${resource}`,
  ].join('\n');

describe('Sign in with Farcaster inside a Mini App (v2)', () => {
  it.each([
    ['farcaster://fid/262426', 262426],
    ['farcaster://fids/262426', 262426],
    ['farcaster://fid/262426/', 262426],
    ['farcaster://fid/0', null],
    ['farcaster://fid/abc', null],
    ['https://example.com/fid/1', null],
  ])('reads the fid of %s', (resource, fid) => {
    expect(fidOfMessage(siwf(resource))).toBe(fid);
  });

  it('asks a nonce, then logs in with the fid the message names when none is given', async () => {
    const w = world([]);
    expect(await initFarcasterMiniApp(w.ctx)).toEqual({
      nonce: 'v2nonce99',
      expiresAt: '2026-12-07T01:00:00.000Z',
    });
    const message = siwf('farcaster://fid/262426');
    await loginWithFarcasterMiniApp(w.ctx, { message, signature: '0x01' });
    expect(w.calls.map(({ path, body }) => [path, body])).toEqual([
      ['/api/v2/farcaster/init', {}],
      ['/api/v2/farcaster/authenticate', { fid: 262426, message, signature: '0x01', mode: undefined }],
    ]);
    await expect(
      loginWithFarcasterMiniApp(w.ctx, { message: siwf('https://example.com'), signature: '0x01' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('Unlinking and taking over a Farcaster account', () => {
  it('transfers the fid with the refusal nonce and the other user’s embedded wallet', async () => {
    const w = world([], true);
    const ctx = {
      ...w.ctx,
      session: { ...w.ctx.session, updateUser: async () => undefined, refreshAfterChange: async () => null },
    } as unknown as FlowContext;
    await transferFarcaster(ctx, { fid: 262426, nonce: 'tr4nsfer', embeddedAddress: '0xabc' });
    await transferFarcaster(ctx, { fid: 262426, nonce: 'tr4nsfer' });
    expect(w.calls.map(({ path, body }) => [path, body])).toEqual([
      [
        '/api/v1/farcaster/transfer',
        { farcaster_id: 262426, farcaster_embedded_address: '0xabc', nonce: 'tr4nsfer' },
      ],
      ['/api/v1/farcaster/transfer', { farcaster_id: 262426, nonce: 'tr4nsfer' }],
    ]);
  });

  it('refuses bad input before any call: an fid that is no positive whole number, no nonce, no session', async () => {
    const w = world([], true);
    for (const fid of [0, -1, 1.5, Number.NaN, '7' as unknown as number])
      await expect(transferFarcaster(w.ctx, { fid, nonce: 'n' })).rejects.toMatchObject({
        code: 'invalid_input',
      });
    await expect(transferFarcaster(w.ctx, { fid: 7, nonce: '' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(unlinkFarcaster(w.ctx, { fid: 0 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(
      loginWithFarcasterMiniApp(world([]).ctx, {
        message: siwf('farcaster://fid/7'),
        signature: '0x01',
        fid: -3,
      }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(transferFarcaster(world([]).ctx, { fid: 7, nonce: 'n' })).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(w.calls).toEqual([]);
  });
});
