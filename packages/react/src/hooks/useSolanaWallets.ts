import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedSolanaWallet } from '../types.ts';
import { connectedWallets } from '../wallets/connectedWallets.ts';
import { useWalletManager } from '../wallets/useWalletManager.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';

/**
 * The Solana wallets connected in this browser, linked or not. Loads the wallet code on first use.
 *
 * @example
 * const { wallets } = useSolanaWallets();
 * const signature = await wallets[0]?.signMessage(new TextEncoder().encode('hello'));
 */
export function useSolanaWallets(): { ready: boolean; wallets: ConnectedSolanaWallet[] } {
  const { client } = useLatchkeyContext();
  const { user } = useLatchkeyState();
  const { manager, state } = useWalletManager();
  const wallets = useMemo(
    () =>
      manager
        ? (connectedWallets(client, manager, state.connections, user).filter(
            (w) => w.type === 'solana',
          ) as ConnectedSolanaWallet[])
        : [],
    [client, manager, state.connections, user],
  );
  return { ready: state.ready, wallets };
}
