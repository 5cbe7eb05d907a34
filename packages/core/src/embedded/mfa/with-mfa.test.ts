import { type FrameMfaData, limits } from '@latchkey/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedWalletError } from '../errors.ts';
import { createMfaBroker, type MfaPrompt } from './broker.ts';
import { withMfa } from './with-mfa.ts';

/*
 * The MFA loop and the broker between it and the UI, with a frame that holds a token once a right
 * code was verified (the server's side is exercised in mfa.server.test.ts and e2e/mfa.test.ts).
 */

const refused = () => new EmbeddedWalletError('missing_or_invalid_mfa', 'MFA verification failed, retry.');

/** A frame in front of a server that gates the operation: a right code (123456) verifies and is held. */
function gatedFrame(right = '123456') {
  let token = false;
  const sent: FrameMfaData[] = [];
  return {
    sent,
    drop: () => {
      token = false;
    },
    run: async (mfa: FrameMfaData) => {
      sent.push({ ...mfa });
      if (mfa.mfaCode !== undefined) {
        if (mfa.mfaCode !== right) throw refused();
        token = true;
      }
      if (!token) throw refused();
      return 'signed';
    },
  };
}

function broker(methods: ('sms' | 'totp' | 'passkey')[] = ['totp']) {
  let opened = 0;
  const b = createMfaBroker({ methods: () => methods, openModal: () => opened++ });
  const prompts: (MfaPrompt | null)[] = [];
  b.subscribe(() => prompts.push(b.prompt()));
  return { broker: b, opened: () => opened, prompts };
}

/** Resolves once the broker waits for a code. */
const awaiting = (b: ReturnType<typeof createMfaBroker>) =>
  vi.waitFor(() => expect(b.prompt()?.status).toBe('awaiting'));

afterEach(() => {
  vi.useRealTimers();
});

