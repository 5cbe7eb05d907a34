import { startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import { LatchkeyApiError } from '../errors.ts';
import { type SigningView, signingStore } from '../signing/queue.ts';
import type { ModalIntent, ModalOptions } from '../ui/intents.ts';
import { createModalFlow } from './flow.ts';
import type { FlowOutcome } from './outcomes.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(async () => {
  await t.close();
});

/** A modal flow on a real client of a new app, recording what it reports and when it closes. */
async function harness(patch: Record<string, unknown> = {}) {
  const { app, client: server } = await t.createApp({ email_auth: true, ...patch });
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
  const detach = flow.attach();
  let ids = 0;
  const open = (intent: ModalIntent, options: ModalOptions = {}) =>
    flow.open({ intent, id: ++ids, ...options });
  return {
    app,
    server,
    client,
    flow,
    outcomes,
    open,
    detach,
    dismissals: () => dismissals,
    screen: () => flow.screen().name,
  };
}

/** Logs `client` in as `email` without the modal. */
async function logIn(client: LatchkeyClient, server: { lastCode(to: string): string }, email: string) {
  await client.email.sendCode({ email });
  await client.email.loginWithCode({ email, code: server.lastCode(email) });
}

const errors = (outcomes: FlowOutcome[]) => outcomes.filter((o) => o.type === 'error');

describe('the login flow', () => {
  it('logs in by email: landing → email → code, reports once, shows success, then closes', async () => {
    const h = await harness();
    h.open('login');
    expect(h.screen()).toBe('landing');
    expect(h.flow.canGoBack()).toBe(false);
    h.flow.login.chooseMethod('email');
    expect(h.screen()).toBe('email');
    expect(h.flow.canGoBack()).toBe(true);
    await h.flow.code.submitEmail('alice@example.com');
    const screen = h.flow.screen();
    expect(screen).toEqual({ name: 'code', target: { kind: 'email', address: 'alice@example.com' } });

    const wrong = h.server.lastCode('alice@example.com') === '000000' ? '111111' : '000000';
    const refused = await h.flow.code.submitCode({ kind: 'email', address: 'alice@example.com' }, wrong);
    expect(refused).toEqual({ message: expect.any(String) });
    expect(h.screen()).toBe('code');

    const code = h.server.lastCode('alice@example.com');
    expect(await h.flow.code.submitCode({ kind: 'email', address: 'alice@example.com' }, code)).toBe('ok');
    expect(h.outcomes).toEqual([
      expect.objectContaining({
        type: 'login-complete',
        isNewUser: true,
        wasAlreadyAuthenticated: false,
        method: 'email',
      }),
    ]);
    expect(h.screen()).toBe('success');
    expect(h.flow.canGoBack()).toBe(false);
    await vi.waitFor(() => expect(h.dismissals()).toBe(1), { timeout: 3000 });
    // Closing after the outcome was reported reports nothing more.
    h.flow.close();
    expect(h.outcomes).toHaveLength(1);
    h.detach();
  });

  it('reports exited_auth_flow once when the user closes before logging in', async () => {
    const h = await harness();
    h.open('login');
    h.flow.login.chooseMethod('email');
    h.flow.close();
    h.flow.close();
    expect(h.outcomes).toEqual([{ type: 'error', kind: 'login', code: 'exited_auth_flow' }]);
    expect(h.dismissals()).toBe(2);
    h.detach();
  });

  it('steps back and starts again; a method no flow handles shows the error screen and reports', async () => {
    const h = await harness();
    h.open('login');
    h.flow.login.chooseMethod('sms');
    expect(h.screen()).toBe('phone');
    h.flow.back();
    expect(h.screen()).toBe('landing');
    // Guest login has no landing button (the app starts it): no modal flow handles it.
    h.flow.login.chooseMethod('guest');
    const screen = h.flow.screen();
    expect(screen.name).toBe('error');
    expect(errors(h.outcomes)).toEqual([{ type: 'error', kind: 'login', code: 'unknown_auth_error' }]);
    h.flow.restart();
    expect(h.flow.getState().navigation.stack).toEqual([{ name: 'landing' }]);
    h.detach();
  });

  it('shows the server refusal of a code request on the error screen, with its code reported', async () => {
    const h = await harness();
    h.open('login');
    await h.flow.code.submitEmail('not-an-email');
    const screen = h.flow.screen();
    expect(screen.name).toBe('error');
    const error = (screen as { error: unknown }).error;
    expect(error).toBeInstanceOf(Error);
    expect(errors(h.outcomes)).toHaveLength(1);
    h.detach();
  });

  it('sends the code through the captcha screen when the app has a captcha', async () => {
    const h = await harness({
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 't:0x4AAAAAAA',
    });
    h.open('login');
    await h.flow.code.submitEmail('bob@example.com');
    expect(h.flow.screen()).toEqual({
      name: 'captcha',
      target: { kind: 'email', address: 'bob@example.com' },
    });
    h.detach();
  });

  it('completes at once when the restored session is already logged in', async () => {
    const h = await harness();
    await logIn(h.client, h.server, 'carol@example.com');
    h.open('login');
    expect(h.outcomes).toEqual([
      expect.objectContaining({ type: 'login-complete', wasAlreadyAuthenticated: true, method: null }),
    ]);
    expect(h.dismissals()).toBe(1);
    h.detach();
  });
});

