import { startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatchkeyApiError, LatchkeyClientError } from '../../errors.ts';
import type { ModalIntent } from '../../ui/intents.ts';
import { errorNextStep, retryAt } from '../errors.ts';
import { createModalFlow } from '../flow.ts';

let t: TestServer;
let limited: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
  // Rate limits are off in test servers unless a test turns them on.
  limited = await startTestServer('sqlite', { settings: { rateLimitsEnabled: true } });
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

/** A modal flow on a real client of a new app on `server`. */
async function harness(server: TestServer = t, patch: Record<string, unknown> = {}) {
  const { app, client: admin } = await server.createApp({ email_auth: true, sms_auth: true, ...patch });
  const { client } = testClient(server, app.id);
  await client.initialize();
  const flow = createModalFlow({
    client,
    settings: () => ({}),
    report: () => undefined,
    dismiss: () => flow.ended(),
    walletCaptcha: async () => undefined,
  });
  const detach = flow.attach();
  let ids = 0;
  const open = (intent: ModalIntent) => flow.open({ intent, id: ++ids });
  return { admin, client, flow, open, detach, top: () => flow.screen() };
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('what the user typed', () => {
  it('is kept by the flow across Back from the code screen, and dropped by a new request', async () => {
    const h = await harness();
    h.open('login');
    h.flow.login.chooseMethod('sms');
    h.flow.code.editDraft({ phone: '(555) 555-0100', country: 'CA' });
    await h.flow.code.submitPhone('+15555550100');
    expect(h.top().name).toBe('code');
    h.flow.back();
    expect(h.top().name).toBe('phone');
    expect(h.flow.code.draft()).toEqual({ email: '', phone: '(555) 555-0100', country: 'CA', select: false });
    h.open('login');
    expect(h.flow.code.draft()).toEqual({ email: '', phone: '', country: null, select: false });
    h.detach();
  });

  it('is kept across Back from the captcha screen', async () => {
    const h = await harness(t, {
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 't:0x4AAAAAAA',
    });
    h.open('login');
    h.flow.login.chooseMethod('email');
    h.flow.code.editDraft({ email: 'Captcha.User@example.com' });
    await h.flow.code.submitEmail('captcha.user@example.com');
    expect(h.top().name).toBe('captcha');
    h.flow.back();
    expect(h.top().name).toBe('email');
    expect(h.flow.code.draft().email).toBe('Captcha.User@example.com');
    h.detach();
  });
});

describe('a code locked after its attempts', () => {
  it('is a lock (not a wrong code) with the server’s wait; a new code after the wait unlocks it', async () => {
    const h = await harness();
    h.open('login');
    const email = 'locked@example.com';
    const target = { kind: 'email', address: email } as const;
    await h.flow.code.submitEmail(email);
    const code = h.admin.lastCode(email);
    for (let i = 0; i < 5; i++)
      expect(await h.flow.code.submitCode(target, otherThan(code))).toEqual({ message: expect.any(String) });
    const before = Date.now();
    const locked = await h.flow.code.submitCode(target, code);
    // The window opened with the first failure: ten minutes from then (the server clock did not move).
    expect(locked).toEqual({ locked: { retryAt: expect.any(Number) } });
    const until = (locked as { locked: { retryAt: number } }).locked.retryAt;
    expect(until - before).toBeGreaterThan(590_000);
    expect(until - before).toBeLessThanOrEqual(601_000);
    expect(h.flow.code.lockOf(target)).toEqual({ retryAt: until });
    expect(h.top().name).toBe('code');

    t.advance(600);
    expect(await h.flow.code.resend(target)).toBe(true);
    expect(h.flow.code.lockOf(target)).toBeNull();
    expect(await h.flow.code.submitCode(target, h.admin.lastCode(email))).toBe('ok');
    h.detach();
  });
});

describe('errors that cannot succeed on retry', () => {
  it('updating to an email another user holds offers the field again, its text selected', async () => {
    const h = await harness();
    const other = testClient(t, (await h.client.getState().appConfig)!.id).client;
    await other.initialize();
    await other.email.sendCode({ email: 'taken@example.com' });
    await other.email.loginWithCode({
      email: 'taken@example.com',
      code: h.admin.lastCode('taken@example.com'),
    });
    await h.client.email.sendCode({ email: 'mine@example.com' });
    await h.client.email.loginWithCode({
      email: 'mine@example.com',
      code: h.admin.lastCode('mine@example.com'),
    });

    h.open('update-email');
    h.flow.code.editDraft({ email: 'Taken@example.com' });
    await h.flow.code.submitEmail('taken@example.com');
    const target = { kind: 'email', address: 'taken@example.com' } as const;
    expect(await h.flow.code.submitCode(target, h.admin.lastCode('taken@example.com'))).toBe('left');
    const screen = h.top();
    expect(screen).toMatchObject({ name: 'error', address: 'email' });
    const { error } = screen as { error: unknown };
    expect(errorNextStep(error, { address: true, login: false })).toBe('edit-address');

    h.flow.code.editAddress();
    expect(h.flow.getState().navigation.stack.map((s) => s.name)).toEqual(['update-email']);
    expect(h.flow.code.draft()).toMatchObject({ email: 'Taken@example.com', select: true });
    // Typing again ends the selection request.
    h.flow.code.editDraft({ email: 'other@example.com' });
    expect(h.flow.code.draft().select).toBe(false);
    h.detach();
  });

  it('a rate-limited send shows its wait (Retry-After) and goes back to the field', async () => {
    const h = await harness(limited);
    h.open('login');
    h.flow.login.chooseMethod('email');
    const email = 'often@example.com';
    h.flow.code.editDraft({ email });
    // Three codes per address per code lifetime (the server's send budget), then a wait.
    for (let i = 0; i < 3; i++) {
      await h.flow.code.submitEmail(email);
      expect(h.top().name).toBe('code');
      h.flow.back();
    }
    const before = Date.now();
    await h.flow.code.submitEmail(email);
    const screen = h.top() as { name: string; error: unknown; retryAt: number | null };
    expect(screen.name).toBe('error');
    expect(errorNextStep(screen.error, { address: true, login: true })).toBe('wait');
    expect(screen.retryAt! - before).toBeGreaterThan(500_000);
    expect(screen.retryAt! - before).toBeLessThanOrEqual(601_000);
    h.flow.back();
    expect(h.top().name).toBe('email');
    expect(h.flow.code.draft().email).toBe(email);
    h.detach();
  });

  it('are told apart from those a retry can fix', () => {
    const api = (status: number, code: string) =>
      new LatchkeyApiError(status, code as 'invalid_data', 'server says');
    const typed = { address: true, login: true };
    const link = { address: false, login: false };
    expect(errorNextStep(api(429, 'too_many_requests'), link)).toBe('wait');
    expect(errorNextStep(api(400, 'linked_to_another_user'), typed)).toBe('edit-address');
    expect(errorNextStep(api(400, 'linked_to_another_user'), link)).toBe('close');
    expect(errorNextStep(api(403, 'disallowed_plus_email'), typed)).toBe('edit-address');
    expect(errorNextStep(api(422, 'invalid_request'), typed)).toBe('edit-address');
    expect(errorNextStep(api(400, 'cannot_link_more_of_type'), typed)).toBe('close');
    expect(errorNextStep(api(403, 'disallowed_login_method'), typed)).toBe('restart');
    expect(errorNextStep(api(403, 'disallowed_login_method'), link)).toBe('close');
    expect(errorNextStep(api(400, 'invalid_captcha'), typed)).toBe('retry');
    expect(errorNextStep(api(500, 'internal_error'), typed)).toBe('retry');
    expect(errorNextStep(new LatchkeyClientError('client_request_timeout'), typed)).toBe('retry');
    expect(errorNextStep(new LatchkeyClientError('network_error'), typed)).toBe('retry');
    expect(errorNextStep(new LatchkeyClientError('invalid_input', 'bad'), typed)).toBe('close');
    expect(errorNextStep(new Error('boom'), typed)).toBe('retry');
  });

  it("read when to try again from the 429's data (its Retry-After)", () => {
    const limitedError = new LatchkeyApiError(429, 'too_many_requests', 'slow down', {
      data: { retry_after_seconds: 42 },
    });
    expect(retryAt(limitedError, 1_000)).toBe(43_000);
    expect(retryAt(new LatchkeyApiError(429, 'too_many_requests', 'slow down'), 1_000)).toBeNull();
  });
});
