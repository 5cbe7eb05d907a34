import { useCallback } from 'react';
import { type CreateWalletOptions, createEmbeddedWallet } from '../embedded/createWallet.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedSolanaWallet, EmbeddedWallet } from '../types.ts';
import { useConnectedWallets } from './useConnectedWallets.ts';

/**
 * The user's embedded Solana wallets first, then the Solana wallets connected in this browser
 * (linked or not); `createWallet` creates the embedded one. Loads the wallet code on first use.
 *
 * @example
 * const { wallets, createWallet } = useSolanaWallets();
 * const signature = await wallets[0]?.signMessage(new TextEncoder().encode('hello'));
 */
export function useSolanaWallets(): {
  ready: boolean;
  wallets: ConnectedSolanaWallet[];
  createWallet: (options?: CreateWalletOptions) => Promise<EmbeddedWallet>;
} {
  const { client, config, openModal } = useLatchkeyContext();
  const { ready, wallets } = useConnectedWallets('solana');
  const createWallet = useCallback(
    (options?: CreateWalletOptions) => createEmbeddedWallet(client, config, openModal, 'solana', options),
    [client, config, openModal],
  );
  return { ready, wallets, createWallet };
}
