import { type LatchkeyClient, LatchkeyError } from '@latchkey/core';
import {
  type JwksIssuer,
  startJwksIssuer,
  startTestServer,
  type TestServer,
  testClient,
} from '@latchkey/test/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkAccountCallbacks } from '../callbacks.ts';
import { syncCustomAuth } from '../customAuthSync.ts';
import { createLatchkeyEvents } from '../events.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyContext.ts';
import { sharedOtpLogin } from './sharedOtpLogin.ts';
import { useLinkJwtAccount } from './useLinkJwtAccount.ts';
import { useLinkWithOAuth } from './useLinkWithOAuth.ts';
import { useLoginWithEmail } from './useLoginWithEmail.ts';
import { useOAuthTokens } from './useOAuthTokens.ts';
import {
  useUnlinkEmail,
  useUnlinkOAuth,
  useUnlinkPhone,
  useUnlinkTelegram,
  useUnlinkWallet,
} from './useUnlink.ts';

// The headless link and unlink hooks rendered in a provider context around a real client of the test
// server (react-dom/server: the hooks run, effects do not); their actions are then called for real.

let t: TestServer;
let issuer: JwksIssuer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
  issuer = await startJwksIssuer();
});
afterAll(async () => {
  await issuer.close();
  await t.close();
});

const mint = (sub: string) => issuer.mint(sub);

function Probe({ hook, onResult }: { hook: () => unknown; onResult: (result: unknown) => void }) {
  onResult(hook());
  return null;
}

/** What a hook returns, rendered once in a context around this client. */
function render<T>(client: LatchkeyClient, hook: () => T, events = createLatchkeyEvents()): T {
  let result: unknown;
  const value = { client, events } as unknown as LatchkeyContextValue;
  renderToString(
    <LatchkeyContext.Provider value={value}>
      <Probe hook={hook} onResult={(r) => (result = r)} />
    </LatchkeyContext.Provider>,
  );
  return result as T;
}

/** A client of a new app, logged in with this email (or logged out without one). */
async function loggedIn(email: string | null, patch: Record<string, unknown> = {}) {
  const { app, client: server } = await t.createApp({ email_auth: true, sms_auth: true, ...patch });
  const c = testClient(t, app.id);
  await c.client.initialize();
  if (email) {
    await c.client.email.sendCode({ email });
    await c.client.email.loginWithCode({ email, code: server.lastCode(email) });
  }
  return { ...c, app, server };
}

describe('unlink hooks', () => {
  it('useUnlinkEmail / useUnlinkPhone: unlink and resolve to the user without it; the session’s user follows', async () => {
    const { client, server } = await loggedIn('unlink-1@example.com');
    await client.sms.sendCode({ phoneNumber: '+1 555 555 0120' });
    await client.sms.linkWithCode({ phoneNumber: '+1 555 555 0120', code: server.lastCode('+15555550120') });

    const { unlink: unlinkPhone } = render(client, useUnlinkPhone);
    const withoutPhone = await unlinkPhone({ phoneNumber: '+1 555 555 0120' });
    expect(withoutPhone.phone).toBeUndefined();
    expect(withoutPhone.linkedAccounts.map((a) => a.type)).toEqual(['email']);
    expect(client.getState().user?.linked_accounts.map((a) => a.type)).toEqual(['email']);

    // The user's only account cannot go.
    const { unlink: unlinkEmail } = render(client, useUnlinkEmail);
    await expect(unlinkEmail({ address: 'unlink-1@example.com' })).rejects.toMatchObject({
      code: 'cannot_unlink_sole_account',
    });
  });

  it('logged out: must_be_authenticated from each', async () => {
    const { client } = await loggedIn(null);
    await expect(render(client, useUnlinkEmail).unlink({ address: 'x@example.com' })).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    await expect(
      render(client, useUnlinkPhone).unlink({ phoneNumber: '+15555550121' }),
    ).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    await expect(render(client, useUnlinkTelegram).unlink({ telegramUserId: '12345' })).rejects.toMatchObject(
      { code: 'must_be_authenticated' },
    );
  });

  it('an account the user does not have: the server refuses with linked_account_not_found (useUnlinkOAuth, useUnlinkTelegram)', async () => {
    const { client } = await loggedIn('unlink-2@example.com');
    const refused = async (promise: Promise<unknown>) => {
      const error = await promise.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LatchkeyError);
      return (error as LatchkeyError).code;
    };
    const codes = [
      await refused(render(client, useUnlinkOAuth).unlink({ provider: 'google', subject: 'nobody' })),
      await refused(render(client, useUnlinkTelegram).unlink({ telegramUserId: '12345' })),
    ];
    expect(codes).toEqual(['linked_account_not_found', 'linked_account_not_found']);
    // useUnlinkWallet goes through the wallet code (as useLatchkey().unlinkWallet), which needs a page.
    await expect(
      render(client, useUnlinkWallet).unlink({ address: '0x000000000000000000000000000000000000dEaD' }),
    ).rejects.toThrow('Wallets need a browser page');
    expect(client.getState().user?.linked_accounts.map((a) => a.type)).toEqual(['email']);
  });
});

