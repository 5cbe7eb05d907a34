import { type DelegateWalletParameters, delegateHeadless, revokeHeadless } from '../embedded/delegation.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type DelegatedActionsCallbacks, useDelegationActions } from './delegationCallbacks.ts';

/**
 * `useDelegatedActions` without screens: the app asks for consent in its own UI, then calls these.
 * The wallet must be usable on this device without a prompt (a 'privy' wallet recovers by itself;
 * a password wallet not on this device rejects).
 *
 * @example
 * const { delegateWallet } = useHeadlessDelegatedActions();
 * await delegateWallet({ address: wallet.address, chainType: 'solana' });
 */
export function useHeadlessDelegatedActions(callbacks: DelegatedActionsCallbacks = {}): {
  delegateWallet: (parameters: DelegateWalletParameters) => Promise<void>;
  revokeWallets: () => Promise<void>;
} {
  const { client } = useLatchkeyContext();
  return useDelegationActions(
    callbacks,
    (parameters) => delegateHeadless(client, parameters),
    () => revokeHeadless(client),
  );
}
