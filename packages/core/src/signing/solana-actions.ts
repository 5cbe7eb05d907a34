import { loadSolanaSigning as load } from './load.ts';
import type { SolanaSigningOptions } from './parameters.ts';
import type { SigningContext } from './session.ts';

/** What an embedded Solana wallet object offers for signing (`useSolanaWallets`). */
export interface EmbeddedSolanaWalletActions {
  /** Signs bytes after the 'Sign message' screen; the 64-byte ed25519 signature. */
  signMessage(message: Uint8Array, options?: SolanaSigningOptions): Promise<Uint8Array>;
  /** Signs a serialized transaction after the confirm screen; the transaction with the signature in place. */
  signTransaction(transaction: Uint8Array, options?: SolanaSigningOptions): Promise<Uint8Array>;
  /** Confirms, signs and sends a serialized transaction; resolves once the cluster confirms it. */
  signAndSendTransaction(
    transaction: Uint8Array,
    options?: SolanaSigningOptions,
  ): Promise<{ signature: string }>;
}

/**
 * The signing methods of the embedded Solana wallet at `address`. Small on purpose: the Solana
 * code and the screens load on the first call.
 *
 * @example
 * const wallet = { ...otherFields, ...solanaWalletActions({ client, config, openModal }, address) };
 */
export function solanaWalletActions(ctx: SigningContext, address: string): EmbeddedSolanaWalletActions {
  return {
    signMessage: async (message, options) => (await load()).solanaSignMessage(ctx, address, message, options),
    signTransaction: async (transaction, options) =>
      (await load()).solanaSignTransaction(ctx, address, transaction, options),
    signAndSendTransaction: async (transaction, options) =>
      (await load()).solanaSignAndSendTransaction(ctx, address, transaction, options),
  };
}
