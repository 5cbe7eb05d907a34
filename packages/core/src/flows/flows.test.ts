import type { EmailAccount, PhoneAccount, User } from '@latchkey/protocol';
import {
  copyStorage,
  deadOrigin,
  type JwksIssuer,
  startJwksIssuer,
  startScriptedServer,
  startTestServer,
  type TestServer,
  testClient,
} from '@latchkey/test/client';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLatchkeyClient } from '../createLatchkeyClient.ts';
import { memoryStorage, storageKeys } from '../storage.ts';
import { linkCustomJwt, syncExternalJwt } from './customJwt.ts';

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

const phoneAccounts = (user: User | null) =>
  user?.linked_accounts.flatMap((a) => (a.type === 'phone' ? [(a as PhoneAccount).phoneNumber] : []));
const emailAccounts = (user: User | null) =>
  user?.linked_accounts.flatMap((a) => (a.type === 'email' ? [(a as EmailAccount).address] : []));

async function readyClient(
  patch: Record<string, unknown> = {},
  options: Parameters<typeof testClient>[2] = {},
) {
  const { app, client: server } = await t.createApp(patch);
  const c = testClient(t, app.id, options);
  await c.client.initialize();
  return { ...c, app, server };
}

describe('SMS', () => {
  it('sends a code and logs in with it', async () => {
    const { client, server } = await readyClient({ sms_auth: true });
    await client.sms.sendCode({ phoneNumber: '+1 555 555 0100' });
    const { user, isNewUser } = await client.sms.loginWithCode({
      phoneNumber: '+1 555 555 0100',
      code: server.lastCode('+15555550100'),
    });
    expect(isNewUser).toBe(true);
    expect(phoneAccounts(user)).toEqual(['+1 555 555 0100']);
    expect(client.getState().authenticated).toBe(true);
  });
});

describe('guest', () => {
  it('stores one 43-character credential per app and reuses it across clients sharing storage', async () => {
    const { app, client, storage } = await readyClient({ guest_auth: true });
    const first = await client.guest.login();
    expect(first).toMatchObject({ isNewUser: true, user: { is_guest: true } });
    const credential = await storage.get(storageKeys.guestCredential(app.id));
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await client.logout();
    expect(await storage.get(storageKeys.guestCredential(app.id))).toBe(credential);

    const sameDevice = testClient(t, app.id, {
      storage: await copyStorage(storage, [storageKeys.guestCredential(app.id)]),
    });
    await sameDevice.client.initialize();
    const again = await sameDevice.client.guest.login();
    expect(again).toMatchObject({ isNewUser: false, user: { id: first.user.id } });
    expect(sameDevice.sent.at(-1)?.body).toEqual({ guest_credential: credential });

    const otherDevice = testClient(t, app.id);
    await otherDevice.client.initialize();
    expect((await otherDevice.client.guest.login()).user.id).not.toBe(first.user.id);
  });
});

