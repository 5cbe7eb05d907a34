import { useMemo } from 'react';
import { useLatchkeyState } from '../hooks/useLatchkeyState.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedSolanaWallet, ConnectedWallet } from '../types.ts';
import { connectedWallets } from './connectedWallets.ts';
import { useWalletManager } from './useWalletManager.ts';

type WalletOf<C extends 'ethereum' | 'solana'> = C extends 'ethereum'
  ? ConnectedWallet
  : ConnectedSolanaWallet;

/** The wallets of one chain connected in this browser; loads the wallet code on first use. */
export function useConnectedWallets<C extends 'ethereum' | 'solana'>(
  chain: C,
): { ready: boolean; wallets: WalletOf<C>[] } {
  const { client } = useLatchkeyContext();
  const { user } = useLatchkeyState();
  const { manager, state } = useWalletManager();
  const wallets = useMemo(
    () =>
      manager
        ? connectedWallets(client, manager, state.connections, user).filter(
            (w): w is WalletOf<C> => w.type === chain,
          )
        : [],
    [client, manager, state.connections, user, chain],
  );
  return { ready: state.ready, wallets };
}
