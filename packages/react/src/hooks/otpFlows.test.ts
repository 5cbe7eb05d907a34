import { type LatchkeyClient, LatchkeyError } from '@latchkey/core';
import { startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkAccountEvent, UpdateAccountEvent } from '../callbacks.ts';
import { createLatchkeyEvents } from '../events.ts';
import type { OtpFlowState } from '../flowStates.ts';
import { linkOtpFlow, updateOtpFlow } from './otpFlows.ts';

// The headless link and update flows of useLinkEmail, useLinkPhone, useUpdateEmail and useUpdatePhone
// against the real test server: each hook keeps one of these per mount and passes its state setter.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(async () => {
  await t.close();
});

/** A new app's client, logged in by SMS with this number (or logged out without one). */
async function client(phone: string | null) {
  const { app, client: server } = await t.createApp({ email_auth: true, sms_auth: true });
  const c = testClient(t, app.id);
  await c.client.initialize();
  if (phone) {
    await c.client.sms.sendCode({ phoneNumber: phone });
    await c.client.sms.loginWithCode({ phoneNumber: phone, code: server.lastCode(phone.replace(/ /g, '')) });
  }
  return { ...c, app, server };
}

/** A flow's dependencies, recording its states and the provider events it emits. */
function record(client: LatchkeyClient) {
  const states: OtpFlowState['status'][] = [];
  const errors: (Error | null)[] = [];
  const events = createLatchkeyEvents();
  const heard = {
    link: [] as LinkAccountEvent[],
    linkError: [] as string[],
    update: [] as UpdateAccountEvent[],
    updateError: [] as string[],
  };
  events.on('linkSuccess', (e) => heard.link.push(e));
  events.on('linkError', (e) => heard.linkError.push(e));
  events.on('updateSuccess', (e) => heard.update.push(e));
  events.on('updateError', (e) => heard.updateError.push(e));
  const setState = (state: OtpFlowState) => {
    states.push(state.status);
    if (state.status === 'error') errors.push(state.error);
  };
  return { deps: { client, events, setState }, states, errors, heard };
}

const accountTypes = (c: LatchkeyClient) =>
  c
    .getState()
    .user?.linked_accounts.map((a) => a.type)
    .sort();

