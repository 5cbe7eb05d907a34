import type { CallbackError } from '../callbacks.ts';
import { type CreateWalletOptions, createEmbeddedWallet } from '../embedded/createWallet.ts';
import { toWallet } from '../embedded/embeddedWalletObjects.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { Wallet } from '../userTypes.ts';
import { type Click, optionsOf } from './clickOptions.ts';
import { useEmbeddedAction } from './useEmbeddedAction.ts';

export type { CreateWalletOptions };

export interface UseCreateWalletParameters {
  onSuccess?: (params: { wallet: Wallet }) => void;
  /** With the error code, e.g. 'embedded_wallet_already_exists'. */
  onError?: CallbackError;
}

/**
 * Creates the logged-in user's embedded Ethereum wallet, or with `createAdditional` another one at
 * the next HD index (`walletIndex`: at that index). When the app requires a password, the modal's
 * password flow runs first. A click event in the options' place counts as no options
 * (`onClick={createWallet}`).
 *
 * @example
 * const { createWallet } = useCreateWallet({ onSuccess: ({ wallet }) => console.log(wallet.address) });
 * await createWallet({ createAdditional: true });
 */
export function useCreateWallet(parameters?: UseCreateWalletParameters): {
  createWallet: (options?: CreateWalletOptions | Click) => Promise<Wallet>;
} {
  const { client, config, openModal } = useLatchkeyContext();
  const createWallet = useEmbeddedAction(
    async (options?: CreateWalletOptions | Click) =>
      toWallet(await createEmbeddedWallet(client, config, openModal, 'ethereum', optionsOf(options) ?? {})),
    {
      onSuccess: (wallet: Wallet) => parameters?.onSuccess?.({ wallet }),
      onError: parameters?.onError,
    },
  );
  return { createWallet };
}
