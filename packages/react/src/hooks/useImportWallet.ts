import type { CallbackError } from '../callbacks.ts';
import { toWallet } from '../embedded/embeddedWalletObjects.ts';
import { type ImportWalletOptions, importEmbeddedWallet } from '../embedded/importWallet.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { Wallet } from '../userTypes.ts';
import { useEmbeddedAction } from './useEmbeddedAction.ts';

export type { ImportWalletOptions };

/** Latchkey's callbacks (the incumbent's hook takes none; its promise says the same). */
export interface UseImportWalletParameters {
  onSuccess?: (params: { wallet: Wallet }) => void;
  /** With the error code, e.g. 'invalid_request_arguments' for a malformed key. */
  onError?: CallbackError;
}

/**
 * Imports an existing Ethereum or Solana private key as the logged-in user's embedded wallet. The
 * wallet appears in `useWallets()` / `useSolanaWallets()` with `imported: true` and signs like the
 * others.
 *
 * @example
 * const { importWallet } = useImportWallet();
 * const wallet = await importWallet({ privateKey: '0x…' });
 */
export function useImportWallet(parameters?: UseImportWalletParameters): {
  importWallet: (options: ImportWalletOptions) => Promise<Wallet>;
} {
  const { client } = useLatchkeyContext();
  const importWallet = useEmbeddedAction(
    async (options: ImportWalletOptions) => toWallet(await importEmbeddedWallet(client, options)),
    {
      onSuccess: (wallet: Wallet) => parameters?.onSuccess?.({ wallet }),
      onError: parameters?.onError,
    },
  );
  return { importWallet };
}
