import {
  type DelegateWalletParameters,
  openDelegateWallet,
  openRevokeWallets,
} from '../embedded/delegation.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type DelegatedActionsCallbacks, useDelegationActions } from './delegationCallbacks.ts';

export type { DelegatedActionsCallbacks, DelegateWalletParameters };

/**
 * Delegated actions with the modal (spec document 2 §4): `delegateWallet` asks the user 'Enable
 * offline access' (Accept / Not now) and, on Accept, lets the app's backend sign with that embedded
 * wallet while the user is away (the server's signer and policies of the app apply); `revokeWallets`
 * asks 'Revoke offline access to wallet' (Confirm / Deny) and revokes every delegated wallet. Each
 * resolves once done (the result closes after 2.5 s); declining rejects ('delegated_actions_declined').
 *
 * @example
 * const { delegateWallet, revokeWallets } = useDelegatedActions();
 * await delegateWallet({ address: wallet.address, chainType: 'ethereum' });
 */
export function useDelegatedActions(callbacks: DelegatedActionsCallbacks = {}): {
  delegateWallet: (parameters: DelegateWalletParameters) => Promise<void>;
  revokeWallets: () => Promise<void>;
} {
  const { client, openModal } = useLatchkeyContext();
  return useDelegationActions(
    callbacks,
    (parameters) => openDelegateWallet(client, openModal, parameters),
    () => openRevokeWallets(client, openModal),
  );
}