describe('custom JWT', () => {
  const mint = (sub: string) => issuer.mint(sub);

  it('initialize logs in with the custom token; sync logs out when it is gone and back in when it returns', async () => {
    const { app } = await t.createApp({ custom_jwt_auth: true, custom_jwt_jwks_url: issuer.url });
    let current: string | null = await mint('app-user-1');
    const c = testClient(t, app.id, { getCustomAccessToken: async () => current });
    await c.client.initialize();
    const first = c.client.getState().user;
    expect(first?.linked_accounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'app-user-1' }),
    ]);
    expect(c.sent.find((r) => r.path === '/api/v1/custom_jwt_account/authenticate')?.body).toEqual({
      token: current,
    });

    // Logged in already: sync does not log in again.
    expect((await c.client.customJwt.sync())?.id).toBe(first?.id);
    expect(c.count('/api/v1/custom_jwt_account/authenticate')).toBe(1);

    current = null;
    expect(await c.client.customJwt.sync()).toBeNull();
    expect(c.client.getState().authenticated).toBe(false);
    expect(c.count('/api/v1/sessions/logout')).toBe(1);

    // getAccessToken re-establishes the session from the app's token.
    current = await mint('app-user-2');
    const token = await c.client.getAccessToken();
    expect(decodeJwt(token!).aud).toBe(app.id);
    expect(c.client.getState().user?.linked_accounts).toEqual([
      expect.objectContaining({ custom_user_id: 'app-user-2' }),
    ]);
  });

  it('syncExternalJwt: logs in (new user), keeps the same user, switches users, logs out without a token', async () => {
    const { app } = await t.createApp({ custom_jwt_auth: true, custom_jwt_jwks_url: issuer.url });
    const c = testClient(t, app.id);
    await c.client.initialize();
    let current: string | null = await mint('ext-user-1');
    const sync = () => c.client.run((ctx) => syncExternalJwt(ctx, () => current));

    const first = await sync();
    expect(first?.isNewUser).toBe(true);
    expect(c.client.getState().authenticated).toBe(true);

    const again = await sync();
    expect(again).toEqual({ user: expect.objectContaining({ id: first?.user.id }), isNewUser: false });
    expect(c.count('/api/v1/custom_jwt_account/authenticate')).toBe(1);

    // Another user of the app's auth: the first session goes before the second logs in.
    current = await mint('ext-user-2');
    const second = await sync();
    expect(second?.isNewUser).toBe(true);
    expect(second?.user.id).not.toBe(first?.user.id);
    expect(c.count('/api/v1/sessions/logout')).toBe(1);

    current = null;
    expect(await sync()).toBeNull();
    expect(c.client.getState().authenticated).toBe(false);
    expect(c.count('/api/v1/sessions/logout')).toBe(2);
  });
  it('linkCustomJwt: links the app-auth account to the logged-in user; refused logged out and for another user’s account', async () => {
    const { app, client: server } = await t.createApp({
      custom_jwt_auth: true,
      custom_jwt_jwks_url: issuer.url,
      email_auth: true,
    });
    const other = testClient(t, app.id);
    await other.client.initialize();
    await other.client.run((ctx) => syncExternalJwt(ctx, () => mint('taken-user')));

    const c = testClient(t, app.id);
    await c.client.initialize();
    await expect(
      c.client.run(async (ctx) => linkCustomJwt(ctx, { token: await mint('jwt-link-1') })),
    ).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    await c.client.email.sendCode({ email: 'jwt-link@example.com' });
    await c.client.email.loginWithCode({
      email: 'jwt-link@example.com',
      code: server.lastCode('jwt-link@example.com'),
    });

    const user = await c.client.run(async (ctx) => linkCustomJwt(ctx, { token: await mint('jwt-link-1') }));
    expect(user.linked_accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'custom_auth', custom_user_id: 'jwt-link-1' }),
      ]),
    );
    expect(c.client.getState().user?.linked_accounts).toHaveLength(2);
    expect(c.sent.find((r) => r.path === '/api/v1/custom_jwt_account/link')?.body).toEqual({
      token: expect.any(String),
    });

    await expect(
      c.client.run(async (ctx) => linkCustomJwt(ctx, { token: await mint('taken-user') })),
    ).rejects.toMatchObject({
      code: 'linked_to_another_user',
    });
  });
});

describe('linking, updating and unlinking', () => {
  it('each change refreshes the session for the fresh user and identity token', async () => {
    const { client, server, storage, count } = await readyClient({ sms_auth: true });
    await client.email.sendCode({ email: 'dana@example.com' });
    await client.email.loginWithCode({
      email: 'dana@example.com',
      code: server.lastCode('dana@example.com'),
    });
    const idTokenAccounts = async () =>
      JSON.parse(decodeJwt((await storage.get(storageKeys.identityToken))!).linked_accounts as string) as {
        type: string;
      }[];

    await client.sms.sendCode({ phoneNumber: '+15555550111' });
    const linked = await client.sms.linkWithCode({
      phoneNumber: '+15555550111',
      code: server.lastCode('+15555550111'),
    });
    expect(phoneAccounts(linked)).toEqual(['+1 555 555 0111']);
    expect(count('/api/v1/sessions')).toBe(1);
    expect((await idTokenAccounts()).map((a) => a.type).sort()).toEqual(['email', 'phone']);
    expect(client.getState().user).toBe(linked);

    await client.sms.sendCode({ phoneNumber: '+15555550122' });
    const updatedPhone = await client.sms.updatePhone({
      oldPhoneNumber: '+15555550111',
      newPhoneNumber: '+15555550122',
      code: server.lastCode('+15555550122'),
    });
    expect(phoneAccounts(updatedPhone)).toEqual(['+1 555 555 0122']);
    expect(count('/api/v1/sessions')).toBe(2);

    await client.email.sendCode({ email: 'dana.new@example.com' });
    const updatedEmail = await client.email.updateEmail({
      oldAddress: 'dana@example.com',
      newAddress: 'dana.new@example.com',
      code: server.lastCode('dana.new@example.com'),
    });
    expect(emailAccounts(updatedEmail)).toEqual(['dana.new@example.com']);

    const withoutEmail = await client.email.unlinkEmail({ address: 'dana.new@example.com' });
    expect(emailAccounts(withoutEmail)).toEqual([]);
    expect(count('/api/v1/sessions')).toBe(4);
    expect((await idTokenAccounts()).map((a) => a.type)).toEqual(['phone']);

    await client.email.sendCode({ email: 'dana.second@example.com' });
    await client.email.linkWithCode({
      email: 'dana.second@example.com',
      code: server.lastCode('dana.second@example.com'),
    });
    const unlinked = await client.sms.unlinkPhone({ phoneNumber: '+15555550122' });
    expect(phoneAccounts(unlinked)).toEqual([]);
    expect(count('/api/v1/sessions')).toBe(6);
    expect((await idTokenAccounts()).map((a) => a.type)).toEqual(['email']);
    expect(emailAccounts(await client.getUser())).toEqual(['dana.second@example.com']);
  });

  it('linking needs a logged-in user', async () => {
    const { client, sent } = await readyClient();
    const before = sent.length;
    await expect(client.email.linkWithCode({ email: 'x@example.com', code: '123456' })).rejects.toMatchObject(
      {
        code: 'must_be_authenticated',
      },
    );
    await expect(client.acceptTerms()).rejects.toMatchObject({ code: 'must_be_authenticated' });
    expect(sent.length).toBe(before);
  });

  it('acceptTerms updates the user in the state', async () => {
    const { client, server } = await readyClient({ terms_and_conditions_url: 'https://app.test/terms' });
    await client.email.sendCode({ email: 'erin@example.com' });
    const { user } = await client.email.loginWithCode({
      email: 'erin@example.com',
      code: server.lastCode('erin@example.com'),
    });
    expect(user.has_accepted_terms).toBe(false);
    expect((await client.acceptTerms()).has_accepted_terms).toBe(true);
    expect(client.getState().user?.has_accepted_terms).toBe(true);
  });
});

