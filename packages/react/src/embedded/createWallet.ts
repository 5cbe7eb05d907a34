import { type LatchkeyClient, LatchkeyClientError } from '@latchkey/core';
import type { EmbeddedWalletAccount } from '@latchkey/core/embedded';
import type { EmbeddedWallet, LatchkeyConfig } from '../types.ts';
import { embeddedController } from './embeddedController.ts';
import { toEmbeddedWallet } from './embeddedWalletObjects.ts';
import { type OpenModal, runModalTask } from './modalTask.ts';
import { type EmbeddedChain, embeddedWalletSettings, hasEmbeddedWallet } from './settings.ts';

export interface CreateWalletOptions {
  /** Create another HD wallet (the next index) when the user already has one on this chain. */
  createAdditional?: boolean;
}

/**
 * Creates an embedded wallet on `chainType` for the logged-in user: index 0, or the next index
 * with `createAdditional`. A user's first wallet is secured with a password when the app requires
 * one (the modal's password flow); later wallets derive from the same seed, so it is first brought
 * onto this device (which may ask for that password).
 *
 * @example
 * const wallet = await createEmbeddedWallet(client, config, openModal, 'ethereum');
 */
export async function createEmbeddedWallet(
  client: LatchkeyClient,
  config: LatchkeyConfig,
  openModal: OpenModal,
  chainType: EmbeddedChain,
  options: CreateWalletOptions = {},
): Promise<EmbeddedWallet> {
  const { user, appConfig } = client.getState();
  if (!user)
    throw new LatchkeyClientError(
      'must_be_authenticated',
      'User must be authenticated before creating an embedded wallet',
    );
  const onChain = hasEmbeddedWallet(user, chainType);
  if (onChain && !options.createAdditional)
    throw new LatchkeyClientError('embedded_wallet_already_exists', 'User already has an embedded wallet.');
  const controller = embeddedController(client);
  let account: EmbeddedWalletAccount;
  if (hasEmbeddedWallet(user)) {
    const wallets = await controller.connected(openModal);
    account = onChain
      ? await wallets.createAdditional(chainType)
      : chainType === 'ethereum'
        ? await wallets.createEthereumWallet()
        : await wallets.createSolanaWallet();
  } else if (embeddedWalletSettings(config.embeddedWallets, appConfig).requireUserPasswordOnCreate) {
    account = await runModalTask<EmbeddedWalletAccount>(openModal, 'create-wallet', chainType);
  } else {
    const wallets = await controller.load();
    account =
      chainType === 'ethereum' ? await wallets.createEthereumWallet() : await wallets.createSolanaWallet();
  }
  return toEmbeddedWallet(account);
}
