import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import type { FundingTarget, SigningContent, SigningFailure } from './content.ts';
import type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from './options.ts';

/**
 * The signing requests waiting for the user, one screen at a time. The signing calls (and the
 * providers' confirm hook) add a session and drive it; the modal's signing screen shows the first
 * one and reports the user's answers back here.
 */

/**
 * preparing → confirm → submitting → complete | error (→ preparing again on retry). From confirm,
 * 'Add funds' goes to funding (the Receive funds screen) and back to preparing once funds arrived.
 */
export type SigningStage = 'preparing' | 'confirm' | 'funding' | 'submitting' | 'complete' | 'error';

/**
 * How the user left a confirm screen: approved (the single or the last request of a batch), stepped
 * on ('Continue') or back in a batch, or came back from 'Add funds' with a grown balance (the caller
 * prices the request again and shows it anew).
 */
export type ConfirmChoice = 'approve' | 'continue' | 'back' | 'funded';

/** Where a batch's screen stands: request `index` (from 0) of `count`, shown as '(n / m)'. */
export interface BatchStep {
  index: number;
  count: number;
}

export type SigningUiOptions = SignMessageModalUIOptions & SendTransactionModalUIOptions;

/** A signed message (and a sign-only transaction) closes 1.4 s after (spec document 2 §9). */
export const signedCloseMs = 1400;

/** Ends on its own once complete: a message, or a transaction only signed (no receipt to read). */
const closesByItself = (view: SigningView) =>
  view.stage === 'complete' && (view.content?.kind === 'message' || view.signOnly);

export interface SigningView {
  id: number;
  stage: SigningStage;
  /** Null while preparing. */
  content: SigningContent | null;
  ui: SigningUiOptions;
  /** Sign-only transactions end on 'Transaction signed!'. */
  signOnly: boolean;
  /** The transaction hash or Solana signature, once known. */
  hash: string | null;
  failure: SigningFailure | null;
  /** The request's place in a batch; null for a single request. */
  step: BatchStep | null;
}

export interface SigningSession {
  readonly id: number;
  /** True once the user closed the modal (or the session finished). */
  readonly closed: boolean;
  update(patch: Partial<Omit<SigningView, 'id'>>): void;
  /**
   * Shows `content` (as request `step` of a batch, when given) and resolves with the user's choice:
   * 'approve' (stage 'submitting'), 'continue' or 'back' (batch steps), 'funded' (back from 'Add
   * funds' with more balance: stage 'preparing'). Rejects on cancel or close.
   */
  confirm(content: SigningContent, step?: BatchStep | null): Promise<ConfirmChoice>;
  /** Shows the error screen: resolves true on 'Retry transaction', false once closed. */
  failed(failure: SigningFailure, hash?: string | null): Promise<boolean>;
  /** Leaves the queue (the modal closes when it was the last). */
  finish(): void;
}

export interface SigningStore {
  subscribe(listener: () => void): () => void;
  /** The session on screen: the oldest open one. */
  current(): SigningView | null;
  /** Adds a session; `first` is true when no other was waiting (the modal must be opened). */
  open(initial: Pick<SigningView, 'ui' | 'signOnly'> & Partial<SigningView>): {
    session: SigningSession;
    first: boolean;
  };
  approve(id: number): void;
  /** 'Continue' to the batch's next request. */
  next(id: number): void;
  /** 'Back' to the batch's previous request. */
  back(id: number): void;
  /** 'Add funds': the Receive funds screen for the content's `funding`. */
  addFunds(id: number): void;
  /** Receive funds' 'Continue' (the balance grew): the request is priced again. */
  fundsAdded(id: number): void;
  /** Leaves the Receive funds screen for the confirm screen as it was. */
  backToConfirm(id: number): void;
  cancel(id: number): void;
  retry(id: number): void;
  finish(id: number): void;
  /** The modal was closed: every waiting session is refused. */
  dismissAll(): void;
}

/** Why a confirmation was refused; the providers turn it into 4001 'The user rejected the request.'. */
export class SigningCancelledError extends Error {
  override name = 'SigningCancelledError' as const;
}

interface Entry {
  view: SigningView;
  closed: boolean;
  approval: { resolve(choice: ConfirmChoice): void; reject(error: Error): void } | null;
  retry: ((again: boolean) => void) | null;
}

