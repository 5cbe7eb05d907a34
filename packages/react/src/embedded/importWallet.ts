import { embeddedController, type LatchkeyClient, LatchkeyClientError } from '@latchkey/core';
import type { ChainType } from '@latchkey/protocol';
import type { EmbeddedWallet } from '../types.ts';
import { addSigners, type SessionSignerInput } from './delegation.ts';
import { toEmbeddedWallet } from './embeddedWalletObjects.ts';

export interface ImportWalletOptions {
  /**
   * Ethereum: 64 hex digits, with or without `0x`. Solana: base58 of the 64-byte keypair (as Phantom
   * exports it) or of its 32-byte seed. It goes to the wallet frame only, never to the server.
   */
  privateKey: string;
  /** Default 'ethereum'. */
  chainType?: ChainType;
  /**
   * Secures the imported wallet with this password ('user-passcode' recovery) instead of the
   * server-held recovery key; required when the app requires a password for new wallets.
   */
  password?: string;
  /**
   * Session signers to add to the imported wallet once it exists (as `useSessionSigners`'
   * `addSessionSigners` would, delegating it first).
   */
  additionalSigners?: SessionSignerInput[];
}

/**
 * Imports a private key as the logged-in user's embedded wallet (`imported: true`): the key is split
 * in the wallet frame like a created wallet's seed, and the wallet then lists and signs like the
 * others. Its key cannot be exported again (only HD wallets export).
 *
 * @example
 * const wallet = await importEmbeddedWallet(client, { privateKey: '0x…' });
 */
export async function importEmbeddedWallet(
  client: LatchkeyClient,
  options: ImportWalletOptions,
): Promise<EmbeddedWallet> {
  if (!client.getState().user)
    throw new LatchkeyClientError(
      'must_be_authenticated',
      'User must be authenticated before importing a wallet',
    );
  // The embedded-wallet code loads here, on first use, never with the page.
  const wallets = await embeddedController(client).load();
  const wallet = toEmbeddedWallet(
    await wallets.importWallet({
      privateKey: options?.privateKey,
      chainType: options?.chainType,
      password: options?.password,
    }),
  );
  const signers = options?.additionalSigners;
  if (signers?.length) await addSigners(client, { address: wallet.address, signers });
  return wallet;
}