describe('the terms gate', () => {
  async function atTerms() {
    const h = await harness({ require_users_accept_terms: true });
    h.open('login');
    await h.flow.code.submitEmail('dave@example.com');
    const target = { kind: 'email', address: 'dave@example.com' } as const;
    expect(await h.flow.code.submitCode(target, h.server.lastCode('dave@example.com'))).toBe('ok');
    expect(h.outcomes).toEqual([]);
    await vi.waitFor(() => expect(h.screen()).toBe('terms'), { timeout: 3000 });
    expect(h.flow.canGoBack()).toBe(false);
    return h;
  }

  it('completes the login once the terms are accepted', async () => {
    const h = await atTerms();
    await h.flow.login.acceptTerms();
    expect(h.outcomes).toEqual([expect.objectContaining({ type: 'login-complete', method: 'email' })]);
    expect(h.client.getState().user?.has_accepted_terms).toBe(true);
    h.detach();
  });

  it('undoes the login when the user closes the gate', async () => {
    const h = await atTerms();
    expect(h.client.getState().authenticated).toBe(true);
    h.flow.close();
    expect(h.outcomes).toEqual([{ type: 'error', kind: 'login', code: 'exited_auth_flow' }]);
    await vi.waitFor(() => expect(h.client.getState().authenticated).toBe(false));
    h.detach();
  });

  it('undoes the login when the user declines', async () => {
    const h = await atTerms();
    await h.flow.login.declineTerms();
    expect(h.client.getState().authenticated).toBe(false);
    expect(h.outcomes).toEqual([{ type: 'error', kind: 'login', code: 'exited_auth_flow' }]);
    h.detach();
  });
});

describe('linking and updating', () => {
  async function linkingShared(h: Awaited<ReturnType<typeof harness>>) {
    const other = testClient(t, h.app.id).client;
    await other.initialize();
    await logIn(other, h.server, 'shared@example.com');
    // By phone: one email per user, so the shared one could not be moved to a user with another.
    await h.client.sms.sendCode({ phoneNumber: '+1 555 555 0100' });
    await h.client.sms.loginWithCode({
      phoneNumber: '+1 555 555 0100',
      code: h.server.lastCode('+15555550100'),
    });
    h.open('link-email');
    expect(h.screen()).toBe('link-email');
    await h.flow.code.submitEmail('shared@example.com');
    const target = { kind: 'email', address: 'shared@example.com' } as const;
    expect(await h.flow.code.submitCode(target, h.server.lastCode('shared@example.com'))).toBe('left');
  }

  it('offers the transfer of an account another user holds, and moves it', async () => {
    const h = await harness({ sms_auth: true });
    await linkingShared(h);
    const screen = h.flow.screen();
    expect(screen).toMatchObject({
      name: 'transfer',
      method: 'email',
      transfer: { displayName: 'shared@example.com' },
    });
    await h.flow.transfer.accept();
    expect(h.outcomes).toEqual([expect.objectContaining({ type: 'link-success', method: 'email' })]);
    expect(h.screen()).toBe('success');
    h.detach();
  });

  it('ends the link as refused when the transfer is declined', async () => {
    const h = await harness({ sms_auth: true });
    await linkingShared(h);
    h.flow.transfer.decline();
    expect(h.outcomes).toEqual([{ type: 'error', kind: 'link', code: 'linked_to_another_user' }]);
    expect(h.dismissals()).toBe(1);
    h.detach();
  });

  it('updates the email address, replacing the current one', async () => {
    const h = await harness();
    await logIn(h.client, h.server, 'old@example.com');
    h.open('update-email');
    await h.flow.code.submitEmail('new@example.com');
    const target = { kind: 'email', address: 'new@example.com' } as const;
    expect(await h.flow.code.submitCode(target, h.server.lastCode('new@example.com'))).toBe('left');
    const [outcome] = h.outcomes;
    expect(outcome).toMatchObject({ type: 'update-success', method: 'email' });
    const emails = h.client.getState().user?.linked_accounts.filter((a) => a.type === 'email');
    expect(emails).toEqual([expect.objectContaining({ address: 'new@example.com' })]);
    h.detach();
  });

  it('reports exited_link_flow when a link is left', async () => {
    const h = await harness();
    await logIn(h.client, h.server, 'erin@example.com');
    h.open('link-phone');
    expect(h.screen()).toBe('link-phone');
    h.flow.close();
    expect(h.outcomes).toEqual([{ type: 'error', kind: 'link', code: 'exited_link_flow' }]);
    h.detach();
  });
});

