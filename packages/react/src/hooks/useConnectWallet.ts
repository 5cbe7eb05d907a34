import { useCallback, useEffect } from 'react';
import type { CallbackError, PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedSolanaWallet, ConnectedWallet } from '../types.ts';
import { connectedWalletOf } from '../wallets/connectedWallets.ts';
import { type Click, optionsOf } from './clickOptions.ts';
import { useLatestRef } from './useLatestCallback.ts';
import type { PrivyConnectWalletOptions } from './usePrivy.ts';

export interface UseConnectWalletParameters {
  onSuccess?: (params: { wallet: ConnectedWallet | ConnectedSolanaWallet }) => void;
  /** With the error code, or 'exited_auth_flow' when the user closes the modal. */
  onError?: CallbackError;
}

/**
 * The picker's options: `walletChainType` picks the chains it offers (default from the app config);
 * the incumbent's others (`description`, `suggestedAddress`, `walletList`) are accepted and not used.
 */
export type ConnectWalletOptions = PrivyConnectWalletOptions;

/**
 * Opens the wallet picker to connect a wallet without logging in. A click event in the options'
 * place counts as none (`onClick={connectWallet}`).
 *
 * @example
 * const { connectWallet } = useConnectWallet({ onSuccess: ({ wallet }) => console.log(wallet.address) });
 */
export function useConnectWallet(parameters?: UseConnectWalletParameters): {
  connectWallet: (options?: ConnectWalletOptions | Click) => void;
} {
  const env = useLatchkeyContext();
  const { events, openModal } = env;
  const callbacks = useLatestRef(parameters);
  useEffect(() => {
    const offSuccess = events.on('connectWalletSuccess', (event) =>
      callbacks.current?.onSuccess?.({ wallet: connectedWalletOf(env, event) }),
    );
    const offError = events.on('connectWalletError', (code) =>
      callbacks.current?.onError?.(code as PrivyErrorCode),
    );
    return () => {
      offSuccess();
      offError();
    };
  }, [env, events, callbacks]);
  return {
    connectWallet: useCallback(
      (options?: ConnectWalletOptions | Click) => {
        const walletChainType = optionsOf(options)?.walletChainType;
        openModal('connect-wallet', walletChainType ? { walletChainType } : undefined);
      },
      [openModal],
    ),
  };
}
