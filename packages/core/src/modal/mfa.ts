import type { MfaMethod, User } from '@latchkey/protocol';
import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import { type MfaBroker, type MfaPrompt, mfaBroker } from '../embedded/mfa/broker.ts';
import {
  errorIndicatesMaxMfaRetries,
  errorIndicatesMfaCanceled,
  errorIndicatesMfaTimeout,
  errorIndicatesMfaVerificationFailed,
  mfaMessages,
} from '../embedded/mfa/errors.ts';
import { initMfaPasskey, passkeyMfaCode, sendMfaSmsCode } from '../mfa/verification.ts';

/** The MFA screens' error texts (spec document 2 §8 'MFA messages'). */
export const mfaUiMessages = {
  invalidCode: 'The code you entered is not valid',
  timeout: 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
  maxAttempts:
    'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
  other: 'Something went wrong.',
  retry: mfaMessages.retry,
} as const;

/** A failure as the screen shows it: blocking ones disable the input until the modal is closed. */
export interface MfaUiError {
  message: string;
  blocking: boolean;
}

/** How a verification failure reads on screen (spec document 2 §8): non-blocking lets the user retry. */
export function mfaUiError(error: unknown, method: MfaMethod | null = null): MfaUiError {
  if (errorIndicatesMaxMfaRetries(error)) return { message: mfaUiMessages.maxAttempts, blocking: true };
  if (errorIndicatesMfaTimeout(error)) return { message: mfaUiMessages.timeout, blocking: true };
  if (errorIndicatesMfaVerificationFailed(error))
    return {
      message: method === 'passkey' ? mfaUiMessages.retry : mfaUiMessages.invalidCode,
      blocking: false,
    };
  return { message: mfaUiMessages.other, blocking: false };
}

/**
 * Where the verification screen is: the method list ('Verify your identity'), the SMS code being
 * sent, the code boxes, the passkey prompt, the code handed to the operation, or done.
 */
export type MfaVerifyStep = 'choose' | 'sending' | 'code' | 'passkey' | 'verifying' | 'verified';

export interface MfaVerifyView {
  /** The verification's id (a new one starts over at the first factor). */
  id: number;
  /** The user's factors, first enrolled first: 'Verify your identity' offers these. */
  methods: MfaMethod[];
  /** The factor in use; null on the method list. */
  method: MfaMethod | null;
  step: MfaVerifyStep;
  error: MfaUiError | null;
  /** 'Choose another method' only with more than one factor (spec document 1 §2). */
  canChooseAnother: boolean;
}

export interface MfaVerifyFlow {
  /** The verification the modal shows; null when there is none, or the app's own UI took it. */
  view(): MfaVerifyView | null;
  subscribe(listener: () => void): () => void;
  /** Picks a factor on 'Verify your identity' and starts it (SMS sends, passkey asks at once). */
  choose(method: MfaMethod): void;
  /** The six digits of the code boxes; resolves with the error to show, or null once it went through. */
  submitCode(code: string): Promise<MfaUiError | null>;
  /** 'Try again' on 'Verifying with passkey'. */
  retryPasskey(): void;
  /** 'Choose another method': back to the list. */
  chooseAnother(): void;
  /**
   * The modal is closing (×, Escape, 'Cancel'): a verification still under way is canceled, which
   * fails its operation with 'Canceled MFA verification.'; one that already succeeded reports nothing.
   */
  close(): void;
  /** The date the user last added a passkey that verifies (for 'Verifying with passkey'). */
  lastPasskeyAddedAt(): Date | null;
  /** Follows the client's broker until the returned function is called. */
  attach(): () => void;
}

/** The newest passkey enrolled in MFA: when it was first added. */
export function lastMfaPasskeyAddedAt(user: User | null): Date | null {
  let latest: number | null = null;
  for (const account of user?.linked_accounts ?? []) {
    const passkey = account as { type: string; enrolled_in_mfa?: boolean; first_verified_at: number | null };
    if (passkey.type !== 'passkey' || !passkey.enrolled_in_mfa || passkey.first_verified_at === null)
      continue;
    if (latest === null || passkey.first_verified_at > latest) latest = passkey.first_verified_at;
  }
  return latest === null ? null : new Date(latest * 1000);
}

/**
 * The verification screens without a UI (spec document 1 §2 'Multi-factor', §4 'MFA'): the first
 * enrolled factor is preselected and started at once (SMS sends its code, a passkey is asked for
 * straight away); a wrong code is a non-blocking error, a timeout or the fourth failure a blocking
 * one; closing cancels the verification ('Canceled MFA verification.') unless it already succeeded.
 *
 * @example
 * const mfa = createMfaVerifyFlow(client);
 * const stop = mfa.attach();
 * await mfa.submitCode('123456'); // once mfa.view()?.step === 'code'
 */
