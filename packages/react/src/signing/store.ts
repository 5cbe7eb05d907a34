import type { LatchkeyClient } from '@latchkey/core';
import type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from './types.ts';

/**
 * The signing requests waiting for the user, one screen at a time. The hooks (and the providers'
 * confirm hook) add a session and drive it; the modal's signing screen shows the first one and
 * reports the user's answers back here.
 */

/** preparing → confirm → submitting → complete | error (→ preparing again on retry). */
export type SigningStage = 'preparing' | 'confirm' | 'submitting' | 'complete' | 'error';

export type SigningUiOptions = SignMessageModalUIOptions & SendTransactionModalUIOptions;

/** The sign-message screen: personal_sign text, typed data, or a Solana message. */
export interface MessageContent {
  kind: 'message';
  /** Decoded text; null for typed data. */
  text: string | null;
  /** eth_signTypedData_v4's payload, shown as a tree. */
  typedData: unknown;
}

/** The Ethereum confirm screen's rows, already formatted. */
export interface TransactionContent {
  kind: 'transaction';
  /** 'transaction', 'transfer', 'approve', …, or the host's `transactionInfo.action`. */
  action: string;
  /** Send row: the value (native or token), or 'Maximum' for an unlimited allowance. */
  send: string | null;
  spender: string | null;
  /** The recipient: a token transfer's recipient, else the transaction's `to`. */
  to: string | null;
  tokenAddress: string | null;
  network: string;
  fee: string;
  from: string;
  total: string;
  balance: string;
  /** The balance does not cover value plus fee. */
  insufficient: boolean;
  /** The transaction's page on the chain's explorer, `{hash}` standing for its hash. */
  explorerUrl: string | null;
}

/** One decoded Solana instruction as the 'Advanced' list shows it. */
export interface InstructionView {
  type: string;
  fields: { name: string; value: string }[];
}

export interface SolanaTransactionContent {
  kind: 'solana-transaction';
  /** SOL the wallet sends (and lamports it puts into new accounts), with the fee. */
  amount: string | null;
  network: string;
  fee: string;
  instructions: InstructionView[];
  insufficient: boolean;
  /** The transaction's page on the cluster's explorer, `{hash}` standing for its signature. */
  explorerUrl: string | null;
}

export type SigningContent = MessageContent | TransactionContent | SolanaTransactionContent;

export interface SigningFailure {
  /** 'Transaction failed' for a reverted transaction, else 'Something went wrong'. */
  title: string;
  /** The error's code, shown above the message. */
  code: string | null;
  message: string;
}

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
}

export interface SigningSession {
  readonly id: number;
  /** True once the user closed the modal (or the session finished). */
  readonly closed: boolean;
  update(patch: Partial<Omit<SigningView, 'id'>>): void;
  /** Shows `content` for approval: resolves on approve (stage 'submitting'), rejects on cancel or close. */
  confirm(content: SigningContent): Promise<void>;
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
  approval: { resolve(): void; reject(error: Error): void } | null;
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

  function set(entry: Entry, patch: Partial<SigningView>) {
    entry.view = { ...entry.view, ...patch };
    notify();
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
        view: { stage: 'preparing', content: null, hash: null, failure: null, ...initial, id: nextId++ },
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
        confirm(content) {
          if (entry.closed) return Promise.reject(new SigningCancelledError('The request was closed'));
          return new Promise<void>((resolve, reject) => {
            entry.approval = { resolve, reject };
            set(entry, { stage: 'confirm', content, failure: null });
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
      const entry = find(id);
      if (!entry?.approval) return;
      const { resolve } = entry.approval;
      entry.approval = null;
      set(entry, { stage: 'submitting' });
      resolve();
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
