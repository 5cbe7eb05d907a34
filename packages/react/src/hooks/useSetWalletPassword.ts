import { setEmbeddedWalletPassword } from '../embedded/setWalletPassword.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { EmbeddedWallet } from '../types.ts';
import { useEmbeddedAction } from './useEmbeddedAction.ts';

export interface UseSetWalletPasswordParameters {
  onSuccess?: (event: { wallet: EmbeddedWallet }) => void;
  /**
   * With the error code: 'user_exited_set_password_flow' when the user cancels,
   * 'disallowed_recovery_method' when the app does not allow passwords, 'unsupported_recovery_method'
   * when the wallet's current method cannot be changed (spec document 1 §4).
   */
  onError?: (code: string) => void;
}

/**
 * Opens the password flow ('Set your password', 'Save your password', 'Confirm your password',
 * 'Confirm you have saved'); the user's embedded wallets are then recovered with that password on
 * a new device (recovery method 'user-passcode').
 *
 * @example
 * const { setWalletPassword } = useSetWalletPassword({ onSuccess: () => toast('Password set') });
 */
export function useSetWalletPassword(parameters: UseSetWalletPasswordParameters = {}): {
  setWalletPassword: () => Promise<EmbeddedWallet>;
} {
  const { client, openModal } = useLatchkeyContext();
  const setWalletPassword = useEmbeddedAction(() => setEmbeddedWalletPassword(client, openModal), {
    onSuccess: (wallet: EmbeddedWallet) => parameters.onSuccess?.({ wallet }),
    onError: parameters.onError,
  });
  return { setWalletPassword };
}
