import { type ImportWalletOptions, importEmbeddedWallet } from '../embedded/importWallet.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { EmbeddedWallet } from '../types.ts';
import { useEmbeddedAction } from './useEmbeddedAction.ts';

export type { ImportWalletOptions };

export interface UseImportWalletParameters {
  onSuccess?: (event: { wallet: EmbeddedWallet }) => void;
  /** With the error code, e.g. 'invalid_request_arguments' for a malformed key. */
  onError?: (code: string) => void;
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
export function useImportWallet(parameters: UseImportWalletParameters = {}): {
  importWallet: (options: ImportWalletOptions) => Promise<EmbeddedWallet>;
} {
  const { client } = useLatchkeyContext();
  const importWallet = useEmbeddedAction(
    (options: ImportWalletOptions) => importEmbeddedWallet(client, options),
    {
      onSuccess: (wallet: EmbeddedWallet) => parameters.onSuccess?.({ wallet }),
      onError: parameters.onError,
    },
  );
  return { importWallet };
}
