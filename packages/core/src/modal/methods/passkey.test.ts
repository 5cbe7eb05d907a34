import { startTestServer, type TestServer, testClient, testOrigin } from '@latchkey/test/client';
import {
  installSoftwareWebAuthn,
  type SoftwareWebAuthn,
  softwareAuthenticator,
} from '@latchkey/test/webauthn';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LatchkeyClientError } from '../../errors.ts';
import { createModalFlow } from '../flow.ts';
import type { FlowOutcome } from '../outcomes.ts';
import {
  initialPasskeyState,
  type PasskeyScreenEvent,
  passkeyScreenReducer,
  passkeysSupported,
} from './passkey.ts';

/**
 * The modal's passkey flow on a real client of a real server, the browser's WebAuthn played by a
 * software authenticator (`@simplewebauthn/browser` runs as in a page).
 */

let t: TestServer;
let webauthn: SoftwareWebAuthn;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(() => t.close());
afterEach(() => webauthn?.restore());

async function harness(patch: Record<string, unknown> = {}) {
  const { app, client: server } = await t.createApp({ passkey_auth: true, email_auth: true, ...patch });
  const { client } = testClient(t, app.id);
  await client.initialize();
  const outcomes: FlowOutcome[] = [];
  let dismissals = 0;
  const flow = createModalFlow({
    client,
    settings: () => ({}),
    report: (outcome) => outcomes.push(outcome),
    dismiss: () => {
      dismissals += 1;
      flow.ended();
    },
    walletCaptcha: async () => undefined,
  });
  flow.attach();
  let ids = 0;
  /** One attempt of the status screen, with the states it went through. */
  const run = async (action: 'login' | 'signup' | 'link') => {
    const events: PasskeyScreenEvent[] = [];
    await flow.passkey.run(action, (event) => events.push(event));
    return { events, state: events.reduce(passkeyScreenReducer, initialPasskeyState) };
  };
  return {
    app,
    server,
    client,
    flow,
    outcomes,
    run,
    open: (intent: 'login' | 'link-passkey') => flow.open({ intent, id: ++ids }),
    dismissals: () => dismissals,
  };
}

describe('the passkey flow', () => {
  it("asks 'Log in or create a new account?' when sign-up is on, and signs up through the spec's states", async () => {
    const h = await harness({ passkeys_for_signup_enabled: true });
    webauthn = installSoftwareWebAuthn(softwareAuthenticator(), testOrigin);
    h.open('login');
    h.flow.login.chooseMethod('passkey');
    expect(h.flow.screen()).toEqual({ name: 'passkey-choice' });
    h.flow.passkey.choose('signup');
    expect(h.flow.screen()).toEqual({ name: 'passkey-status', action: 'signup' });
    const { events, state } = await h.run('signup');
    const steps = events.map((e) => (e.type === 'step' ? e.step : e.type));
    expect([...new Set(steps)]).toEqual([
      'generating-challenge',
      'awaiting-passkey',
      'submitting-response',
      'done',
    ]);
    expect(state.status).toBe('done');
    expect(h.outcomes).toEqual([
      expect.objectContaining({ type: 'login-complete', isNewUser: true, method: 'passkey' }),
    ]);
    // 'Success' stays on the status screen until the close (document 1 §4 After login: 1400 ms).
    expect(h.flow.screen().name).toBe('passkey-status');
    await vi.waitFor(() => expect(h.dismissals()).toBe(1), { timeout: 3000 });
    expect(h.client.getState().user?.linked_accounts).toEqual([
      expect.objectContaining({ type: 'passkey', credential_id: webauthn.authenticator.credentials[0]!.id }),
    ]);
  });

  it('goes straight to logging in when sign-up with passkeys is off', async () => {
    const h = await harness();
    h.open('login');
    h.flow.login.chooseMethod('passkey');
    expect(h.flow.screen()).toEqual({ name: 'passkey-status', action: 'login' });
  });

  it('logs in with a passkey, and stays on the status screen with the reason when the user cancels', async () => {
    const h = await harness({ passkeys_for_signup_enabled: true });
    webauthn = installSoftwareWebAuthn(softwareAuthenticator(), testOrigin);
    const { user } = await h.client.passkey.signup();
    await h.client.logout();

    h.open('login');
    h.flow.login.chooseMethod('passkey');
    h.flow.passkey.choose('login');
    webauthn.refuse = true;
    const cancelled = await h.run('login');
    expect(cancelled.state).toMatchObject({
      status: 'error',
      message: expect.stringContaining('not allowed'),
    });
    expect(h.outcomes).toEqual([]);
    expect(h.flow.screen().name).toBe('passkey-status');
    await expect(h.client.passkey.login()).rejects.toMatchObject({ code: 'passkey_not_allowed' });

    // Retry.
    webauthn.refuse = false;
    const retried = await h.run('login');
    expect(retried.state.status).toBe('done');
    expect(h.outcomes).toEqual([
      expect.objectContaining({ type: 'login-complete', isNewUser: false, method: 'passkey' }),
    ]);
    expect(h.client.getState().user?.id).toBe(user.id);
  });

  it('links a passkey from the link-passkey intent, and reports the limit on the screen', async () => {
    const h = await harness();
    webauthn = installSoftwareWebAuthn(softwareAuthenticator(), testOrigin);
    await h.client.email.sendCode({ email: 'link@example.com' });
    await h.client.email.loginWithCode({
      email: 'link@example.com',
      code: h.server.lastCode('link@example.com'),
    });
    h.open('link-passkey');
    expect(h.flow.screen()).toEqual({ name: 'passkey-status', action: 'link' });
    expect((await h.run('link')).state.status).toBe('done');
    expect(h.outcomes).toEqual([expect.objectContaining({ type: 'link-success', method: 'passkey' })]);
    for (let i = 0; i < 4; i++) await h.client.passkey.link();
    const sixth = await h.run('link');
    expect(sixth.state).toMatchObject({
      status: 'error',
      message: 'User already has an account of type passkey linked.',
    });
  });

  it('shows refusals with screens of their own there (allowlist)', async () => {
    const h = await harness({ passkeys_for_signup_enabled: true, allowlist_enabled: true });
    webauthn = installSoftwareWebAuthn(softwareAuthenticator(), testOrigin);
    h.open('login');
    h.flow.login.chooseMethod('passkey');
    h.flow.passkey.choose('signup');
    await h.run('signup');
    expect(h.flow.screen()).toMatchObject({ name: 'error' });
    expect(h.outcomes).toEqual([{ type: 'error', kind: 'login', code: 'allowlist_rejected' }]);
  });

  it('refuses a passkey login while logged in, as every login', async () => {
    const h = await harness({ passkeys_for_signup_enabled: true });
    webauthn = installSoftwareWebAuthn(softwareAuthenticator(), testOrigin);
    await h.client.passkey.signup();
    await expect(h.client.passkey.login()).rejects.toBeInstanceOf(LatchkeyClientError);
  });
});

describe('passkeysSupported', () => {
  it('needs WebAuthn, and a page on a domain (WebAuthn takes no IP address as relying party)', () => {
    expect(passkeysSupported()).toBe(false);
    webauthn = installSoftwareWebAuthn(softwareAuthenticator(), testOrigin);
    for (const [hostname, supported] of [
      ['localhost', true],
      ['app.example.com', true],
      ['127.0.0.1', false],
      ['[::1]', false],
    ] as const) {
      vi.stubGlobal('location', { hostname, origin: `http://${hostname}` });
      expect(passkeysSupported(), hostname).toBe(supported);
    }
    vi.unstubAllGlobals();
  });
});