export function createSigningStore(): SigningStore {
  let entries: Entry[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const find = (id: number) => entries.find((entry) => entry.view.id === id);

  /** The session when its confirm screen is the one showing (not Receive funds, not an error). */
  const onConfirm = (id: number) => {
    const entry = find(id);
    return entry?.view.stage === 'confirm' ? entry : undefined;
  };

  /** Settles the waiting confirm screen with `choice`, moving to `stage`. */
  function choose(entry: Entry | undefined, choice: ConfirmChoice, stage: SigningStage) {
    if (!entry?.approval) return;
    const { resolve } = entry.approval;
    entry.approval = null;
    set(entry, { stage });
    resolve(choice);
  }

  function set(entry: Entry, patch: Partial<SigningView>) {
    const was = entry.view;
    entry.view = { ...was, ...patch };
    notify();
    if (closesByItself(entry.view) && !closesByItself(was))
      setTimeout(() => store.finish(entry.view.id), signedCloseMs);
  }

  function close(entry: Entry) {
    entry.closed = true;
    entries = entries.filter((e) => e !== entry);
    entry.approval?.reject(new SigningCancelledError('The user closed the request'));
    entry.approval = null;
    entry.retry?.(false);
    entry.retry = null;
  }

  const store: SigningStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    current: () => entries[0]?.view ?? null,

    open(initial) {
      const entry: Entry = {
        view: {
          stage: 'preparing',
          content: null,
          hash: null,
          failure: null,
          step: null,
          ...initial,
          id: nextId++,
        },
        closed: false,
        approval: null,
        retry: null,
      };
      const first = entries.length === 0;
      entries = [...entries, entry];
      notify();
      const session: SigningSession = {
        id: entry.view.id,
        get closed() {
          return entry.closed;
        },
        update(patch) {
          if (!entry.closed) set(entry, patch);
        },
        confirm(content, step = null) {
          if (entry.closed) return Promise.reject(new SigningCancelledError('The request was closed'));
          return new Promise<ConfirmChoice>((resolve, reject) => {
            entry.approval = { resolve, reject };
            set(entry, { stage: 'confirm', content, step, failure: null });
          });
        },
        failed(failure, hash = null) {
          if (entry.closed) return Promise.resolve(false);
          return new Promise<boolean>((resolve) => {
            entry.retry = resolve;
            set(entry, { stage: 'error', failure, hash });
          });
        },
        finish() {
          if (entry.closed) return;
          close(entry);
          notify();
        },
      };
      return { session, first };
    },

    approve(id) {
      const entry = onConfirm(id);
      const step = entry?.view.step;
      // In a batch only the last request's screen approves (the others 'Continue').
      if (step && step.index !== step.count - 1) return;
      choose(entry, 'approve', 'submitting');
    },
    next(id) {
      const entry = onConfirm(id);
      const step = entry?.view.step;
      if (step && step.index < step.count - 1) choose(entry, 'continue', 'preparing');
    },
    back(id) {
      const entry = onConfirm(id);
      const step = entry?.view.step;
      if (step && step.index > 0) choose(entry, 'back', 'preparing');
    },
    addFunds(id) {
      const entry = find(id);
      if (entry?.approval && entry.view.stage === 'confirm' && fundingOf(entry.view))
        set(entry, { stage: 'funding' });
    },
    fundsAdded(id) {
      const entry = find(id);
      if (entry?.view.stage === 'funding') choose(entry, 'funded', 'preparing');
    },
    backToConfirm(id) {
      const entry = find(id);
      if (entry?.approval && entry.view.stage === 'funding') set(entry, { stage: 'confirm' });
    },
    cancel(id) {
      const entry = find(id);
      if (!entry) return;
      close(entry);
      notify();
    },
    retry(id) {
      const entry = find(id);
      if (!entry?.retry) return;
      const resolve = entry.retry;
      entry.retry = null;
      set(entry, { stage: 'preparing', failure: null, hash: null });
      resolve(true);
    },
    finish(id) {
      const entry = find(id);
      if (!entry) return;
      close(entry);
      notify();
    },
    dismissAll() {
      if (entries.length === 0) return;
      for (const entry of [...entries]) close(entry);
      notify();
    },
  };
  return store;
}

/** The shown request's funding target, when it has one. */
export function fundingOf(view: SigningView): FundingTarget | null {
  const content = view.content;
  return content && content.kind !== 'message' ? content.funding : null;
}

const stores = new WeakMap<LatchkeyClient, SigningStore>();

/** The client's signing queue (one per `<LatchkeyProvider>` client). */
export function signingStore(client: LatchkeyClient): SigningStore {
  let store = stores.get(client);
  if (!store) {
    store = createSigningStore();
    stores.set(client, store);
  }
  return store;
}