describe('client-side validation (spec document 1 §5)', () => {
  it('checks email and code before calling the server', async () => {
    const { client, sent, server } = await readyClient();
    const before = sent.length;
    await expect(client.email.sendCode({ email: 'not-an-email' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Invalid email address',
    });
    await expect(
      client.email.loginWithCode({ email: 'a@example.com', code: '12a456' }),
    ).rejects.toMatchObject({
      message: 'Code should be numeric',
    });
    await expect(
      client.email.loginWithCode({ email: 'a@example.com', code: '1234567' }),
    ).rejects.toMatchObject({
      message: 'Passcode must be exactly 6 numbers',
    });
    expect(sent.length).toBe(before);
    // Whitespace is stripped, and the address lower-cased.
    await client.email.sendCode({ email: ' Frank@Example.com ' });
    const code = server.lastCode('frank@example.com');
    await client.email.loginWithCode({
      email: 'frank@example.com',
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(sent.at(-1)?.body).toEqual({ email: 'frank@example.com', code });
  });

  it('server errors come back as LatchkeyApiError with the spec code', async () => {
    const { client } = await readyClient({ disable_plus_emails: true });
    await expect(client.email.sendCode({ email: 'g+1@example.com' })).rejects.toMatchObject({
      name: 'LatchkeyApiError',
      status: 403,
      code: 'disallowed_plus_email',
    });
  });
});

describe('trackEvent', () => {
  it('posts the event with clientTimestamp and the analytics id', async () => {
    const { client, app, storage, sent } = await readyClient();
    await client.trackEvent('sdk_test', { step: 1 });
    const caid = await storage.get(storageKeys.analyticsId);
    expect(sent.at(-1)?.headers.get('privy-ca-id')).toBe(caid);
    const rows = await t.ctx.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('app_id', '=', app.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_name: 'sdk_test', client_id: caid });
    const payload = JSON.parse(rows[0]!.payload!) as Record<string, unknown>;
    expect(payload.step).toBe(1);
    expect(new Date(payload.clientTimestamp as string).toISOString()).toBe(payload.clientTimestamp);
  });

  it('never throws and is never retried', async () => {
    const scripted = await startScriptedServer();
    try {
      const waits: number[] = [];
      const client = createLatchkeyClient({
        appId: 'abcdefghijklmnopqrstuvwxy',
        apiUrl: scripted.url,
        storage: memoryStorage(),
        delay: async (ms) => {
          waits.push(ms);
        },
      });
      scripted.script([{ status: 503 }, { status: 503 }]);
      await expect(client.trackEvent('x')).resolves.toBeUndefined();
      expect(scripted.hits).toHaveLength(1);
      expect(waits).toEqual([]);
      const offline = createLatchkeyClient({
        appId: 'abcdefghijklmnopqrstuvwxy',
        apiUrl: await deadOrigin(),
        storage: memoryStorage(),
      });
      await expect(offline.trackEvent('x')).resolves.toBeUndefined();
    } finally {
      await scripted.close();
    }
  });
});