describe('linkOtpFlow (useLinkEmail, useLinkPhone)', () => {
  it('links an email: sending-code → awaiting-code-input → submitting-code → done; linkSuccess with the account', async () => {
    const { client: c, server } = await client('+1 555 555 0101');
    const { deps, states, heard } = record(c);
    const flow = linkOtpFlow('email', deps);
    await flow.sendCode('link-1@example.com');
    const { user } = await flow.linkWithCode(server.lastCode('link-1@example.com'));
    expect(user.email?.address).toBe('link-1@example.com');
    expect(states).toEqual(['sending-code', 'awaiting-code-input', 'submitting-code', 'done']);
    expect(heard.link).toEqual([
      expect.objectContaining({
        linkMethod: 'email',
        linkedAccount: expect.objectContaining({ type: 'email', address: 'link-1@example.com' }),
      }),
    ]);
    // The session's user has it too, so every hook sees it.
    expect(accountTypes(c)).toEqual(['email', 'phone']);
  });

  it('a wrong code: error state with the server error, linkError with its code, rejects; the right code then links', async () => {
    const { client: c, server } = await client('+1 555 555 0102');
    const { deps, states, errors, heard } = record(c);
    const flow = linkOtpFlow('email', deps);
    await flow.sendCode('link-2@example.com');
    const right = server.lastCode('link-2@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const failure = await flow.linkWithCode(wrong).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LatchkeyError);
    const code = (failure as LatchkeyError).code;
    expect(code).toBe('invalid_credentials');
    expect(states.slice(-2)).toEqual(['submitting-code', 'error']);
    expect(errors).toEqual([failure]);
    expect(heard.linkError).toEqual([code]);
    await flow.linkWithCode(right);
    expect(states.at(-1)).toBe('done');
  });

  it('an email another user has: the server’s account_transfer_required (the incumbent’s wire) to the state, linkError and the promise', async () => {
    const { client: c, server, app } = await client('+1 555 555 0104');
    const owner = testClient(t, app.id);
    await owner.client.initialize();
    await owner.client.email.sendCode({ email: 'taken@example.com' });
    await owner.client.email.loginWithCode({
      email: 'taken@example.com',
      code: server.lastCode('taken@example.com'),
    });

    const { deps, errors, heard } = record(c);
    const flow = linkOtpFlow('email', deps);
    await flow.sendCode('taken@example.com');
    await expect(flow.linkWithCode(server.lastCode('taken@example.com'))).rejects.toMatchObject({
      code: 'account_transfer_required',
    });
    expect(errors).toEqual([expect.objectContaining({ code: 'account_transfer_required' })]);
    expect(heard.linkError).toEqual(['account_transfer_required']);
    expect(accountTypes(c)).toEqual(['phone']);
  });

  it('a user with a phone number cannot link another (the incumbent refuses before sending)', async () => {
    const { client: c, count } = await client('+1 555 555 0103');
    const { deps, states, heard } = record(c);
    await expect(linkOtpFlow('sms', deps).sendCode('+1 555 555 0105')).rejects.toMatchObject({
      code: 'cannot_link_more_of_type',
      message: 'User already has a phone account linked.',
    });
    expect(states).toEqual(['error']);
    expect(heard.linkError).toEqual([]);
    expect(count('/api/v1/passwordless_sms/init')).toBe(1);
  });

  it('logged out: must_be_authenticated with the incumbent’s message; nothing sent', async () => {
    const { client: c, count } = await client(null);
    const { deps, states, errors } = record(c);
    const flow = linkOtpFlow('email', deps);
    await expect(flow.sendCode('link-3@example.com')).rejects.toMatchObject({
      code: 'must_be_authenticated',
      message: 'User must be authenticated before linking an account.',
    });
    expect(states).toEqual(['error']);
    expect(errors[0]).toBeInstanceOf(LatchkeyError);
    expect(count('/api/v1/passwordless/init')).toBe(0);
  });

  it('linkWithCode before sendCode: rejects, error state', async () => {
    const { client: c } = await client('+1 555 555 0106');
    const { deps, states } = record(c);
    await expect(linkOtpFlow('email', deps).linkWithCode('123456')).rejects.toThrow(
      'Must initialize a passwordless code flow first',
    );
    expect(states).toEqual(['submitting-code', 'error']);
  });
});

describe('updateOtpFlow (useUpdateEmail, useUpdatePhone)', () => {
  async function withEmail(email: string) {
    const c = await client('+1 555 555 0110');
    const flow = linkOtpFlow('email', record(c.client).deps);
    await flow.sendCode(email);
    await flow.linkWithCode(c.server.lastCode(email));
    return c;
  }

  it('useUpdateEmail: replaces the address; onSuccess and updateSuccess with the new account', async () => {
    const { client: c, server } = await withEmail('old@example.com');
    const { deps, states, heard } = record(c);
    const successes: UpdateAccountEvent[] = [];
    const flow = updateOtpFlow('email', deps, {
      callbacks: () => ({ onSuccess: (e) => successes.push(e) }),
      rethrow: false,
    });
    await flow.sendCode('new@example.com');
    const result = await flow.verifyCode(server.lastCode('new@example.com'));
    expect(result?.user.email?.address).toBe('new@example.com');
    expect(states).toEqual(['sending-code', 'awaiting-code-input', 'submitting-code', 'done']);
    expect(successes).toEqual([
      expect.objectContaining({
        updateMethod: 'email',
        updatedAccount: expect.objectContaining({ address: 'new@example.com' }),
      }),
    ]);
    expect(heard.update).toEqual(successes);
  });

  it('useUpdateEmail: a wrong code goes to onError(code, { linkMethod: "email" }) and resolves undefined', async () => {
    const { client: c, server } = await withEmail('old2@example.com');
    const { deps, states, heard } = record(c);
    const onError: unknown[][] = [];
    const flow = updateOtpFlow('email', deps, {
      callbacks: () => ({ onError: (...args) => onError.push(args) }),
      rethrow: false,
    });
    await flow.sendCode('new2@example.com');
    const wrong = server.lastCode('new2@example.com') === '000000' ? '111111' : '000000';
    expect(await flow.verifyCode(wrong)).toBeUndefined();
    expect(onError).toEqual([['invalid_credentials', { linkMethod: 'email' }]]);
    expect(heard.updateError).toEqual(['invalid_credentials']);
    expect(states.at(-1)).toBe('error');
    expect(c.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ address: 'old2@example.com' }),
    );
  });

  it('useUpdateEmail without an email: onError(unknown_auth_error) with the incumbent’s message in the state', async () => {
    const { client: c, count } = await client('+1 555 555 0111');
    const { deps, errors } = record(c);
    const onError: unknown[][] = [];
    const flow = updateOtpFlow('email', deps, {
      callbacks: () => ({ onError: (...a) => onError.push(a) }),
      rethrow: false,
    });
    await flow.sendCode('x@example.com');
    expect(onError).toEqual([['unknown_auth_error', { linkMethod: 'email' }]]);
    expect(errors[0]?.message).toBe('User is required to have an email address to update it.');
    expect(count('/api/v1/passwordless/init')).toBe(0);
  });

  it('useUpdatePhone: replaces the number; a wrong code rejects (no callbacks) and updateError is emitted', async () => {
    const { client: c, server } = await client('+1 555 555 0112');
    const { deps, states, heard } = record(c);
    const flow = updateOtpFlow('sms', deps, { rethrow: true });
    await flow.sendCode('+1 555 555 0113');
    const right = server.lastCode('+15555550113');
    await expect(flow.verifyCode(right === '000000' ? '111111' : '000000')).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(heard.updateError).toEqual(['invalid_credentials']);
    const result = await flow.verifyCode(right);
    expect(result?.user.phone?.number).toBe('+1 555 555 0113');
    expect(states.at(-1)).toBe('done');
    expect(heard.update).toEqual([expect.objectContaining({ updateMethod: 'sms' })]);
  });

  it('useUpdatePhone logged out: rejects with the incumbent’s message', async () => {
    const { client: c } = await client(null);
    const { deps } = record(c);
    await expect(updateOtpFlow('sms', deps, { rethrow: true }).sendCode('+1 555 555 0114')).rejects.toThrow(
      'User is required to have a phone number to update it.',
    );
  });
});
