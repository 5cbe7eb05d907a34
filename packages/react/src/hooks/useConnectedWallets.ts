import type { ChainType } from '@latchkey/protocol';
import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedSolanaWallet, ConnectedWallet } from '../types.ts';
import { connectedWallets } from '../wallets/connectedWallets.ts';
import { useWalletManager } from '../wallets/useWalletManager.ts';
import { useEmbeddedWallets } from './useEmbeddedWallets.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';

type WalletOf<C extends ChainType> = C extends 'ethereum' ? ConnectedWallet : ConnectedSolanaWallet;

/**
 * The wallets of one chain: the user's embedded wallets first (as the incumbent lists them), then
 * those connected in this browser. Loads the external wallet code on first use.
 */
export function useConnectedWallets<C extends ChainType>(
  chain: C,
): { ready: boolean; wallets: WalletOf<C>[] } {
  const env = useLatchkeyContext();
  const { user } = useLatchkeyState();
  const { manager, state } = useWalletManager();
  const embedded = useEmbeddedWallets(chain);
  const wallets = useMemo(() => {
    const external = manager
      ? connectedWallets(env, manager, state.connections, user).filter(
          (w): w is WalletOf<C> => w.type === chain,
        )
      : [];
    return [...embedded, ...external];
  }, [env, manager, state.connections, user, chain, embedded]);
  return { ready: state.ready, wallets };
}