export function createMfaVerifyFlow(
  client: LatchkeyClient,
  options: { broker?: MfaBroker; onVerified?: () => void } = {},
): MfaVerifyFlow {
  const broker = options.broker ?? mfaBroker(client);
  let view: MfaVerifyView | null = null;
  const listeners = new Set<() => void>();
  const set = (next: MfaVerifyView | null) => {
    view = next;
    for (const listener of [...listeners]) listener();
  };
  const patch = (fields: Partial<MfaVerifyView>) => {
    if (view) set({ ...view, ...fields });
  };
  /** Whether `id` is still the verification on screen (answers of an older one are dropped). */
  const current = (id: number) => view?.id === id;

  async function start(id: number, method: MfaMethod) {
    patch({ method, error: null, step: method === 'totp' ? 'code' : 'sending' });
    try {
      if (method === 'sms') {
        await sendMfaSmsCode(client.http);
        if (current(id) && view?.method === 'sms') patch({ step: 'code' });
      } else if (method === 'passkey') await runPasskey(id);
    } catch (error) {
      if (!current(id) || view?.method !== method) return;
      patch({ step: method === 'passkey' ? 'passkey' : 'code', error: mfaUiError(error, method) });
    }
  }

  async function runPasskey(id: number) {
    const { options: challenge, relyingParty } = await initMfaPasskey(client.http);
    if (!current(id) || view?.method !== 'passkey') return;
    patch({ step: 'passkey' });
    const code = await passkeyMfaCode(challenge, relyingParty);
    if (!current(id) || view?.method !== 'passkey') return;
    patch({ step: 'verifying' });
    await broker.submit(code);
  }

  /** The broker moved: a new verification starts at the first factor; an ended one shows its end. */
  function follow(prompt: MfaPrompt | null) {
    if (!prompt || broker.hasListeners()) {
      if (view) set(null);
      return;
    }
    if (!view || view.id !== prompt.id) {
      const first = prompt.methods[0] ?? null;
      set({
        id: prompt.id,
        methods: prompt.methods,
        method: null,
        step: 'choose',
        error: null,
        canChooseAnother: prompt.methods.length > 1,
      });
      if (first && prompt.status === 'awaiting') void start(prompt.id, first);
      return;
    }
    if (prompt.status === 'verified') {
      if (view.step !== 'verified') {
        patch({ step: 'verified', error: null });
        options.onVerified?.();
      }
      return;
    }
    if (prompt.status === 'failed' && prompt.error && !errorIndicatesMfaCanceled(prompt.error)) {
      const error = mfaUiError(prompt.error, view.method);
      patch({ error, step: view.method === 'passkey' ? 'passkey' : view.method ? 'code' : 'choose' });
      return;
    }
    if (prompt.status === 'awaiting' && prompt.error && view.step === 'verifying')
      patch({
        step: view.method === 'passkey' ? 'passkey' : 'code',
        error: mfaUiError(prompt.error, view.method),
      });
  }

  return {
    view: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    choose(method) {
      if (!view || view.error?.blocking || !view.methods.includes(method)) return;
      void start(view.id, method);
    },
    async submitCode(code) {
      if (!view || view.error?.blocking || (view.method !== 'sms' && view.method !== 'totp')) return null;
      const { id, method } = view;
      patch({ step: 'verifying', error: null });
      try {
        await broker.submit({ method, code });
        return null;
      } catch (error) {
        const shown = mfaUiError(error, method);
        if (current(id) && !errorIndicatesMfaCanceled(error)) patch({ step: 'code', error: shown });
        return shown;
      }
    },
    retryPasskey() {
      if (view?.method !== 'passkey' || view.error?.blocking) return;
      const { id } = view;
      patch({ step: 'sending', error: null });
      runPasskey(id).catch((error: unknown) => {
        if (current(id) && view?.method === 'passkey')
          patch({ step: 'passkey', error: mfaUiError(error, 'passkey') });
      });
    },
    chooseAnother() {
      if (!view || view.methods.length < 2 || view.error?.blocking) return;
      patch({ method: null, step: 'choose', error: null });
    },
    close() {
      const prompt = broker.prompt();
      if (prompt && (prompt.status === 'awaiting' || prompt.status === 'verifying'))
        broker.cancel(mfaMessages.closed);
      broker.dismiss();
      set(null);
    },
    lastPasskeyAddedAt: () => lastMfaPasskeyAddedAt(client.getState().user),
    attach() {
      follow(broker.prompt());
      return broker.subscribe(() => follow(broker.prompt()));
    },
  };
}
