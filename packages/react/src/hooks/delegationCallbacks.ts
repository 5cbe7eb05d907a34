import type { User } from '@latchkey/protocol';
import { useMemo } from 'react';
import type { DelegateWalletParameters } from '../embedded/delegation.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';
import { embeddedErrorCode } from './useEmbeddedAction.ts';
import { useLatestRef } from './useLatestCallback.ts';

/** The callbacks of the delegated-actions hooks (spec document 2 §3). */
export interface DelegatedActionsCallbacks {
  /** A wallet was delegated (also when it already was). */
  onDelegate?: ((event: { user: ClientUser | null; address: string }) => void) | undefined;
  /** The user's delegated wallets were revoked. */
  onRevoke?: ((event: { user: ClientUser | null }) => void) | undefined;
  /** Either ended well. */
  onSuccess?: ((event: { user: ClientUser | null }) => void) | undefined;
  /**
   * With the error code: 'delegated_actions_declined' ('Not now' / 'Deny'),
   * 'delegated_actions_before_logged_in', 'unsupported_chain_type',
   * 'delegated_actions_wallet_not_found', 'delegated_actions_no_wallet_to_revoke', the server's code
   * of a refused revoke, or the wallet frame's error type ('error' for a server refusal it reports).
   */
  onError?: ((code: string) => void) | undefined;
}

const clientUser = (user: User | null) => (user ? toClientUser(user) : null);

/** The flow's user, or its error reported to `onError` (with its code) and thrown on. */
async function userOf(flow: Promise<User | null>, callbacks: DelegatedActionsCallbacks) {
  try {
    return clientUser(await flow);
  } catch (error) {
    callbacks.onError?.(embeddedErrorCode(error));
    throw error;
  }
}

type DelegateFlow = (parameters: DelegateWalletParameters) => Promise<User | null>;

/**
 * `delegateWallet` and `revokeWallets` over two flows (with the modal, or headless), calling the
 * callbacks `callbacks()` returns when each ends.
 */
export function delegationActions(
  callbacks: () => DelegatedActionsCallbacks,
  delegate: DelegateFlow,
  revoke: () => Promise<User | null>,
) {
  return {
    async delegateWallet(parameters: DelegateWalletParameters): Promise<void> {
      const user = await userOf(delegate(parameters), callbacks());
      callbacks().onDelegate?.({ user, address: parameters.address });
      callbacks().onSuccess?.({ user });
    },
    async revokeWallets(): Promise<void> {
      const user = await userOf(revoke(), callbacks());
      callbacks().onRevoke?.({ user });
      callbacks().onSuccess?.({ user });
    },
  };
}

/** `delegationActions` for a hook: stable functions that call the latest flows and callbacks. */
export function useDelegationActions(
  callbacks: DelegatedActionsCallbacks,
  delegate: DelegateFlow,
  revoke: () => Promise<User | null>,
) {
  const latest = useLatestRef(callbacks);
  const run = useLatestRef({ delegate, revoke });
  return useMemo(
    () =>
      delegationActions(
        () => latest.current,
        (parameters) => run.current.delegate(parameters),
        () => run.current.revoke(),
      ),
    [latest, run],
  );
}

export { clientUser };
