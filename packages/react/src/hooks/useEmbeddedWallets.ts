import { embeddedController, hasEmbeddedWallet } from '@latchkey/core';
import type { EmbeddedWallets } from '@latchkey/core/embedded';
import type { ChainType } from '@latchkey/protocol';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { embeddedEthereumWallet, embeddedSolanaWallet } from '../embedded/embeddedWalletObjects.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedSolanaWallet, ConnectedWallet } from '../types.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';

type WalletOf<C extends ChainType> = C extends 'ethereum' ? ConnectedWallet : ConnectedSolanaWallet;

const noChainIds: ReadonlyMap<string, number> = new Map();

/**
 * The user's embedded wallets on one chain. The embedded-wallet code loads only for a user who has
 * one (it stays out of the first load), and the wallet frame is then mounted ahead of the first
 * signature.
 */
export function useEmbeddedWallets<C extends ChainType>(chain: C): WalletOf<C>[] {
  const { client, config, openModal } = useLatchkeyContext();
  const { user } = useLatchkeyState();
  const controller = useMemo(() => embeddedController(client), [client]);
  const chainIds = useSyncExternalStore(controller.subscribe, controller.chainIds, () => noChainIds);
  const hasAny = hasEmbeddedWallet(user);
  const [loaded, setLoaded] = useState<EmbeddedWallets | null>(null);

  useEffect(() => {
    if (!hasAny) return;
    let current = true;
    controller
      .load()
      .then((wallets) => {
        if (current) setLoaded(wallets);
        return wallets.ready();
      })
      .catch(() => undefined); // the first use reports any failure
    return () => {
      current = false;
    };
  }, [controller, hasAny]);

  // The chain a provider starts on, until it switches: the core provider's own default.
  const startChainId = config.defaultChain?.id ?? config.supportedChains?.[0]?.id ?? 1;
  return useMemo(() => {
    // `user` is a dependency: the list reads the same session user, and changes with it.
    if (!loaded || !user || !hasAny) return [];
    return loaded
      .list()
      .filter((account) => account.chainType === chain)
      .map(
        (account) =>
          (chain === 'ethereum'
            ? embeddedEthereumWallet(
                client,
                openModal,
                account,
                chainIds.get(account.address.toLowerCase()) ?? startChainId,
                config,
              )
            : embeddedSolanaWallet(client, openModal, account, config)) as WalletOf<C>,
      );
  }, [loaded, user, hasAny, chain, client, config, openModal, chainIds, startChainId]);
}
