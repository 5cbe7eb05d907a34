import { startTestServer, type TestServer, testClient, testOrigin } from '@latchkey/test/client';
import { totpCode } from '@latchkey/test/server';
import { frameProxy } from '@latchkey/test/server/wallet-frame';
import { installSoftwareWebAuthn, softwareAuthenticator } from '@latchkey/test/webauthn';
import { recoverMessageAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import { createEmbeddedWallets, type EmbeddedWallets } from '../embedded/embedded-wallets.ts';
import { type MfaBroker, mfaBroker } from '../embedded/mfa/broker.ts';
import { createMfaVerifyFlow } from '../modal/mfa.ts';
import { createMfaClient } from './client.ts';

/*
 * MFA end to end in Node: a core client and its embedded wallets on the real server, the wallet
 * frame's own code answering them (`frameProxy`), codes from the dev outbox (SMS), from otpauth
 * (authenticator) and a software authenticator (passkeys). The loop's timing is in
 * embedded/mfa/with-mfa.test.ts; the screens in a browser in e2e/mfa.test.ts.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(() => t.close());

let users = 0;

/** A logged-in user of a new MFA app, their embedded wallets on a frame in Node, and the client's broker. */
async function harness() {
  const { app, client: server } = await t.createApp({
    email_auth: true,
    passkey_auth: true,
    mfa_methods: ['sms', 'totp', 'passkey'],
  });
  const { client } = testClient(t, app.id);
  await client.initialize();
  const email = `mfa-${++users}@example.com`;
  await client.email.sendCode({ email });
  await client.email.loginWithCode({ email, code: server.lastCode(email) });
  const broker = mfaBroker(client);
  const wallets = createEmbeddedWallets({
    session: {
      get user() {
        return client.getState().user;
      },
      getAccessToken: () => client.getAccessToken(),
      refreshAfterChange: () => client.refreshSession(),
    },
    proxy: frameProxy(t, app.id),
    mfa: broker,
  });
  return { app, server, client, broker, wallets };
}

const now = () => t.ctx.now();
const methods = (client: LatchkeyClient) => client.getState().user?.mfa_methods.map((m) => m.type);

/** Enrols an authenticator app through the frame; the secret, for codes. */
async function enrollTotp(wallets: EmbeddedWallets): Promise<string> {
  const init = await wallets.mfa.initEnrollment({ method: 'totp' });
  expect(init.authUrl).toMatch(/^otpauth:\/\/totp\//);
  await wallets.mfa.submitEnrollment({ method: 'totp', code: totpCode(init.secret!, now()) });
  return init.secret!;
}

/** Waits for the broker to want a code. */
const awaitingCode = (broker: MfaBroker) =>
  vi.waitFor(() => expect(broker.prompt()?.status).toBe('awaiting'));

/** A code of the next 30-second step: each step verifies once. */
const nextCode = (secret: string) => {
  t.advance(30);
  return totpCode(secret, now());
};

const sign = (wallets: EmbeddedWallets, address: string, message: string) =>
  wallets.rpc(address, 'ethereum', {
    method: 'personal_sign',
    params: [`0x${Buffer.from(message).toString('hex')}`, address],
  }) as Promise<`0x${string}`>;

describe('MFA through the wallet frame, on the real server', () => {
  it('signing stops behind a factor: a wrong code re-prompts, the right one signs, the token serves the next', async () => {
    const { client, broker, wallets } = await harness();
    const wallet = await wallets.createEthereumWallet();
    const secret = await enrollTotp(wallets);
    expect(methods(client)).toEqual(['totp']);

    const signing = sign(wallets, wallet.address, 'behind MFA');
    await awaitingCode(broker);
    expect(broker.prompt()).toMatchObject({ methods: ['totp'], attempts: 0 });
    const wrong = nextCode(secret) === '000000' ? '111111' : '000000';
    await expect(broker.submit({ method: 'totp', code: wrong })).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
      message: 'MFA verification failed, retry.',
    });
    await broker.submit({ method: 'totp', code: totpCode(secret, now()) });
    const signature = await signing;
    expect(await recoverMessageAddress({ message: 'behind MFA', signature })).toBe(wallet.address);

    // The frame holds the token: the next signature asks for nothing.
    const id = broker.prompt()?.id;
    await sign(wallets, wallet.address, 'again');
    expect(broker.prompt()?.id).toBe(id);

    // Its 300 s over, the server refuses it and the user is asked again.
    t.advance(301);
    const later = sign(wallets, wallet.address, 'later');
    await awaitingCode(broker);
    expect(broker.prompt()?.id).not.toBe(id);
    await broker.submit({ method: 'totp', code: nextCode(secret) });
    await expect(later).resolves.toMatch(/^0x/);
  });

  it('4 wrong codes end the operation with mfa_verification_max_attempts_reached', async () => {
    const { broker, wallets } = await harness();
    const wallet = await wallets.createEthereumWallet();
    const secret = await enrollTotp(wallets);
    const signing = sign(wallets, wallet.address, 'never signed');
    signing.catch(() => undefined);
    const right = nextCode(secret);
    const failures: string[] = [];
    for (let i = 0; i < 4; i++) {
      await awaitingCode(broker);
      const wrong = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
      failures.push(
        await broker.submit({ method: 'totp', code: wrong }).then(
          () => 'ok',
          (e) => e.type,
        ),
      );
    }
    expect(failures).toEqual([
      'missing_or_invalid_mfa',
      'missing_or_invalid_mfa',
      'missing_or_invalid_mfa',
      'mfa_verification_max_attempts_reached',
    ]);
    await expect(signing).rejects.toMatchObject({
      type: 'mfa_verification_max_attempts_reached',
      message: 'Max MFA verification attempts reached',
    });
  });

  it('SMS: enrols with the texted code; the host sends the verification code, the frame verifies it', async () => {
    const { server, client, broker, wallets } = await harness();
    const phone = '+14155550123';
    await wallets.mfa.initEnrollment({ method: 'sms', phoneNumber: phone });
    await wallets.mfa.submitEnrollment({ method: 'sms', phoneNumber: phone, code: server.lastCode(phone) });
    expect(methods(client)).toEqual(['sms']);
    const enrolmentCode = server.lastCode(phone);

    const wallet = await wallets.createEthereumWallet();
    const signing = sign(wallets, wallet.address, 'sms');
    await awaitingCode(broker);
    await createMfaClient(client).init('sms');
    const code = server.lastCode(phone);
    expect(code).not.toBe(enrolmentCode);
    await broker.submit({ method: 'sms', code });
    await expect(signing).resolves.toMatch(/^0x/);
  });

  it('adding a second factor and removing one ask for a code first; removing the last clears the token', async () => {
    const { client, broker, wallets } = await harness();
    const secret = await enrollTotp(wallets);
    // A second factor: the server wants an MFA token for `init`; the loop asks, the frame keeps it.
    const adding = wallets.mfa.initEnrollment({ method: 'sms', phoneNumber: '+14155550124' });
    await awaitingCode(broker);
    await broker.submit({ method: 'totp', code: nextCode(secret) });
    await adding;
    // Removal rides on the same token.
    await wallets.mfa.unenroll('totp');
    expect(methods(client)).toEqual([]);
  });

  it('a wrong enrolment code is the request’s fault (no MFA prompt)', async () => {
    const { broker, wallets } = await harness();
    const init = await wallets.mfa.initEnrollment({ method: 'totp' });
    const wrong = totpCode(init.secret!, now()) === '000000' ? '111111' : '000000';
    await expect(wallets.mfa.submitEnrollment({ method: 'totp', code: wrong })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'The code you entered is not valid',
    });
    expect(broker.prompt()).toBeNull();
  });

  it('a passkey factor: the flow asks for the passkey at once, the assertion made on the page verifies', async () => {
    const { client, wallets } = await harness();
    const webauthn = installSoftwareWebAuthn(softwareAuthenticator(), testOrigin);
    try {
      await client.passkey.link();
      const passkey = client.getState().user!.linked_accounts.find((a) => a.type === 'passkey') as {
        credential_id: string;
      };
      await wallets.mfa.submitEnrollment({ method: 'passkey', credentialIds: [passkey.credential_id] });
      expect(methods(client)).toEqual(['passkey']);
      const wallet = await wallets.createEthereumWallet();

      const flow = createMfaVerifyFlow(client);
      const detach = flow.attach();
      const signing = sign(wallets, wallet.address, 'passkey');
      await expect(signing).resolves.toMatch(/^0x/);
      expect(flow.view()).toMatchObject({ method: 'passkey', step: 'verified', canChooseAnother: false });
      expect(flow.lastPasskeyAddedAt()).toBeInstanceOf(Date);
      detach();
    } finally {
      webauthn.restore();
    }
  });
});

