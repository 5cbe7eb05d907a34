import { startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { totpCode } from '@latchkey/test/server';
import { frameProxy } from '@latchkey/test/server/wallet-frame';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import { signingStore } from '../signing/queue.ts';
import { createModalFlow } from './flow.ts';
import type { MfaScreen } from './mfa-enrollment.ts';

/*
 * The modal's MFA screens without a UI, on a real client of a real server with the wallet frame's
 * own code in Node: the enrolment flow, and 'Verify your identity' over another flow's screen.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(() => t.close());

let users = 0;

async function harness(patch: Record<string, unknown> = {}) {
  const { app, client: server } = await t.createApp({
    email_auth: true,
    mfa_methods: ['sms', 'totp', 'passkey'],
    ...patch,
  });
  const frame = frameProxy(t, app.id);
  const { client } = testClient(t, app.id, { walletFrame: () => frame });
  await client.initialize();
  const email = `enrol-${++users}@example.com`;
  await client.email.sendCode({ email });
  await client.email.loginWithCode({ email, code: server.lastCode(email) });
  let dismissals = 0;
  const flow = createModalFlow({
    client,
    settings: () => ({}),
    report: () => undefined,
    dismiss: () => {
      dismissals += 1;
      flow.ended();
    },
    walletCaptcha: async () => undefined,
  });
  const detach = flow.attach();
  let ids = 0;
  return {
    server,
    client,
    flow,
    detach,
    open: (intent: 'mfa-enrollment' | 'signing') => flow.open({ intent, id: ++ids }),
    screen: () => flow.screen() as MfaScreen | { name: string },
    dismissals: () => dismissals,
  };
}

const methods = (client: LatchkeyClient) => client.getState().user?.mfa_methods.map((m) => m.type);
const now = () => t.ctx.now();

describe('the MFA enrolment flow', () => {
  it("starts on 'Transaction Protection', then enrols an authenticator app: QR and key, code, 'Done'", async () => {
    const h = await harness();
    h.open('mfa-enrollment');
    expect(h.screen()).toEqual({ name: 'mfa-enroll-intro' });
    h.flow.mfaEnrollment.continueIntro();
    expect(h.screen()).toEqual({ name: 'mfa-enroll-methods' });
    // The spec's order, as the app offers them; none enabled yet.
    expect(h.flow.mfaEnrollment.methods()).toEqual([
      { method: 'passkey', enabled: false },
      { method: 'totp', enabled: false },
      { method: 'sms', enabled: false },
    ]);
    expect(await h.flow.mfaEnrollment.select('totp')).toBeNull();
    const totp = h.screen() as Extract<MfaScreen, { name: 'mfa-enroll-totp' }>;
    expect(totp.name).toBe('mfa-enroll-totp');
    expect(totp.authUrl).toContain(`secret=${totp.secret}`);
    h.flow.mfaEnrollment.totpScanned();
    expect(h.screen()).toEqual({ name: 'mfa-enroll-totp-code' });
    const wrong = totpCode(totp.secret, now()) === '000000' ? '111111' : '000000';
    expect(await h.flow.mfaEnrollment.submitTotpCode(wrong)).toBe('The code you entered is not valid');
    expect(await h.flow.mfaEnrollment.submitTotpCode(totpCode(totp.secret, now()))).toBeNull();
    expect(h.screen()).toEqual({ name: 'mfa-enrolled', method: 'totp' });
    expect(methods(h.client)).toEqual(['totp']);
    h.flow.mfaEnrollment.done();
    await vi.waitFor(() => expect(h.dismissals()).toBe(1));
    h.detach();
  });

  it("with a factor: the list shows it 'Enabled'; removing it verifies first, over the list, then confirms", async () => {
    const h = await harness();
    h.open('mfa-enrollment');
    h.flow.mfaEnrollment.continueIntro();
    await h.flow.mfaEnrollment.select('totp');
    const { secret } = h.screen() as Extract<MfaScreen, { name: 'mfa-enroll-totp' }>;
    h.flow.mfaEnrollment.totpScanned();
    await h.flow.mfaEnrollment.submitTotpCode(totpCode(secret, now()));
    h.flow.mfaEnrollment.done();
    await vi.waitFor(() => expect(h.dismissals()).toBe(1));
    // A new page: the frame holds no token.
    await (await h.client.embeddedWallets()).mfa.clear();

    h.open('mfa-enrollment');
    expect(h.screen()).toEqual({ name: 'mfa-enroll-methods' });
    expect(h.flow.mfaEnrollment.methods()).toContainEqual({ method: 'totp', enabled: true });
    const removing = h.flow.mfaEnrollment.askRemove('totp');
    // 'Verify your identity' over the list, the authenticator preselected.
    await vi.waitFor(() => expect(h.screen()).toEqual({ name: 'mfa-verify' }));
    expect(h.flow.canGoBack()).toBe(false);
    expect(h.flow.mfa.view()).toMatchObject({ method: 'totp', step: 'code', canChooseAnother: false });
    t.advance(30);
    expect(await h.flow.mfa.submitCode(totpCode(secret, now()))).toBeNull();
    expect(await removing).toBeNull();
    expect(h.screen()).toEqual({ name: 'mfa-remove', method: 'totp' });
    expect(await h.flow.mfaEnrollment.remove('totp')).toBeNull();
    expect(h.screen()).toEqual({ name: 'mfa-enroll-methods' });
    expect(methods(h.client)).toEqual([]);
    h.detach();
  });

  it("'Add more security' when the app offers no factor", async () => {
    const h = await harness({ mfa_methods: [] });
    h.open('mfa-enrollment');
    expect(h.screen()).toEqual({ name: 'mfa-enroll-methods' });
    expect(h.flow.mfaEnrollment.methods()).toEqual([]);
    h.detach();
  });
});

describe("'Verify your identity' over another flow", () => {
  it('shows over the signing screen, and the signing screen is back once verified', async () => {
    const h = await harness();
    const wallets = await h.client.embeddedWallets();
    const mfa = wallets.mfa;
    const init = await mfa.initEnrollment({ method: 'totp' });
    await mfa.submitEnrollment({ method: 'totp', code: totpCode(init.secret!, now()) });
    await mfa.clear();
    const wallet = await wallets.createEthereumWallet();
    // A signing request on screen (the confirmation passed), then the frame's refusal for MFA.
    const { session } = signingStore(h.client).open({ ui: {}, signOnly: false });
    h.open('signing');
    expect(h.screen()).toEqual({ name: 'signing' });
    const signing = wallets.rpc(wallet.address, 'ethereum', {
      method: 'personal_sign',
      params: ['0x68', wallet.address],
    });
    await vi.waitFor(() => expect(h.screen()).toEqual({ name: 'mfa-verify' }));
    t.advance(30);
    expect(await h.flow.mfa.submitCode(totpCode(init.secret!, now()))).toBeNull();
    await expect(signing).resolves.toMatch(/^0x/);
    expect(h.screen()).toEqual({ name: 'signing' });
    expect(h.dismissals()).toBe(0);
    session.finish();
    h.detach();
  });

  it("closing the modal during the verification fails the operation with 'Canceled MFA verification.'", async () => {
    const h = await harness();
    const wallets = await h.client.embeddedWallets();
    const init = await wallets.mfa.initEnrollment({ method: 'totp' });
    await wallets.mfa.submitEnrollment({ method: 'totp', code: totpCode(init.secret!, now()) });
    await wallets.mfa.clear();
    const removing = wallets.mfa.unenroll('totp');
    h.flow.open({ intent: 'mfa-verify', id: 99 });
    await vi.waitFor(() => expect(h.flow.mfa.view()?.step).toBe('code'));
    h.flow.close();
    await expect(removing).rejects.toMatchObject({
      type: 'client_error',
      message: 'Canceled MFA verification.',
    });
    expect(methods(h.client)).toEqual(['totp']);
    h.detach();
  });
});
