import type { MfaMethod, User } from '@latchkey/protocol';
import { mfaCanceledError, mfaRetryError, mfaTimeoutError } from './errors.ts';
import type { MfaCode, MfaGate } from './gate.ts';
import { userMfaMethods } from './methods.ts';
import { mfaModal } from './modal-registry.ts';

/**
 * Where the verification the user is asked for stands:
 * - `awaiting`: a code is wanted (`error` says why the last one failed, if one did);
 * - `verifying`: a code was handed to the operation, whose answer is awaited;
 * - `verified`: the code worked and the operation went on;
 * - `failed`: the operation ended (`error`: timed out, four codes failed, canceled, or another failure).
 */
export type MfaPromptStatus = 'awaiting' | 'verifying' | 'verified' | 'failed';

export interface MfaPrompt {
  /** Grows with each verification the user is asked for (a new operation, or `promptMfa`). */
  id: number;
  /** The user's factors, first enrolled first. */
  methods: MfaMethod[];
  status: MfaPromptStatus;
  /** Codes handed to the operation so far. */
  attempts: number;
  error: Error | null;
}

/** `useRegisterMfaListener`'s callback: the app shows its own MFA UI (the modal stays closed). */
export type MfaRequiredListener = (event: { mfaMethods: MfaMethod[] }) => void;

/**
 * The client's MFA broker: the one place where a wallet operation that needs a code (the MFA loop's
 * side, `MfaGate`) meets whoever asks the user (the modal, or the app's own UI through `useMfa`).
 * The operation waits on `awaitCode`; the UI sends the code with `submit`, which resolves once the
 * operation went through with it and rejects when it did not ('MFA verification failed, retry.',
 * `mfa_timeout`, `mfa_verification_max_attempts_reached`).
 */
export interface MfaBroker extends MfaGate {
  /** The verification on screen, or null. */
  prompt(): MfaPrompt | null;
  subscribe(listener: () => void): () => void;
  /** The user's code for the waiting operation; resolves when it went through with it. */
  submit(code: MfaCode): Promise<void>;
  /** The user gives up: the waiting operation fails with `client_error` (`message`, default 'MFA canceled'). */
  cancel(message?: string): void;
  /** The prompt was shown to its end (the modal closed): it is forgotten. */
  dismiss(): void;
  /** Apps with their own MFA UI hear each verification here, and the modal stays closed. */
  onRequired(listener: MfaRequiredListener): () => void;
  hasListeners(): boolean;
  /**
   * The modal says whether it is open: an open modal shows the verification over its flow, so a new
   * one is opened only when none is.
   */
  setModalOpen(open: boolean): void;
}

interface Waiter {
  resolve(code: MfaCode | null): void;
  reject(error: unknown): void;
  timer: ReturnType<typeof setTimeout>;
}

interface Submission {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * @example
 * const broker = createMfaBroker(() => client.getState().user);
 * broker.onRequired(({ mfaMethods }) => showMyMfaDialog(mfaMethods));
 * await broker.submit({ method: 'totp', code: '123456' });
 */
export function createMfaBroker(options: {
  methods(): MfaMethod[];
  /** Shows the modal for a verification no app listener takes. */
  openModal?: (() => void) | undefined;
}): MfaBroker {
  let prompt: MfaPrompt | null = null;
  let nextId = 1;
  /**
   * The verification under way (one at a time: the frame runs requests one by one, and a TOTP code
   * verifies once): other operations wait for it rather than ask again. Resolves true once verified.
   */
  let active: { done: Promise<boolean>; finish(verified: boolean): void } | null = null;
  const begin = () => {
    let finish: (verified: boolean) => void = () => undefined;
    const done = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    const current = {
      done,
      finish(verified: boolean) {
        if (active === current) active = null;
        finish(verified);
      },
    };
    active = current;
  };
  let waiter: Waiter | null = null;
  let submission: Submission | null = null;
  const listeners = new Set<() => void>();
  const required = new Set<MfaRequiredListener>();
  let modalOpen = false;

  const set = (next: MfaPrompt | null) => {
    prompt = next;
    for (const listener of [...listeners]) listener();
  };
  const patch = (fields: Partial<MfaPrompt>) => {
    if (prompt) set({ ...prompt, ...fields });
  };
  /** The code handed in last learns its fate. */
  const answer = (error?: unknown) => {
    const pending = submission;
    submission = null;
    if (!pending) return;
    if (error === undefined) pending.resolve();
    else pending.reject(error);
  };
  const stopWaiting = (error: unknown) => {
    const pending = waiter;
    waiter = null;
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.reject(error);
  };

  const broker: MfaBroker = {
    methods: options.methods,
    async awaitCode({ retry, waitMs }) {
      if (!retry && active) {
        // Another operation is asking: its outcome decides. Verified: try again with the frame's token.
        if (await active.done) return null;
      }
      stopWaiting(mfaCanceledError());
      if (retry) {
        const error = mfaRetryError();
        answer(error);
        patch({ status: 'awaiting', error });
      } else {
        answer(mfaCanceledError());
        begin();
        const methods = options.methods();
        set({ id: nextId++, methods, status: 'awaiting', attempts: 0, error: null });
        if (required.size > 0) {
          for (const listener of [...required]) {
            try {
              listener({ mfaMethods: methods });
            } catch (error) {
              console.error(error);
            }
          }
        } else if (!modalOpen) options.openModal?.();
      }
      return new Promise<MfaCode | null>((resolve, reject) => {
        const timer = setTimeout(() => {
          const error = mfaTimeoutError();
          waiter = null;
          answer(error);
          patch({ status: 'failed', error });
          active?.finish(false);
          reject(error);
        }, waitMs);
        waiter = { resolve, reject, timer };
      });
    },
    settle(error) {
      answer(error);
      if (error === undefined) patch({ status: 'verified', error: null });
      else patch({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      active?.finish(error === undefined);
    },
    prompt: () => prompt,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    submit(code) {
      const pending = waiter;
      if (!pending) return Promise.reject(mfaCanceledError('No MFA verification is waiting for a code'));
      waiter = null;
      clearTimeout(pending.timer);
      answer(mfaCanceledError());
      const done = new Promise<void>((resolve, reject) => {
        submission = { resolve, reject };
      });
      patch({ status: 'verifying', attempts: (prompt?.attempts ?? 0) + 1, error: null });
      pending.resolve(code);
      return done;
    },
    cancel(message) {
      if (prompt?.status === 'verified' || prompt?.status === 'failed') return;
      const error = mfaCanceledError(message);
      stopWaiting(error);
      answer(error);
      patch({ status: 'failed', error });
      active?.finish(false);
    },
    dismiss() {
      if (prompt?.status === 'awaiting' || prompt?.status === 'verifying') return;
      set(null);
    },
    onRequired(listener) {
      required.add(listener);
      return () => {
        required.delete(listener);
      };
    },
    hasListeners: () => required.size > 0,
    setModalOpen(open) {
      modalOpen = open;
    },
  };
  return broker;
}

/** What a broker is kept for: the client (by identity), whose state names the user. */
export interface MfaClientKey {
  getState(): { user: User | null };
}

const brokers = new WeakMap<MfaClientKey, MfaBroker>();

/** The client's broker (one per client): its user's factors, and the modal the UI layer registered. */
export function mfaBroker(client: MfaClientKey): MfaBroker {
  let broker = brokers.get(client);
  if (!broker) {
    broker = createMfaBroker({
      methods: () => userMfaMethods(client.getState().user),
      openModal: () => mfaModal(client)?.(),
    });
    brokers.set(client, broker);
  }
  return broker;
}
