import {
  type EmbeddedChain,
  embeddedController,
  embeddedWalletSettings,
  hasEmbeddedWallet,
  type LatchkeyClient,
  LatchkeyClientError,
  type OpenModal,
  runModalTask,
} from '@latchkey/core';
import type { EmbeddedWalletAccount } from '@latchkey/core/embedded';
import type { EmbeddedWallet, LatchkeyConfig } from '../types.ts';
import { addSigners, type SessionSignerInput } from './delegation.ts';
import { toEmbeddedWallet } from './embeddedWalletObjects.ts';

export interface CreateWalletOptions {
  /** Create another HD wallet (the next index) when the user already has one on this chain. */
  createAdditional?: boolean;
  /**
   * The HD index to create: 0 is the chain's first wallet, a higher one adds an HD wallet next to
   * the user's existing one. Not negative; not available in the 'user-controlled-server-wallets-only'
   * mode (spec document 1 §5).
   */
  walletIndex?: number;
  /**
   * Session signers to add to the new wallet once it exists (as `useSessionSigners`'
   * `addSessionSigners` would, delegating it first).
   */
  signers?: SessionSignerInput[];
}

/**
 * Creates an embedded wallet on `chainType` for the logged-in user: index 0, or the next index
 * with `createAdditional`. A user's first wallet is secured with a password when the app requires
 * one (the modal's password flow); later wallets derive from the same seed, so it is first brought
 * onto this device (which may ask for that password). With `signers`, they are added to the new
 * wallet before it resolves. Then, when the app asks for it, the Fund wallet chooser opens for the
 * new wallet (`promptFunding: false` leaves that to the caller).
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
  { promptFunding = true }: { promptFunding?: boolean } = {},
): Promise<EmbeddedWallet> {
  const wallet = await createWallet(client, config, openModal, chainType, options);
  if (options.signers?.length)
    await addSigners(client, { address: wallet.address, signers: options.signers });
  if (promptFunding) promptFundingFor(client, config, openModal, wallet);
  return wallet;
}

/**
 * The funding prompt after a wallet created outside the modal (`useCreateWallet`, a headless login's
 * `createOnLogin`), as the modal's own creation screen goes on to it: the Fund wallet chooser for
 * that wallet, when the app's `funding_config.prompt_funding_on_wallet_creation` asks for it. A
 * request that fails its checks (a chain the host does not list) opens nothing, as in the modal.
 */
export function promptFundingFor(
  client: LatchkeyClient,
  config: LatchkeyConfig,
  openModal: OpenModal,
  wallet: Pick<EmbeddedWallet, 'address' | 'chainType'>,
): void {
  if (!client.getState().appConfig?.funding_config?.prompt_funding_on_wallet_creation) return;
  const { address, chainType } = wallet;
  import('./fundWallet.ts')
    .then(({ fundingPromptTask, openFundWallet }) =>
      openFundWallet(client, config, openModal, () =>
        fundingPromptTask(client, config, { address, chainType }),
      ),
    )
    .catch(() => undefined);
}

async function createWallet(
  client: LatchkeyClient,
  config: LatchkeyConfig,
  openModal: OpenModal,
  chainType: EmbeddedChain,
  options: CreateWalletOptions,
): Promise<EmbeddedWallet> {
  const { user, appConfig } = client.getState();
  if (!user)
    throw new LatchkeyClientError(
      'must_be_authenticated',
      'User must be authenticated before creating an embedded wallet',
    );
  const { walletIndex } = options;
  if (walletIndex !== undefined) {
    if (appConfig?.embedded_wallet_config?.mode === 'user-controlled-server-wallets-only')
      throw new LatchkeyClientError('invalid_input', 'walletIndex is not supported in this wallet mode');
    if (!(Number.isSafeInteger(walletIndex) && walletIndex >= 0 && walletIndex < 2 ** 31))
      throw new LatchkeyClientError('invalid_input', 'Invalid walletIndex: must be a non-negative integer');
    if (walletIndex === 0 && hasEmbeddedWallet(user, chainType))
      throw new LatchkeyClientError('embedded_wallet_already_exists', 'User already has an embedded wallet.');
    if (walletIndex > 0) {
      if (!hasEmbeddedWallet(user))
        throw new LatchkeyClientError(
          'embedded_wallet_not_found',
          'An additional wallet needs an existing embedded wallet',
        );
      const wallets = await embeddedController(client).connected(openModal);
      return toEmbeddedWallet(await wallets.createAdditional(chainType, walletIndex));
    }
  }
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
    account = await runModalTask<EmbeddedWalletAccount>(openModal, 'create-wallet', { chainType });
  } else {
    const wallets = await controller.load();
    account =
      chainType === 'ethereum' ? await wallets.createEthereumWallet() : await wallets.createSolanaWallet();
  }
  return toEmbeddedWallet(account);
}