describe('useLinkJwtAccount', () => {
  it('links the app-auth account: onSuccess with the user, "custom" and the custom_auth account', async () => {
    const { client } = await loggedIn('jwt-1@example.com', {
      custom_jwt_auth: true,
      custom_jwt_jwks_url: issuer.url,
    });
    const successes: Parameters<NonNullable<LinkAccountCallbacks['onSuccess']>>[0][] = [];
    const { linkWithCustomJwt } = render(client, () =>
      useLinkJwtAccount({ onSuccess: (e) => successes.push(e) }),
    );
    const { user } = await linkWithCustomJwt(await mint('app-user-7'));
    expect(user.customAuth?.customUserId).toBe('app-user-7');
    expect(successes).toEqual([
      expect.objectContaining({
        linkMethod: 'custom',
        linkedAccount: expect.objectContaining({ type: 'custom_auth', customUserId: 'app-user-7' }),
      }),
    ]);
  });

  it('onError(code, { linkMethod: "custom" }) and rejects: logged out, and an account another user has', async () => {
    const patch = { custom_jwt_auth: true, custom_jwt_jwks_url: issuer.url };
    const { client, app, server } = await loggedIn(null, patch);
    const onError: unknown[][] = [];
    const hook = () => useLinkJwtAccount({ onError: (...args) => onError.push(args) });
    await expect(render(client, hook).linkWithCustomJwt(await mint('app-user-8'))).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(onError).toEqual([['must_be_authenticated', { linkMethod: 'custom' }]]);

    // app-user-8 logs in (a user of its own); then an email user tries to link that account.
    const owner = testClient(t, app.id, { getCustomAccessToken: () => mint('app-user-8') });
    await owner.client.initialize();
    expect(owner.client.getState().authenticated).toBe(true);
    await client.email.sendCode({ email: 'jwt-2@example.com' });
    await client.email.loginWithCode({
      email: 'jwt-2@example.com',
      code: server.lastCode('jwt-2@example.com'),
    });
    onError.length = 0;
    await expect(render(client, hook).linkWithCustomJwt(await mint('app-user-8'))).rejects.toMatchObject({
      code: 'linked_to_another_user',
    });
    expect(onError).toEqual([['linked_to_another_user', { linkMethod: 'custom' }]]);
    expect(client.getState().user?.linked_accounts.map((a) => a.type)).toEqual(['email']);
  });
});

describe('useLinkWithOAuth', () => {
  it('logged out: rejects with the incumbent’s code and message, before leaving the page', async () => {
    const { client } = await loggedIn(null);
    await expect(render(client, useLinkWithOAuth).initOAuth({ provider: 'google' })).rejects.toMatchObject({
      code: 'must_be_authenticated',
      message: 'User must be authenticated before linking an OAuth account.',
    });
  });
});

