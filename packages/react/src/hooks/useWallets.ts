import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedWallet } from '../types.ts';
import { connectedWallets } from '../wallets/connectedWallets.ts';
import { useWalletManager } from '../wallets/useWalletManager.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';

/**
 * The Ethereum wallets connected in this browser, linked or not. Loads the wallet code on first use.
 *
 * @example
 * const { ready, wallets } = useWallets();
 * await wallets[0]?.switchChain(8453);
 */
export function useWallets(): { ready: boolean; wallets: ConnectedWallet[] } {
  const { client } = useLatchkeyContext();
  const { user } = useLatchkeyState();
  const { manager, state } = useWalletManager();
  const wallets = useMemo(
    () =>
      manager
        ? (connectedWallets(client, manager, state.connections, user).filter(
            (w) => w.type === 'ethereum',
          ) as ConnectedWallet[])
        : [],
    [client, manager, state.connections, user],
  );
  return { ready: state.ready, wallets };
}