describe('withMfa', () => {
  it('sends the request as it is while the frame holds a token: no prompt', async () => {
    const frame = gatedFrame();
    const { broker: b, opened } = broker();
    await frame.run({ mfaMethod: 'totp', mfaCode: '123456' });
    await expect(withMfa(b, frame.run)).resolves.toBe('signed');
    expect(opened()).toBe(0);
    expect(frame.sent.at(-1)).toEqual({});
  });

  it('refused for MFA: asks for a code, a wrong one re-prompts, the right one goes through', async () => {
    const frame = gatedFrame();
    const { broker: b, opened } = broker();
    const operation = withMfa(b, frame.run);
    await awaiting(b);
    expect(opened()).toBe(1);
    expect(b.prompt()).toMatchObject({ methods: ['totp'], status: 'awaiting', attempts: 0, error: null });
    const wrong = b.submit({ method: 'totp', code: '000000' });
    await expect(wrong).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
      message: 'MFA verification failed, retry.',
    });
    expect(b.prompt()).toMatchObject({ status: 'awaiting', attempts: 1 });
    expect(b.prompt()?.error?.message).toBe('MFA verification failed, retry.');
    await expect(b.submit({ method: 'totp', code: '123456' })).resolves.toBeUndefined();
    await expect(operation).resolves.toBe('signed');
    expect(b.prompt()).toMatchObject({ status: 'verified', attempts: 2 });
    // The first try without a code, then each code in the MFA fields (WIRE.md §6).
    expect(frame.sent).toEqual([
      {},
      { mfaMethod: 'totp', mfaCode: '000000', relyingParty: '' },
      { mfaMethod: 'totp', mfaCode: '123456', relyingParty: '' },
    ]);
    expect(opened()).toBe(1);
  });

  it('ends after 4 wrong codes with mfa_verification_max_attempts_reached', async () => {
    const frame = gatedFrame();
    const { broker: b } = broker();
    const operation = withMfa(b, frame.run);
    operation.catch(() => undefined);
    const answers: unknown[] = [];
    for (let attempt = 1; attempt <= limits.mfaMaxAttempts; attempt++) {
      await awaiting(b);
      answers.push(await b.submit({ method: 'totp', code: `00000${attempt}` }).catch((error) => error.type));
    }
    expect(answers).toEqual([
      'missing_or_invalid_mfa',
      'missing_or_invalid_mfa',
      'missing_or_invalid_mfa',
      'mfa_verification_max_attempts_reached',
    ]);
    await expect(operation).rejects.toMatchObject({
      type: 'mfa_verification_max_attempts_reached',
      message: 'Max MFA verification attempts reached',
    });
    expect(b.prompt()).toMatchObject({ status: 'failed', attempts: 4 });
    expect(frame.sent).toHaveLength(1 + limits.mfaMaxAttempts);
  });

  it('times out a code after 300 s with mfa_timeout', async () => {
    vi.useFakeTimers();
    const frame = gatedFrame();
    const { broker: b } = broker();
    const operation = withMfa(b, frame.run);
    operation.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(b.prompt()?.status).toBe('awaiting');
    await vi.advanceTimersByTimeAsync(limits.mfaCodeWaitMs - 1);
    expect(b.prompt()?.status).toBe('awaiting');
    await vi.advanceTimersByTimeAsync(1);
    await expect(operation).rejects.toMatchObject({
      type: 'mfa_timeout',
      message: 'Timed out waiting for MFA code',
    });
    expect(b.prompt()).toMatchObject({ status: 'failed' });
  });

  it('never waits past 1,260,000 ms from the start of the operation', async () => {
    vi.useFakeTimers();
    const { broker: b } = broker();
    // A frame that takes 400 s to refuse anything: the second code's wait is cut to what is left.
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 400_000));
      throw refused();
    };
    const started = Date.now();
    let failedAt = 0;
    const operation = withMfa(b, slow).catch((error: { type?: string }) => {
      failedAt = Date.now();
      return error;
    });
    await vi.advanceTimersByTimeAsync(400_000);
    expect(b.prompt()?.status).toBe('awaiting');
    await vi.advanceTimersByTimeAsync(290_000);
    void b.submit({ method: 'totp', code: '111111' }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(400_000);
    // 1,090,000 ms gone: 170,000 ms are left for the next code, not 300,000.
    expect(b.prompt()?.status).toBe('awaiting');
    await vi.advanceTimersByTimeAsync(300_000);
    expect(await operation).toMatchObject({ type: 'mfa_timeout' });
    expect(failedAt - started).toBe(limits.mfaOperationTimeoutMs);
  });

  it('a canceled verification fails the operation with client_error', async () => {
    const frame = gatedFrame();
    const { broker: b } = broker();
    const operation = withMfa(b, frame.run);
    await awaiting(b);
    b.cancel('Canceled MFA verification.');
    await expect(operation).rejects.toMatchObject({
      type: 'client_error',
      message: 'Canceled MFA verification.',
    });
    b.dismiss();
    expect(b.prompt()).toBeNull();
  });

  it('another failure after a code is the caller’s, and the UI hears it', async () => {
    const { broker: b } = broker();
    let calls = 0;
    const operation = withMfa(b, async () => {
      calls += 1;
      if (calls === 1) throw refused();
      throw new EmbeddedWalletError(
        'wallet_not_on_device',
        'The wallet is not on this device; recover it first.',
      );
    });
    await awaiting(b);
    await expect(b.submit({ method: 'totp', code: '123456' })).rejects.toMatchObject({
      type: 'wallet_not_on_device',
    });
    await expect(operation).rejects.toMatchObject({ type: 'wallet_not_on_device' });
  });

  it('without a factor (or a broker) the refusal is the caller’s', async () => {
    const frame = gatedFrame();
    await expect(withMfa(broker([]).broker, frame.run)).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
    });
    await expect(withMfa(undefined, frame.run)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' });
  });

  it('operations refused at once share one verification, and the others go on with its token', async () => {
    const frame = gatedFrame();
    const { broker: b, opened } = broker();
    const first = withMfa(b, frame.run);
    const second = withMfa(b, frame.run);
    await awaiting(b);
    await b.submit({ method: 'totp', code: '123456' });
    await expect(Promise.all([first, second])).resolves.toEqual(['signed', 'signed']);
    expect(opened()).toBe(1);
    expect(frame.sent.filter((mfa) => mfa.mfaCode !== undefined)).toHaveLength(1);
  });

  it('forced (promptMfa): asks before the first try', async () => {
    const frame = gatedFrame();
    await frame.run({ mfaMethod: 'totp', mfaCode: '123456' });
    const { broker: b } = broker();
    const operation = withMfa(b, frame.run, { force: true });
    await awaiting(b);
    await b.submit({ method: 'totp', code: '123456' });
    await expect(operation).resolves.toBe('signed');
    expect(frame.sent.slice(1)).toEqual([{ mfaMethod: 'totp', mfaCode: '123456', relyingParty: '' }]);
  });

  it('an app listener takes the verification instead of the modal', async () => {
    const frame = gatedFrame();
    const { broker: b, opened } = broker(['sms', 'totp']);
    const heard: unknown[] = [];
    const off = b.onRequired((event) => heard.push(event));
    const operation = withMfa(b, frame.run);
    await awaiting(b);
    expect(heard).toEqual([{ mfaMethods: ['sms', 'totp'] }]);
    expect(opened()).toBe(0);
    await b.submit({ method: 'sms', code: '123456' });
    await operation;
    off();
    expect(b.hasListeners()).toBe(false);
  });

  it('a submit with no verification waiting is refused', async () => {
    const { broker: b } = broker();
    await expect(b.submit({ method: 'totp', code: '123456' })).rejects.toMatchObject({
      type: 'client_error',
    });
  });
});