describe('useOAuthTokens().reauthorize', () => {
  it('logged out: rejects as the incumbent’s, and the link callbacks hear must_be_authenticated', async () => {
    const { client } = await loggedIn(null);
    const events = createLatchkeyEvents();
    const heard: string[] = [];
    events.on('linkError', (code) => heard.push(code));
    await expect(
      render(client, useOAuthTokens, events).reauthorize({ provider: 'google' }),
    ).rejects.toMatchObject({
      code: 'must_be_authenticated',
      message: 'User must be authenticated before linking an account.',
    });
    expect(heard).toEqual(['must_be_authenticated']);
  });

  it('a provider the user has no account of: rejects before leaving the page', async () => {
    const { client } = await loggedIn('reauth@example.com');
    await expect(render(client, useOAuthTokens).reauthorize({ provider: 'github' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'OAuth account of type github not linked to the account.',
    });
  });
});

describe('useLoginWithEmail under one provider', () => {
  it('sends the code from one screen and logs in from another: the hooks share the flow and its state', async () => {
    const { client, server } = await loggedIn(null);
    const events = createLatchkeyEvents();
    const completed: string[] = [];
    const sendScreen = render(client, () => useLoginWithEmail(), events);
    const codeScreen = render(
      client,
      () => useLoginWithEmail({ onComplete: ({ loginMethod }) => completed.push(String(loginMethod)) }),
      events,
    );
    await sendScreen.sendCode({ email: 'two.screens@example.com' });
    expect(sharedOtpLogin(client, 'email').getState()).toEqual({ status: 'awaiting-code-input' });
    expect(render(client, () => useLoginWithEmail(), events).state).toEqual({
      status: 'awaiting-code-input',
    });
    await codeScreen.loginWithCode({ code: server.lastCode('two.screens@example.com') });
    expect(client.getState().authenticated).toBe(true);
    // The hook that logged in hears it; the other's callbacks are its own.
    expect(completed).toEqual(['email']);
    expect(sharedOtpLogin(client, 'email').getState()).toEqual({ status: 'done' });
    // Another provider (client) has a flow of its own.
    const other = await loggedIn(null);
    expect(sharedOtpLogin(other.client, 'email').getState()).toEqual({ status: 'initial' });
  });
});

describe('custom auth (config.customAuth): the sync tells the provider of a login', () => {
  it('loggedIn once per user logged in (the wallets createOnLogin asks for), not for a session kept', async () => {
    const { app } = await t.createApp({ custom_jwt_auth: true, custom_jwt_jwks_url: issuer.url });
    let token: string | undefined = await mint('app-user-sync');
    const { client } = testClient(t, app.id, { getCustomAccessToken: async () => token ?? null });
    // The client's own sync logs the user in as it starts, before the provider loads the sync module.
    await client.initialize();
    expect(client.customJwt.logins()).toBe(1);
    const events = createLatchkeyEvents();
    let loggedIn = 0;
    events.on('loggedIn', () => loggedIn++);
    const reports: string[] = [];
    const report = ({ state }: { state: { status: string } }) => reports.push(state.status);
    await syncCustomAuth(client, async () => token, report, events);
    expect(client.getState().authenticated).toBe(true);
    // That login is told (the wallets), once.
    expect(loggedIn).toBe(1);
    // The same user again: the session stays, nobody logged in.
    await syncCustomAuth(client, async () => token, report, events);
    expect(loggedIn).toBe(1);
    // The app's user changed: logged out, the new one logged in.
    token = await mint('app-user-sync-2');
    await syncCustomAuth(client, async () => token, report, events);
    expect(loggedIn).toBe(2);
    // Nobody in the app's auth: logged out, no login.
    token = undefined;
    await syncCustomAuth(client, async () => token, report, events);
    expect(client.getState().authenticated).toBe(false);
    expect(loggedIn).toBe(2);
    expect(reports).toEqual(['loading', 'done', 'loading', 'done', 'loading', 'done', 'loading', 'done']);
  });
});
