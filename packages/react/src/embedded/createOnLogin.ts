import { embeddedWalletSettings, type LatchkeyClient, type OpenModal, walletsToCreate } from '@latchkey/core';
import type { LatchkeyConfig } from '../types.ts';
import { createEmbeddedWallet, promptFundingFor } from './createWallet.ts';

/**
 * After a login the modal did not run (the headless hooks: `useLoginWithEmail`, `useLoginWithSiwe`,
 * …; the app's own JWT), creates the embedded wallets the app's `createOnLogin` asks for, Ethereum
 * first, as the modal does after its logins (spec document 1 §4 Post-login wallet creation). A modal
 * login has created them already: the user has them, and nothing is left to create. A failure keeps
 * the session and is told in the console; `useCreateWallet` can try again.
 *
 * @example
 * events.on('loginComplete', () => void createWalletsOnLogin(client, config, openModal));
 */
export async function createWalletsOnLogin(
  client: LatchkeyClient,
  config: LatchkeyConfig,
  openModal: OpenModal,
): Promise<void> {
  const { user, appConfig } = client.getState();
  if (!user) return;
  const chains = walletsToCreate(user, embeddedWalletSettings(config.embeddedWallets, appConfig));
  try {
    const created = [];
    for (const chain of chains)
      created.push(
        await createEmbeddedWallet(client, config, openModal, chain, {}, { promptFunding: false }),
      );
    // One prompt, for the first wallet made, as the modal's login prompts once.
    if (created[0]) promptFundingFor(client, config, openModal, created[0]);
  } catch (error) {
    console.error('Latchkey could not create the embedded wallet after login:', error);
  }
}