describe('a passkey that is a factor', () => {
  it('unlinks through the frame (client.passkey.unlink), after the user verified with it', async () => {
    const { app, client: server } = await t.createApp({
      email_auth: true,
      passkey_auth: true,
      mfa_methods: ['passkey'],
    });
    const frame = frameProxy(t, app.id);
    const { client } = testClient(t, app.id, { walletFrame: () => frame });
    await client.initialize();
    const email = `unlink-${++users}@example.com`;
    await client.email.sendCode({ email });
    await client.email.loginWithCode({ email, code: server.lastCode(email) });
    const webauthn = installSoftwareWebAuthn(softwareAuthenticator(), testOrigin);
    const flow = createMfaVerifyFlow(client);
    const detach = flow.attach();
    try {
      await client.passkey.link();
      await client.passkey.link();
      const passkeys = () =>
        (client.getState().user?.linked_accounts ?? []).filter((a) => a.type === 'passkey') as unknown as {
          credential_id: string;
          enrolled_in_mfa: boolean;
        }[];
      const [factor, other] = passkeys();
      await createMfaClient(client).submitEnrollmentWithPasskey({ credentialIds: [factor!.credential_id] });
      expect(passkeys().map((p) => p.enrolled_in_mfa)).toEqual([true, false]);
      await createMfaClient(client).clear();

      // The server refuses to remove a factor without the token: the frame's request asks for the
      // passkey (the headless flow runs the ceremony at once) and goes through with it.
      await client.passkey.unlink({ credentialId: factor!.credential_id });
      expect(flow.view()).toMatchObject({ method: 'passkey', step: 'verified' });
      expect(passkeys().map((p) => p.credential_id)).toEqual([other!.credential_id]);
      expect(client.getState().user?.mfa_methods).toEqual([]);
    } finally {
      detach();
      webauthn.restore();
    }
  });
});

