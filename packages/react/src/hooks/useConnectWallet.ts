import { useCallback, useEffect } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedSolanaWallet, ConnectedWallet, WalletChainTypeOption } from '../types.ts';
import { connectedWalletOf } from '../wallets/connectedWallets.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface UseConnectWalletParameters {
  onSuccess?: (event: { wallet: ConnectedWallet | ConnectedSolanaWallet }) => void;
  /** With the error code, or 'exited_auth_flow' when the user closes the modal. */
  onError?: (code: string) => void;
}

export interface ConnectWalletOptions {
  /** Which chains the picker offers; default from the app config. */
  walletChainType?: WalletChainTypeOption;
}

/**
 * Opens the wallet picker to connect a wallet without logging in.
 *
 * @example
 * const { connectWallet } = useConnectWallet({ onSuccess: ({ wallet }) => console.log(wallet.address) });
 */
export function useConnectWallet(parameters: UseConnectWalletParameters = {}): {
  connectWallet: (options?: ConnectWalletOptions) => void;
} {
  const env = useLatchkeyContext();
  const { events, openModal } = env;
  const callbacks = useLatestRef(parameters);
  useEffect(() => {
    const offSuccess = events.on('connectWalletSuccess', (event) =>
      callbacks.current.onSuccess?.({ wallet: connectedWalletOf(env, event) }),
    );
    const offError = events.on('connectWalletError', (code) => callbacks.current.onError?.(code));
    return () => {
      offSuccess();
      offError();
    };
  }, [env, events, callbacks]);
  return {
    connectWallet: useCallback(
      (options?: ConnectWalletOptions) => openModal('connect-wallet', options),
      [openModal],
    ),
  };
}
