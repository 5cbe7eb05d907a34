import { type CreateWalletOptions, createEmbeddedWallet } from '../embedded/createWallet.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { EmbeddedWallet } from '../types.ts';
import { useEmbeddedAction } from './useEmbeddedAction.ts';

export type { CreateWalletOptions };

export interface UseCreateWalletParameters {
  onSuccess?: (event: { wallet: EmbeddedWallet }) => void;
  /** With the error code, e.g. 'embedded_wallet_already_exists'. */
  onError?: (code: string) => void;
}

/**
 * Creates the logged-in user's embedded Ethereum wallet, or with `createAdditional` another one at
 * the next HD index. When the app requires a password, the modal's password flow runs first.
 *
 * @example
 * const { createWallet } = useCreateWallet({ onSuccess: ({ wallet }) => console.log(wallet.address) });
 * await createWallet({ createAdditional: true });
 */
export function useCreateWallet(parameters: UseCreateWalletParameters = {}): {
  createWallet: (options?: CreateWalletOptions) => Promise<EmbeddedWallet>;
} {
  const { client, config, openModal } = useLatchkeyContext();
  const createWallet = useEmbeddedAction(
    (options: CreateWalletOptions = {}) =>
      createEmbeddedWallet(client, config, openModal, 'ethereum', options),
    {
      onSuccess: (wallet: EmbeddedWallet) => parameters.onSuccess?.({ wallet }),
      onError: parameters.onError,
    },
  );
  return { createWallet };
}
