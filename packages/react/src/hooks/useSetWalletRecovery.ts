import type { CallbackError } from '../callbacks.ts';
import { toWallet } from '../embedded/embeddedWalletObjects.ts';
import { setEmbeddedWalletPassword } from '../embedded/setWalletPassword.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { UserRecoveryMethod, Wallet } from '../userTypes.ts';
import { useEmbeddedAction } from './useEmbeddedAction.ts';

export interface UseSetWalletRecoveryParameters {
  /** The method set (`user-passcode`: a password is the one this release offers) and the wallet. */
  onSuccess?: (params: { method: UserRecoveryMethod; wallet: Wallet }) => void;
  /**
   * With the error code: 'user_exited_set_password_flow' when the user cancels,
   * 'disallowed_recovery_method' when the app does not allow the method, 'unsupported_recovery_method'
   * when the wallet's current method cannot be changed (spec document 1 §4).
   */
  onError?: CallbackError;
}

/** `setWalletRecovery`'s options: none yet (the incumbent's `SetWalletRecoveryOptions` is empty too). */
export type SetWalletRecoveryOptions = Record<string, never>;

/**
 * Changes how the user's embedded wallets are recovered on a new device. A password is the one
 * user-owned method this release offers, so it opens the password flow directly.
 *
 * @example
 * const { setWalletRecovery } = useSetWalletRecovery();
 * await setWalletRecovery();
 */
export function useSetWalletRecovery(parameters?: UseSetWalletRecoveryParameters): {
  setWalletRecovery: (options?: SetWalletRecoveryOptions) => Promise<Wallet>;
} {
  const { client, openModal } = useLatchkeyContext();
  const setWalletRecovery = useEmbeddedAction(
    async (_options?: SetWalletRecoveryOptions) =>
      toWallet(await setEmbeddedWalletPassword(client, openModal)),
    {
      onSuccess: (wallet: Wallet) => parameters?.onSuccess?.({ method: 'user-passcode', wallet }),
      onError: parameters?.onError,
    },
  );
  return { setWalletRecovery };
}