describe('embedded-wallet and signing requests', () => {
  it('rejects the waiting hook when the user leaves the password flow, and walks its steps', async () => {
    const h = await harness();
    await logIn(h.client, h.server, 'frank@example.com');
    const reject = vi.fn();
    h.open('set-wallet-password', { embeddedTask: { resolve: vi.fn(), reject } });
    expect(h.screen()).toBe('set-password');
    expect(h.flow.embedded.cancellable()).toBe(true);
    h.flow.embedded.choosePassword('correct horse');
    expect(h.flow.screen()).toEqual({ name: 'set-password-save', password: 'correct horse' });
    h.flow.embedded.savedPassword('correct horse');
    h.flow.embedded.confirmedPassword('correct horse');
    expect(h.screen()).toBe('set-password-acknowledge');
    h.flow.close();
    expect(reject).toHaveBeenCalledWith(expect.objectContaining({ code: 'user_exited_set_password_flow' }));
    // An embedded flow answers its hook, not the app's events.
    expect(h.outcomes).toEqual([]);
    h.detach();
  });

  it('asks for the current password first when the wallet has one', async () => {
    const h = await harness();
    h.open('set-wallet-password', {
      embeddedTask: { askCurrentPassword: true, resolve: vi.fn(), reject: vi.fn() },
    });
    expect(h.screen()).toBe('current-password');
    h.detach();
  });

  it('rejects a recovery the user left, and a new request ends the last one', async () => {
    const h = await harness();
    const first = vi.fn();
    h.open('recover-wallet', { embeddedTask: { resolve: vi.fn(), reject: first } });
    expect(h.screen()).toBe('recover-password');
    h.open('recover-wallet', { embeddedTask: { resolve: vi.fn(), reject: vi.fn() } });
    expect(first).toHaveBeenCalledWith(expect.objectContaining({ code: 'unknown_embedded_wallet_error' }));
    h.detach();
  });

  it('closes once the signing queue is empty, and refuses what waits when the user closes', async () => {
    const h = await harness();
    const queue = signingStore(h.client);
    h.open('signing');
    expect(h.dismissals()).toBe(1); // nothing to sign

    const { session } = queue.open({ ui: {}, signOnly: false });
    h.open('signing');
    expect(h.screen()).toBe('signing');
    const confirmed = session.confirm({ kind: 'message', text: 'hi', typedData: null });
    h.flow.close();
    await expect(confirmed).rejects.toThrow('The user closed the request');
    expect(queue.current()).toBeNull();

    const second = queue.open({ ui: {}, signOnly: false }).session;
    h.open('signing');
    second.finish();
    expect(h.dismissals()).toBe(3);
    expect(h.outcomes).toEqual([]);
    h.detach();
  });

  it('ends a signed message by itself after 1.4 s', async () => {
    vi.useFakeTimers();
    try {
      const queue = signingStore({} as LatchkeyClient);
      const { session } = queue.open({ ui: {}, signOnly: false });
      const choice = session.confirm({ kind: 'message', text: 'hi', typedData: null });
      queue.approve(session.id);
      await choice;
      session.update({ stage: 'complete' });
      expect(queue.current()?.stage).toBe<SigningView['stage']>('complete');
      vi.advanceTimersByTime(1399);
      expect(queue.current()).not.toBeNull();
      vi.advanceTimersByTime(1);
      expect(queue.current()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('errors the flows classify', () => {
  it('keeps a wrong code on the code screen and sends other refusals to their screen', async () => {
    const { codeEntryError } = await import('./errors.ts');
    expect(codeEntryError(new LatchkeyApiError(401, 'invalid_credentials', 'Invalid code'))).toBe(
      'Invalid code',
    );
    expect(codeEntryError(new LatchkeyApiError(403, 'allowlist_rejected', 'No'))).toBeNull();
  });
});