describe('the headless verification flow, in Node', () => {
  it('preselects the first factor: SMS sends its code at once; a wrong code is non-blocking, the right one verifies', async () => {
    const { server, client, broker, wallets } = await harness();
    const phone = '+14155550125';
    await wallets.mfa.initEnrollment({ method: 'sms', phoneNumber: phone });
    await wallets.mfa.submitEnrollment({ method: 'sms', phoneNumber: phone, code: server.lastCode(phone) });
    const secret = await (async () => {
      // The second factor needs a code of the first.
      const adding = wallets.mfa.initEnrollment({ method: 'totp' });
      await awaitingCode(broker);
      await createMfaClient(client).init('sms');
      await broker.submit({ method: 'sms', code: server.lastCode(phone) });
      const init = await adding;
      await wallets.mfa.submitEnrollment({ method: 'totp', code: totpCode(init.secret!, now()) });
      return init.secret!;
    })();
    expect(methods(client)).toEqual(['sms', 'totp']);
    await wallets.mfa.clear();

    const enrolmentCode = server.lastCode(phone);
    const flow = createMfaVerifyFlow(client);
    const detach = flow.attach();
    const wallet = await wallets.createEthereumWallet();
    const signing = sign(wallets, wallet.address, 'flow');
    await vi.waitFor(() => expect(flow.view()).toMatchObject({ method: 'sms', step: 'code' }));
    expect(flow.view()?.canChooseAnother).toBe(true);
    const sent = server.lastCode(phone);
    expect(sent).not.toBe(enrolmentCode);
    const wrong = sent === '000000' ? '111111' : '000000';
    expect(await flow.submitCode(wrong)).toEqual({
      message: 'The code you entered is not valid',
      blocking: false,
    });
    expect(flow.view()).toMatchObject({ step: 'code', error: { blocking: false } });

    // 'Choose another method': the authenticator app instead.
    flow.chooseAnother();
    expect(flow.view()).toMatchObject({ method: null, step: 'choose' });
    flow.choose('totp');
    expect(flow.view()).toMatchObject({ method: 'totp', step: 'code' });
    expect(await flow.submitCode(nextCode(secret))).toBeNull();
    await expect(signing).resolves.toMatch(/^0x/);
    expect(flow.view()?.step).toBe('verified');
    detach();
  });

  it("closing before it succeeded fails the operation with 'Canceled MFA verification.'", async () => {
    const { wallets, client } = await harness();
    await enrollTotp(wallets);
    const flow = createMfaVerifyFlow(client);
    const detach = flow.attach();
    const wallet = await wallets.createEthereumWallet();
    const signing = sign(wallets, wallet.address, 'closed');
    await vi.waitFor(() => expect(flow.view()).toMatchObject({ method: 'totp', step: 'code' }));
    flow.close();
    await expect(signing).rejects.toMatchObject({
      type: 'client_error',
      message: 'Canceled MFA verification.',
    });
    expect(flow.view()).toBeNull();
    detach();
  });
});
