import type { ConnectedSolanaWallet } from '../types.ts';
import { useConnectedWallets } from '../wallets/useConnectedWallets.ts';

/**
 * The Solana wallets connected in this browser, linked or not. Loads the wallet code on first use.
 *
 * @example
 * const { wallets } = useSolanaWallets();
 * const signature = await wallets[0]?.signMessage(new TextEncoder().encode('hello'));
 */
export function useSolanaWallets(): { ready: boolean; wallets: ConnectedSolanaWallet[] } {
  return useConnectedWallets('solana');
}
