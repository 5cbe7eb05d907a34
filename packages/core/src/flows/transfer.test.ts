import { type EmailAccount, transferApi, type User } from '@latchkey/protocol';
import { startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatchkeyApiError, LatchkeyClientError } from '../errors.ts';
import { loginWithEmailCode, sendEmailCode } from './email.ts';
import { accountTransferRequired } from './transfer.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(async () => {
  await t.close();
});

const emails = (user: User | null) =>
  user?.linked_accounts.flatMap((a) => (a.type === 'email' ? [(a as EmailAccount).address] : []));

describe('accountTransferRequired', () => {
  const refusal = (data: unknown) =>
    new LatchkeyApiError(400, 'account_transfer_required', 'This account is associated with another user.', {
      data,
    });

  it('reads the nonce, the account and the other user', () => {
    expect(
      accountTransferRequired(
        refusal({
          nonce: 'n1',
          account: { displayName: 'a@example.com' },
          subject: 'a@example.com',
          otherUser: { embeddedWalletAddress: '0xabc', oAuthUserInfo: null },
        }),
      ),
    ).toEqual({
      nonce: 'n1',
      displayName: 'a@example.com',
      subject: 'a@example.com',
      embeddedWalletAddress: '0xabc',
    });
  });

  it('is null for other errors and for a refusal without a nonce', () => {
    expect(accountTransferRequired(new LatchkeyApiError(400, 'linked_to_another_user', 'x'))).toBeNull();
    expect(accountTransferRequired(new Error('x'))).toBeNull();
    expect(accountTransferRequired(refusal(undefined))).toBeNull();
    expect(accountTransferRequired(refusal({ nonce: 42 }))).toBeNull();
  });
});

describe('transferAccount against the server', () => {
  async function loggedIn(appId: string) {
    const c = testClient(t, appId);
    await c.client.initialize();
    return c.client;
  }

  it('moves an email from another user after the link is refused, and that user is gone', async () => {
    const { app, client: server } = await t.createApp({ email_auth: true });
    const owner = await loggedIn(app.id);
    await owner.email.sendCode({ email: 'shared@example.com' });
    await owner.email.loginWithCode({
      email: 'shared@example.com',
      code: server.lastCode('shared@example.com'),
    });

    const me = await loggedIn(app.id);
    await me.email.sendCode({ email: 'me@example.com' });
    await me.email.loginWithCode({ email: 'me@example.com', code: server.lastCode('me@example.com') });
    await me.email.sendCode({ email: 'shared@example.com' });
    const refusal = await me.email
      .linkWithCode({ email: 'shared@example.com', code: server.lastCode('shared@example.com') })
      .catch((error: unknown) => error);
    const transfer = accountTransferRequired(refusal);
    expect(transfer).toMatchObject({ displayName: 'shared@example.com', embeddedWalletAddress: null });

    // The SDK needs an account type the server can move, and wallet metadata for wallets.
    for (const type of ['guest', 'passkey', 'custom_auth'] as const)
      await expect(me.transferAccount({ account: { type }, nonce: transfer!.nonce })).rejects.toThrow(
        new LatchkeyClientError('invalid_input', 'Invalid transfer account type'),
      );
    await expect(
      me.transferAccount({
        account: {
          type: 'wallet',
          chainType: 'ethereum',
          address: '0x0000000000000000000000000000000000000001',
        },
        nonce: transfer!.nonce,
      }),
    ).rejects.toThrow('Wallet parameters must be defined');

    // Owner still an email user with one account: the refusal moved nothing.
    expect(emails(await owner.getUser())).toEqual(['shared@example.com']);

    // 'me' already has an email: one email per user, so the transfer is refused and nothing is lost.
    await expect(
      me.transferAccount({
        account: { type: 'email', address: 'shared@example.com' },
        nonce: transfer!.nonce,
      }),
    ).rejects.toMatchObject({ code: 'cannot_link_more_of_type' });
    expect(emails(await owner.getUser())).toEqual(['shared@example.com']);
  });

  it('a user without that account type takes it over; the SDK refreshes its session', async () => {
    const { app, client: server } = await t.createApp({ email_auth: true, sms_auth: true });
    const owner = await loggedIn(app.id);
    await owner.email.sendCode({ email: 'moving@example.com' });
    await owner.email.loginWithCode({
      email: 'moving@example.com',
      code: server.lastCode('moving@example.com'),
    });

    const me = await loggedIn(app.id);
    await me.sms.sendCode({ phoneNumber: '+1 555 555 0142' });
    await me.sms.loginWithCode({ phoneNumber: '+1 555 555 0142', code: server.lastCode('+15555550142') });
    await me.email.sendCode({ email: 'moving@example.com' });
    const refusal = await me.email
      .linkWithCode({ email: 'moving@example.com', code: server.lastCode('moving@example.com') })
      .catch((error: unknown) => error);
    const transfer = accountTransferRequired(refusal)!;
    // Through the route of the account's method, as a method kept in a module of its own names it.
    const user = await me.transferAccount({
      account: { type: 'route', route: transferApi.emailTransfer, body: { email: 'moving@example.com' } },
      nonce: transfer.nonce,
    });
    expect(emails(user)).toEqual(['moving@example.com']);
    expect(emails(me.getState().user)).toEqual(['moving@example.com']);
    // The other user was deleted: its session no longer works.
    await expect(owner.getUser()).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
    // The nonce was single-use.
    await expect(
      me.transferAccount({
        account: { type: 'email', address: 'moving@example.com' },
        nonce: transfer.nonce,
      }),
    ).rejects.toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('client.run', () => {
  it("runs a method module's action with the client's context, and only once ready", async () => {
    const { app, client: server } = await t.createApp({ email_auth: true });
    const { client } = testClient(t, app.id);
    await expect(client.run(async () => 'ran')).rejects.toMatchObject({ code: 'not_ready' });
    await client.initialize();
    await client.run((ctx) => sendEmailCode(ctx, { email: 'run@example.com' }));
    const { user } = await client.run((ctx) =>
      loginWithEmailCode(ctx, { email: 'run@example.com', code: server.lastCode('run@example.com') }),
    );
    expect(emails(client.getState().user)).toEqual(['run@example.com']);
    expect(user.id).toBe(client.getState().user?.id);
  });
});
