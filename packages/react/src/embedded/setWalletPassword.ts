import {
  embeddedController,
  hasEmbeddedWallet,
  type LatchkeyClient,
  LatchkeyClientError,
  type OpenModal,
  runModalTask,
} from '@latchkey/core';
import type { EmbeddedWallet } from '../types.ts';
import { toEmbeddedWallet } from './embeddedWalletObjects.ts';

/**
 * Secures the user's embedded wallets with a password (recovery method 'user-passcode') through
 * the modal's four-step password flow; also changes an existing password, after 'Enter your
 * password' has checked the current one. The wallet is brought
 * onto this device first, since its shares are split afresh. Resolves with the user's first wallet.
 * Rejects before any screen opens when the app does not allow passwords (`disallowed_recovery_method`)
 * or the wallet's method cannot be changed (`unsupported_recovery_method`, spec document 1 §4).
 *
 * @example
 * const wallet = await setEmbeddedWalletPassword(client, openModal);
 */
export async function setEmbeddedWalletPassword(
  client: LatchkeyClient,
  openModal: OpenModal,
): Promise<EmbeddedWallet> {
  const user = client.getState().user;
  if (!user)
    throw new LatchkeyClientError(
      'must_be_authenticated',
      'User must be authenticated before setting a wallet password',
    );
  if (!hasEmbeddedWallet(user))
    throw new LatchkeyClientError(
      'embedded_wallet_not_found',
      'User must have an embedded wallet to set a password',
    );
  const controller = embeddedController(client);
  const loaded = await controller.load();
  // A change the rules or the app refuse fails here, before the user types a password for it.
  loaded.assertCanSetRecovery('user-passcode');
  const wallets = await controller.connected(openModal);
  // A new password for a password wallet: the flow asks for the current one first.
  const askCurrentPassword = loaded.entropy()?.recoveryMethod === 'user-passcode';
  await runModalTask(openModal, 'set-wallet-password', { askCurrentPassword });
  const [first] = wallets.list();
  if (!first) throw new LatchkeyClientError('embedded_wallet_not_found', 'No embedded wallet');
  return toEmbeddedWallet(first);
}
