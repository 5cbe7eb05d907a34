import { setEmbeddedWalletPassword } from '../embedded/setWalletPassword.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { EmbeddedWallet } from '../types.ts';
import { useEmbeddedAction } from './useEmbeddedAction.ts';

export interface UseSetWalletRecoveryParameters {
  onSuccess?: (event: { wallet: EmbeddedWallet }) => void;
  /**
   * With the error code: 'user_exited_set_password_flow' when the user cancels,
   * 'disallowed_recovery_method' when the app does not allow the method, 'unsupported_recovery_method'
   * when the wallet's current method cannot be changed (spec document 1 §4).
   */
  onError?: (code: string) => void;
}

/**
 * Changes how the user's embedded wallets are recovered on a new device. A password is the one
 * user-owned method this release offers, so it opens the password flow directly.
 *
 * @example
 * const { setWalletRecovery } = useSetWalletRecovery();
 * await setWalletRecovery();
 */
export function useSetWalletRecovery(parameters: UseSetWalletRecoveryParameters = {}): {
  setWalletRecovery: () => Promise<EmbeddedWallet>;
} {
  const { client, openModal } = useLatchkeyContext();
  const setWalletRecovery = useEmbeddedAction(() => setEmbeddedWalletPassword(client, openModal), {
    onSuccess: (wallet: EmbeddedWallet) => parameters.onSuccess?.({ wallet }),
    onError: parameters.onError,
  });
  return { setWalletRecovery };
}
