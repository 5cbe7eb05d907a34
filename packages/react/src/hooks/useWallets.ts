import type { ConnectedWallet } from '../types.ts';
import { useConnectedWallets } from './useConnectedWallets.ts';

/**
 * The user's embedded Ethereum wallets first, then the Ethereum wallets connected in this browser
 * (linked or not). Loads the wallet code on first use.
 *
 * @example
 * const { ready, wallets } = useWallets();
 * const provider = await wallets[0]?.getEthereumProvider();
 * await wallets[0]?.switchChain(8453);
 */
export function useWallets(): { ready: boolean; wallets: ConnectedWallet[] } {
  return useConnectedWallets('ethereum');
}
