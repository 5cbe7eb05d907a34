import type { ChainType, User } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { ModalRequest } from '../ui/intents.ts';
import type { FlowRuntime } from './runtime.ts';
import type { ModalScreensOf } from './screens.ts';
import { delegationCloseMs } from './timings.ts';

/** What the user is asked: to delegate a wallet, or to revoke every delegated wallet. */
export type DelegationAction = 'delegate' | 'revoke';

declare module './screens.ts' {
  interface ModalScreens {
    /** 'Enable offline access' (Accept / Not now); `busy` while the frame seals the key. */
    'delegation-consent': { name: 'delegation-consent'; busy: boolean };
    /** 'Revoke offline access to wallet' (Confirm / Deny). */
    'delegation-revoke': { name: 'delegation-revoke'; busy: boolean };
    /** The success or 'Something went wrong', closed after 2.5 s. */
    'delegation-result': { name: 'delegation-result'; action: DelegationAction; ok: boolean };
  }
}

/** The hook's promise behind a `delegated-actions` request: settled once by the flow. */
export interface DelegationTask {
  action: DelegationAction;
  /** `delegate`: the wallet. */
  wallet?: { address: string; chainType: ChainType } | undefined;
  resolve(user: User | null): void;
  reject(error: unknown): void;
}

declare module '../ui/intents.ts' {
  interface ModalOptions {
    /** `delegated-actions`: what is asked, and the hook's promise. */
    delegation?: DelegationTask | undefined;
  }
}

export type DelegationScreen = ModalScreensOf<
  'delegation-consent' | 'delegation-revoke' | 'delegation-result'
>;

export interface DelegationFlow {
  /** A new request: a question still open is declined, and the request's own taken on. */
  begin(request: ModalRequest): void;
  /** The question of the request just begun. */
  firstScreen(): DelegationScreen;
  /** Accept / Confirm: delegates or revokes, then the result, closed after 2.5 s. */
  accept(): Promise<void>;
  /** Not now / Deny: the hook's promise rejects ('User declined …') and the modal closes. */
  decline(): void;
  /** The modal closes: an open question is declined. */
  exit(): void;
}

function declined(action: DelegationAction): LatchkeyClientError {
  return new LatchkeyClientError(
    'delegated_actions_declined',
    action === 'delegate'
      ? 'User declined delegating actions.'
      : 'User declined revoking access to their delegated wallet.',
  );
}

/**
 * The delegated-actions consent and its revocation (spec document 2 §4). The hook has checked the
 * request and brought the wallet onto this device before the modal opens; the flow asks, runs the
 * core action (its chunk loaded on Accept) and shows how it ended.
 */
export function createDelegationFlow(rt: FlowRuntime): DelegationFlow {
  let task: DelegationTask | null = null;

  function decline() {
    const current = task;
    task = null;
    current?.reject(declined(current.action));
  }

  function finish(current: DelegationTask, outcome: { user: User | null } | { error: unknown }) {
    if (task !== current) return; // the user left meanwhile
    task = null;
    if ('error' in outcome) current.reject(outcome.error);
    else current.resolve(outcome.user);
    const ok = !('error' in outcome);
    rt.navigate({ type: 'replace', screen: { name: 'delegation-result', action: current.action, ok } });
    rt.reported = true;
    rt.timers.later(delegationCloseMs, rt.host.dismiss);
  }

  return {
    begin(request) {
      if (task && task !== request.delegation) decline();
      task = request.delegation ?? null;
    },
    firstScreen: () => ({
      name: task?.action === 'revoke' ? 'delegation-revoke' : 'delegation-consent',
      busy: false,
    }),
    async accept() {
      const current = task;
      const top = rt.top();
      if (!current || (top?.name !== 'delegation-consent' && top?.name !== 'delegation-revoke') || top.busy)
        return;
      rt.navigate({ type: 'replace', screen: { ...top, busy: true } });
      try {
        const m = await import('../delegation/index.ts');
        // The hook brought the wallet onto this device before the question (with the password prompt
        // if it needed one): no second share release here.
        const ctx = m.clientDelegationContext(rt.client, async () => undefined);
        const user =
          current.action === 'revoke'
            ? await m.revokeWallets(ctx)
            : await m.delegateWallet(ctx, current.wallet as NonNullable<DelegationTask['wallet']>);
        finish(current, { user });
      } catch (error) {
        finish(current, { error });
      }
    },
    decline() {
      decline();
      rt.close();
    },
    exit: decline,
  };
}
